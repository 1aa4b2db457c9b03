// One questionnaire field as a form control, per type (spec 3 "template field").
import type { FormData, TemplateField } from '@/domain/template-field';
import { Input } from '@/web/components/ui/input';
import { Label } from '@/web/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/web/components/ui/select';
import { Textarea } from '@/web/components/ui/textarea';
import { UI_TEXTS } from '@/web/components/ui/texts';
import { translateMessage, useLocale, useT } from '@/web/lib/i18n';

type AnswerInputProps = {
  field: TemplateField;
  value: string | string[] | undefined;
  onChange: (value: string | string[]) => void;
  disabled?: boolean;
  /**
   * The answer's validation message, shown under it and linked to the control: a text's id with
   * the question's label (the template rules', templates.ts), said in the language on screen.
   */
  error?: string;
};

export function AnswerInput({ error, ...props }: AnswerInputProps) {
  // The rules' words (domain-shared) loaded before a message shows; a new language renders it again.
  useT('domain-shared');
  const messageId = `answer-${props.field.name}-message`;
  // One tree with or without a message: the control is not remounted when one appears, so the
  // focus given to the first invalid question after a refused submit stays there (issue 27).
  return (
    <div className="grid gap-1.5">
      <AnswerControl {...props} invalid={error ? { 'aria-invalid': true, 'aria-describedby': messageId } : undefined} />
      {error ? (
        <p id={messageId} role="alert" className="text-xs font-medium text-destructive">
          {translateMessage(error)}
        </p>
      ) : null}
    </div>
  );
}

type ControlProps = Omit<AnswerInputProps, 'error'> & { invalid?: { 'aria-invalid': true; 'aria-describedby': string } };

function AnswerControl({ field, value, onChange, disabled, invalid }: ControlProps) {
  const t = useT();
  const locale = useLocale();
  const id = `answer-${field.name}`;
  const text = typeof value === 'string' ? value : '';
  const list = Array.isArray(value) ? value : [];
  const label = (
    <Label htmlFor={field.type === 'checkbox' || field.type === 'radio' ? undefined : id}>
      {field.label}
      {field.required ? <span className="text-destructive"> *</span> : null}
    </Label>
  );

  switch (field.type) {
    case 'textarea':
      return (
        <div className="grid gap-1.5">
          {label}
          <Textarea id={id} {...invalid} rows={3} value={text} disabled={disabled} onChange={(e) => onChange(e.target.value)} />
        </div>
      );
    case 'select':
      return (
        <div className="grid gap-1.5">
          {label}
          <Select value={text} onValueChange={onChange} disabled={disabled}>
            <SelectTrigger id={id} {...invalid} aria-label={field.label}>
              <SelectValue placeholder={t(UI_TEXTS.questionnaire.selectPlaceholder, { field: placeholderLabel(field.label, locale) })} />
            </SelectTrigger>
            <SelectContent>
              {field.options.map((option) => (
                <SelectItem key={option} value={option}>
                  {option}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </div>
      );
    case 'checkbox':
    case 'radio':
      return (
        <fieldset id={id} className="grid gap-1.5" disabled={disabled} {...invalid}>
          <legend className="mb-1.5 text-sm font-medium">
            {field.label}
            {field.required ? <span className="text-destructive"> *</span> : null}
          </legend>
          <div className="flex flex-wrap gap-x-5 gap-y-2">
            {field.options.map((option) => (
              <label key={option} className="flex items-center gap-2 text-sm">
                {field.type === 'checkbox' ? (
                  <input
                    type="checkbox"
                    className="size-4 accent-primary"
                    checked={list.includes(option)}
                    onChange={(e) => onChange(e.target.checked ? [...list, option] : list.filter((v) => v !== option))}
                  />
                ) : (
                  <input
                    type="radio"
                    name={id}
                    className="size-4 accent-primary"
                    checked={text === option}
                    onChange={() => onChange(option)}
                  />
                )}
                {option}
              </label>
            ))}
          </div>
        </fieldset>
      );
    default:
      return (
        <div className="grid gap-1.5">
          {label}
          <Input
            id={id}
            {...invalid}
            type={field.type === 'number' ? 'number' : field.type === 'date' ? 'date' : 'text'}
            min={field.type === 'number' ? field.min : undefined}
            max={field.type === 'number' ? field.max : undefined}
            value={text}
            disabled={disabled}
            onChange={(e) => onChange(e.target.value)}
          />
        </div>
      );
  }
}

/** 'Select industry': the label in the sentence, lower-cased, but in German, where a noun keeps its capital. */
function placeholderLabel(label: string, locale: string): string {
  return locale === 'de' ? label : label.toLowerCase();
}

/** Every field of a template, in order, as inputs. */
export function AnswerFields({
  fields,
  answers,
  onChange,
  disabled,
  errors,
}: {
  fields: readonly TemplateField[];
  answers: FormData;
  onChange?: (answers: FormData) => void;
  disabled?: boolean;
  /** Validation messages by field name. */
  errors?: Record<string, string | undefined>;
}) {
  return (
    <div className="grid gap-4">
      {fields.map((field) => (
        <AnswerInput
          key={field.name}
          field={field}
          value={answers[field.name]}
          disabled={disabled}
          error={errors?.[field.name]}
          onChange={(value) => onChange?.({ ...answers, [field.name]: value })}
        />
      ))}
    </div>
  );
}
