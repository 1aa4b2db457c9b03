// The one way a form is built (issue 47 item 3): react-hook-form driven by the domain's zod schema
// of the operation (one operation, one schema). The schema checks on submit; the first invalid
// field on screen takes the focus; each message shows under its input (FormField: label,
// aria-invalid, aria-describedby); a refusal of the server shows under the field its code
// belongs to, focused.
import { zodResolver } from '@hookform/resolvers/zod';
import { cloneElement, useLayoutEffect, useMemo, useRef, useState, type BaseSyntheticEvent, type ReactElement, type ReactNode } from 'react';
import {
  Controller,
  get,
  useForm,
  useFormState,
  type ControllerRenderProps,
  type DefaultValues,
  type FieldErrors,
  type FieldPath,
  type FieldValues,
  type Resolver,
  type UseFormReturn,
} from 'react-hook-form';
// Types only: a page whose schema loads later (`() => import(...)`) downloads no zod for the kit.
import type { ZodType } from 'zod';
import { ApiError, errorMessage } from '@/web/lib/api-client';
import { focusFirstInvalid } from '@/web/lib/focus-first-invalid';
import { FormField } from './form-field';

type Schema<Input extends FieldValues, Output> = ZodType<Output, Input>;

/**
 * The schema, or how to get it when the form is checked: loaded then by pages that must not
 * download zod at first (decision 013: a share link's task panel), or made then from what the
 * form has chosen meanwhile (a project's template).
 */
export type SchemaSource<Input extends FieldValues, Output> = Schema<Input, Output> | (() => Promise<Schema<Input, Output>>);

/** Which field a refusal of the server belongs under, by its ApiError `code`. */
export type ServerFields<Input extends FieldValues> = Readonly<Record<string, FieldPath<Input>>>;

/** A form of the kit: react-hook-form's, with the schema's input as its values and its output on submit. */
export type SchemaForm<Input extends FieldValues, Output = Input> = UseFormReturn<Input, unknown, Output>;

/**
 * The values as they are now. react-hook-form hands the resolver its live object, which it changes
 * in place (arrays and objects included) as fields change: its plain objects and arrays copied,
 * anything else (a File, a Date) kept, as react-hook-form replaces those rather than changing them.
 */
function snapshot<T>(value: T): T {
  if (Array.isArray(value)) return value.map(snapshot) as T;
  if (value !== null && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype) {
    return Object.fromEntries(Object.entries(value).map(([key, part]) => [key, snapshot(part)])) as T;
  }
  return value;
}

function resolverOf<Input extends FieldValues, Output>(schema: SchemaSource<Input, Output>): Resolver<Input, unknown, Output> {
  if (typeof schema !== 'function') return zodResolver(schema);
  // What was submitted is checked and sent, not what was typed or chosen while the schema loaded
  // (a timesheet's Add row, then another project chosen at once).
  return async (values, context, options) => {
    const submitted = snapshot(values);
    return zodResolver(await schema())(submitted, context, options);
  };
}

/** The form element a submit event came from. */
function formOf(event: BaseSyntheticEvent | undefined): HTMLFormElement | null {
  const target: unknown = event?.target;
  return target instanceof HTMLFormElement ? target : target instanceof Element ? target.closest('form') : null;
}

/**
 * Focuses the first field in the submitted form's document order that has an error. Elements are
 * matched by their `name` (register gives it; SchemaField gives it to a rendered control), so the
 * order is the screen's, not react-hook-form's order of registration (a group registered by the
 * form's own render comes before the SchemaFields above it). False when no named control has an
 * error (a questionnaire's answers, a tag list): then the marks decide, once drawn.
 */
function focusFirstNamedInvalid<Input extends FieldValues>(formElement: HTMLFormElement | null, errors: FieldErrors<Input>): boolean {
  for (const control of formElement ? Array.from(formElement.elements) : []) {
    const name = control.getAttribute('name');
    // A control hidden from people (a Radix Select's native stand-in) gives way to its field's ref.
    if (name && get(errors, name) && control instanceof HTMLElement && !control.matches(':disabled') && !control.closest('[aria-hidden="true"]')) {
      control.focus();
      return true;
    }
  }
  return false;
}

/**
 * What takes the focus once the form has drawn its messages: the field `field`, or else the
 * first marked invalid on screen, or else react-hook-form's ref of the field `fallback`.
 */
type FocusRequest = { field?: string; select?: boolean; fallback?: string };

/**
 * Each kit form's way to ask for the focus after its next render, found by its control (one for
 * the form's life), so showServerError and showFieldError need only the form.
 */
const focusRequests = new WeakMap<object, (request: FocusRequest) => void>();

/**
 * A form checked by `schema` from `defaultValues`. Submit with `form.handleSubmit(onValid)`: it
 * receives the schema's output, and a refused check focuses the first invalid field on screen.
 */
