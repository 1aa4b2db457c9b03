// What FormField gives its control (the id its label points to, the invalid mark, the message it
// names), also to a control FormField cannot reach with props: a Select's trigger drawn inside a
// react-hook-form Controller or a Select root (issue 49 item 11: every invalid field is marked,
// names its message, and can be found by the focus after a refused submit).
import { createContext, useContext } from 'react';

export type FormControlProps = { id?: string; 'aria-invalid'?: boolean; 'aria-describedby'?: string };

export const FormControlContext = createContext<FormControlProps>({});

/** The props of the FormField around, under `own`: what the control is given itself wins. */
export function useFormControlProps<T extends object>(own: T): FormControlProps & T {
  const field = useContext(FormControlContext);
  return { ...field, ...Object.fromEntries(Object.entries(own).filter(([, value]) => value !== undefined)) } as FormControlProps & T;
}
