import { useId, type ReactElement, type ReactNode } from 'react';
import { cloneElement } from 'react';
import { cn } from '@/web/lib/class-names';
import { translateMessage, useLocale } from '@/web/lib/i18n';
import { FormControlContext } from './form-control-context';
import { Label } from './label';

type FormFieldProps = {
  label: string;
  /**
   * The validation message; it is announced and linked to the control. A text's id (a domain
   * schema's message, decision 045) shows in the language on screen.
   */
  error?: string;
  hint?: ReactNode;
  className?: string;
  /** One control (Input, textarea...); it receives id, aria-invalid and aria-describedby. */
  children: ReactElement<{ id?: string; 'aria-invalid'?: boolean; 'aria-describedby'?: string }>;
};

export function FormField({ label, error, hint, className, children }: FormFieldProps) {
  const id = useId();
  // Renders again in a new language: the message may be a text's id.
  useLocale();
  const messageId = `${id}-message`;
  const hintId = `${id}-hint`;
  // The hint gives way to the message: the control names only what is shown.
  const describedBy = error ? messageId : hint ? hintId : undefined;
  const control = { id, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy };
  return (
    <div className={cn('grid gap-1.5', className)}>
      <Label htmlFor={id} className={error ? 'text-destructive' : undefined}>
        {label}
      </Label>
      {/* The context reaches a control the props cannot: a Select's trigger inside a Controller. */}
      <FormControlContext value={control}>{cloneElement(children, control)}</FormControlContext>
      {hint && !error ? (
        <p id={hintId} className="text-xs text-muted-foreground">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={messageId} role="alert" className="text-xs font-medium text-destructive">
          {translateMessage(error)}
        </p>
      ) : null}
    </div>
  );
}