export function useSchemaForm<Input extends FieldValues, Output = Input>({
  schema,
  defaultValues,
  wrapResolver,
}: {
  schema: SchemaSource<Input, Output>;
  defaultValues: DefaultValues<Input>;
  /** A check the schema cannot make (a due date against the browser's today), around the schema's own. */
  wrapResolver?: (resolver: Resolver<Input, unknown, Output>) => Resolver<Input, unknown, Output>;
}): SchemaForm<Input, Output> {
  const resolver = resolverOf(schema);
  const form = useForm<Input, unknown, Output>({ resolver: wrapResolver ? wrapResolver(resolver) : resolver, defaultValues, shouldFocusError: false });
  // The form element of the last submit: where the focus is looked for after a refusal.
  const formElement = useRef<HTMLFormElement | null>(null);
  const [focusRequest, setFocusRequest] = useState<FocusRequest | null>(null);
  useLayoutEffect(() => {
    focusRequests.set(form.control, setFocusRequest);
  }, [form.control]);
  // Issue 49 item 11: after the render that shows the messages, not at once: the marks
  // (aria-invalid) are drawn then, and controls disabled while the request was under way (the SSO
  // card's) are enabled again; focus() on a disabled control does nothing.
  useLayoutEffect(() => {
    if (!focusRequest) return;
    const { field, select, fallback } = focusRequest;
    if (field) {
      form.setFocus(field as FieldPath<Input>, { shouldSelect: select });
      if (document.activeElement?.closest('[aria-invalid="true"]')) return;
    }
    if (focusFirstInvalid(formElement.current)) return;
    if (fallback) form.setFocus(fallback as FieldPath<Input>);
  }, [focusRequest, form]);
  return useMemo(
    () => ({
      ...form,
      // react-hook-form sets its object's formState at each render: read there, never a copy.
      get formState() {
        return form.formState;
      },
      handleSubmit: (onValid, onInvalid) => {
        let unnamed: FocusRequest | null = null;
        const submit = form.handleSubmit(onValid, async (errors, event) => {
          if (!focusFirstNamedInvalid(formElement.current, errors)) unnamed = { fallback: Object.keys(errors).find((name) => name !== 'root') };
          await onInvalid?.(errors, event);
        });
        return async (event) => {
          formElement.current = formOf(event) ?? formElement.current;
          unnamed = null;
          await submit(event);
          // handleSubmit has published the errors by now: the render that draws them comes
          // before, or with, the one that moves the focus.
          if (unnamed) setFocusRequest(unnamed);
        };
      },
    }),
    [form],
  );
}

/**
 * Shows `message` under the field `name`, which takes the focus once it is drawn (its text
 * selected with `select`): a rule checked outside the schema, or a refusal of the server.
 */
export function showFieldError<Input extends FieldValues, Output>(
  form: SchemaForm<Input, Output>,
  name: FieldPath<Input>,
  message: string,
  options: { type?: string; select?: boolean } = {},
): void {
  form.setError(name, { type: options.type ?? 'server', message });
  const request = focusRequests.get(form.control);
  if (request) request({ field: name, select: options.select });
  else form.setFocus(name, { shouldSelect: options.select });
}

/**
 * Shows a refusal of the server under the field its code belongs to (`fields`), and moves the
 * focus there. Returns false when the error belongs to no field: the caller says it otherwise
 * (a toast, or the form's own message with showFormError).
 */
export function showServerError<Input extends FieldValues, Output>(
  form: SchemaForm<Input, Output>,
  error: unknown,
  fields: ServerFields<Input>,
  options: { select?: boolean } = {},
): boolean {
  const field = error instanceof ApiError ? fields[error.code] : undefined;
  if (!field) return false;
  showFieldError(form, field, (error as ApiError).message, options);
  return true;
}

/** Shows an error as the form's own message (FormError), until the next submit. */
export function showFormError<Input extends FieldValues, Output>(form: SchemaForm<Input, Output>, error: unknown): void {
  form.setError('root.server', { type: 'server', message: errorMessage(error) });
}

/** The message of the field at `name`, or of the first part of it that has one (a list's item). */
function messageOf(error: unknown): string | undefined {
  if (!error || typeof error !== 'object') return undefined;
  const { message } = error as { message?: unknown };
  if (typeof message === 'string' && message) return message;
  for (const [key, part] of Object.entries(error)) {
    if (key === 'ref' || key === 'message' || key === 'type' || key === 'types') continue;
    const found = messageOf(part);
    if (found) return found;
  }
  return undefined;
}

/** The form's message for the field `name` (or a part of it), subscribed to its changes. */
export function useFieldError<Input extends FieldValues, Output>(form: SchemaForm<Input, Output>, name: FieldPath<Input>): string | undefined {
  const { errors } = useFormState({ control: form.control, name });
  return messageOf(get(errors, name));
}

type Control = ReactElement<{ id?: string; 'aria-invalid'?: boolean; 'aria-describedby'?: string }>;

type SchemaFieldProps<Input extends FieldValues, Output, Name extends FieldPath<Input>> = {
  form: SchemaForm<Input, Output>;
  name: Name;
  label: string;
  hint?: ReactNode;
  className?: string;
  /**
   * A native control (Input, Textarea, a native select), registered under `name`; or, for one
   * that is not (Switch, Select), a render of react-hook-form's field: pass `field.ref` to the
   * element that takes the focus.
   */
  children: Control | ((field: ControllerRenderProps<Input, Name>) => Control);
};

/** One field of a kit form: its label, its control, its hint, and its message under it. */
export function SchemaField<Input extends FieldValues, Output, Name extends FieldPath<Input>>({ form, name, label, hint, className, children }: SchemaFieldProps<Input, Output, Name>) {
  const error = useFieldError(form, name);
  const field = (control: Control) => (
    <FormField label={label} error={error} hint={hint} className={className}>
      {control}
    </FormField>
  );
  if (typeof children === 'function') {
    // Named as a registered control is, for the focus to find it (focusFirstInvalid).
    return <Controller control={form.control} name={name} render={({ field: props }) => field(cloneElement(children(props), { name } as object))} />;
  }
  return field(cloneElement(children, form.register(name) as object));
}

/** The form's own message (showFormError): what belongs to no field, above its buttons. */
export function FormError<Input extends FieldValues, Output>({ form }: { form: SchemaForm<Input, Output> }) {
  const { errors } = useFormState({ control: form.control, name: 'root.server' as FieldPath<Input> });
  const message = errors.root?.server?.message;
  if (!message) return null;
  return (
    <p role="alert" className="text-sm font-medium text-destructive">
      {message}
    </p>
  );
}
