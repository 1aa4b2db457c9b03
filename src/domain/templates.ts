// Project templates and their questionnaires (spec 2 "Templates tab", 3 "template field", 4, 5, 8).
// Pure rules shared by the editor, the API and the project forms.
import { z } from 'zod';
import { messageWithValues, validationMessage, type Text } from './locales';
import { isStorableText, optionalText, STORABLE_TEXT_MESSAGES, text } from './text-fields';
import { renumberFields, TEMPLATE_MESSAGES } from './template-rules';
import { TEMPLATE_FIELD_TYPES, templateFieldSchema, type FormData, type TemplateField, type TemplateFieldType } from './template-field';
// Named here too for the API, the server and the editor; pages that only show a questionnaire
// read them from template-rules.ts (decision 013).
export { renumberFields, sortFields, TEMPLATE_MESSAGES } from './template-rules';

const M = TEMPLATE_MESSAGES;

/**
 * Issue 48: a field type's name as the editor shows it (its list and Add Field's select), in the
 * member's language (`domain-shared`, beside TEMPLATE_FIELD_TEXTS). A template stores the type
 * (`textarea`), never its name, so nothing stored changes with the language.
 */
export const TEMPLATE_FIELD_TYPE_LABELS = {
  text: /*i18n*/ { id: 'domain-shared.templates.type.text', message: 'Text' },
  textarea: /*i18n*/ { id: 'domain-shared.templates.type.textarea', message: 'Text Area' },
  number: /*i18n*/ { id: 'domain-shared.templates.type.number', message: 'Number' },
  date: /*i18n*/ { id: 'domain-shared.templates.type.date', message: 'Date' },
  select: /*i18n*/ { id: 'domain-shared.templates.type.select', message: 'Select' },
  checkbox: /*i18n*/ { id: 'domain-shared.templates.type.checkbox', message: 'Checkbox' },
  radio: /*i18n*/ { id: 'domain-shared.templates.type.radio', message: 'Radio' },
} as const satisfies Record<TemplateFieldType, Text>;

/**
 * Issue 48: the words the editor proposes for a new template's default fields and a duplicated
 * field's label, in the member's language (`domain-shared`, beside TEMPLATE_MESSAGES). Once saved
 * they are the template's data and stay as they were written; the names never change.
 */
export const TEMPLATE_FIELD_TEXTS = {
  clientName: /*i18n*/ { id: 'domain-shared.templates.clientName', message: 'Client Name' },
  dueDate: /*i18n*/ { id: 'domain-shared.templates.dueDate', message: 'Due Date' },
  copyLabel: /*i18n*/ { id: 'domain-shared.templates.copyLabel', message: '{label} (Copy)' },
} as const;

/** The labels of a new template's two default fields, as the editor proposes them. */
export type DefaultFieldLabels = { clientName: string; dueDate: string };

/** Spec 3: every template starts with these two fields, which cannot be removed; their labels as given. */
function defaultFields({ clientName, dueDate }: DefaultFieldLabels): TemplateField[] {
  return [
    { label: clientName, name: 'client_name', type: 'text', required: true, options: [], order: 0 },
    { label: dueDate, name: 'due_date', type: 'date', required: true, options: [], order: 1 },
  ];
}

const ENGLISH_DEFAULT_LABELS: DefaultFieldLabels = { clientName: TEMPLATE_FIELD_TEXTS.clientName.message, dueDate: TEMPLATE_FIELD_TEXTS.dueDate.message };

/** Spec 3's two default fields, labelled in English; the rules check a list's names and types against them. */
export const DEFAULT_TEMPLATE_FIELDS: readonly TemplateField[] = defaultFields(ENGLISH_DEFAULT_LABELS);
export const DEFAULT_FIELD_NAMES = DEFAULT_TEMPLATE_FIELDS.map((f) => f.name);

export function isDefaultField(name: string): boolean {
  return DEFAULT_FIELD_NAMES.includes(name);
}

/** Fields with options: select, checkbox and radio (spec 5: at least two). */
export function isChoiceType(type: TemplateFieldType): boolean {
  return type === 'select' || type === 'checkbox' || type === 'radio';
}

/** Spec 3: names are lowercase with spaces turned to underscores. */
export function normalizeFieldName(name: string): string {
  return name.trim().toLowerCase().replace(/\s+/g, '_');
}

/**
 * Issue 27: the Field Name a label suggests until the name is edited: lowercase letters and
 * digits, anything else one underscore ('Brand Colors (main)' -> 'brand_colors_main').
 */
export function fieldNameFromLabel(label: string): string {
  return label
    .trim()
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '');
}

/** A number field's bound as typed in the editor: empty is none, else a finite number or NaN. */
export function parseBound(value: string): number | undefined {
  const trimmed = value.trim();
  if (trimmed === '') return undefined;
  const bound = Number(trimmed);
  return Number.isFinite(bound) ? bound : Number.NaN;
}

/** Options trimmed, empty ones dropped, duplicates ignored (spec 5), first spelling kept. */
export function normalizeOptions(options: readonly string[]): string[] {
  const seen = new Set<string>();
  const result: string[] = [];
  for (const raw of options) {
    const option = raw.trim();
    if (option && !seen.has(option)) {
      seen.add(option);
      result.push(option);
    }
  }
  return result;
}

/** Adds one option typed in the chips input; a duplicate or blank changes nothing. */
export function addOption(options: readonly string[], option: string): string[] {
  return normalizeOptions([...options, option]);
}

/** A new template's two default fields, labelled in the editor's language (English unless given). */
export const newTemplateFields = (labels: DefaultFieldLabels = ENGLISH_DEFAULT_LABELS): TemplateField[] => defaultFields(labels);

export type TemplateMode = 'create' | 'update';

/** The Add Field panel's input. */
export type NewField = {
  label: string;
  name: string;
  type: TemplateFieldType | '';
  required: boolean;
  options: readonly string[];
  /** A number field's bounds as typed (issue 27); empty: none. */
  min?: string;
  max?: string;
};

/** Which input of the Add Field panel a problem belongs to, so the message shows under it. */
export type NewFieldPart = 'label' | 'name' | 'type' | 'options' | 'min' | 'max';

export type FieldResult = { ok: true; fields: TemplateField[] } | { ok: false; message: Text; title?: Text; part?: NewFieldPart };

/** A number field's bounds, when the type has them and they make sense. */
function boundsProblem(min: number | undefined, max: number | undefined): { part: NewFieldPart; message: Text } | null {
  if (Number.isNaN(min)) return { part: 'min', message: M.boundNotNumber };
  if (Number.isNaN(max)) return { part: 'max', message: M.boundNotNumber };
  if (min !== undefined && max !== undefined && min > max) return { part: 'max', message: M.minAboveMax };
  return null;
}

/** Spec 5 "New template field": the first broken rule, with the input it concerns, or null. */
export function newFieldProblem(field: NewField, existing: readonly TemplateField[], mode: TemplateMode): { part: NewFieldPart; message: Text } | null {
  if (!field.label.trim()) return { part: 'label', message: M.labelRequired };
  const name = normalizeFieldName(field.name);
  if (!name) return { part: 'name', message: M.nameRequired };
  if (!field.type) return { part: 'type', message: M.typeRequired };
  if (mode === 'create' && isDefaultField(name)) return { part: 'name', message: M.nameReserved };
  if (existing.some((f) => f.name === name)) return { part: 'name', message: M.nameNotUnique };
  if (isChoiceType(field.type) && normalizeOptions(field.options).length < 2) return { part: 'options', message: M.needsTwoOptions };
  if (field.type === 'number') return boundsProblem(parseBound(field.min ?? ''), parseBound(field.max ?? ''));
  return null;
}

/** Spec 5 "New template field": the first broken rule's message, or null. */
export function newFieldError(field: NewField, existing: readonly TemplateField[], mode: TemplateMode): Text | null {
  return newFieldProblem(field, existing, mode)?.message ?? null;
}

/** Adds a field at the end (spec 4). */
export function addField(fields: readonly TemplateField[], field: NewField, mode: TemplateMode): FieldResult {
  const problem = newFieldProblem(field, fields, mode);
  if (problem) return { ok: false, ...problem };
  const type = field.type as TemplateFieldType;
  const added: TemplateField = {
    label: field.label.trim(),
    name: normalizeFieldName(field.name),
    type,
    required: field.required,
    options: isChoiceType(type) ? normalizeOptions(field.options) : [],
    order: fields.length,
  };
  if (type === 'number') {
    const min = parseBound(field.min ?? '');
    const max = parseBound(field.max ?? '');
    if (min !== undefined) added.min = min;
    if (max !== undefined) added.max = max;
  }
  return { ok: true, fields: renumberFields([...fields, added]) };
}

/** Issue 27: whether the Add Field panel holds typed work that Create Template would lose. */
export function hasUnaddedWork(field: NewField, optionText: string): boolean {
  return field.label.trim() !== '' || field.name.trim() !== '' || field.options.length > 0 || optionText.trim() !== '' || !!field.min?.trim() || !!field.max?.trim();
}

/** Removes a field; the two default fields stay (spec 5, title 'Cannot Remove'). */
export function removeField(fields: readonly TemplateField[], index: number): FieldResult {
  const field = fields[index];
  if (!field) return { ok: true, fields: renumberFields(fields) };
  if (isDefaultField(field.name)) {
    return { ok: false, title: M.cannotRemoveTitle, message: M.cannotRemove };
  }
  return { ok: true, fields: renumberFields(fields.filter((_, i) => i !== index)) };
}

/** Moves a field one place up (-1) or down (+1); at either end nothing moves. */
export function moveField(fields: readonly TemplateField[], index: number, direction: -1 | 1): TemplateField[] {
  const target = index + direction;
  if (index < 0 || index >= fields.length || target < 0 || target >= fields.length) return renumberFields(fields);
  const next = [...fields];
  [next[index], next[target]] = [next[target]!, next[index]!];
  return renumberFields(next);
}

/** The English copy's label; the editor passes TEMPLATE_FIELD_TEXTS.copyLabel in the member's language. */
const englishCopyLabel = (label: string) => `${label} (Copy)`;

/**
 * Spec 4: the copy goes right after its original, named <name>_copyN with the first unused N, and
 * labelled by `copyLabel` from the original's label ('Pages (Copy)' unless given).
 */
export function duplicateField(fields: readonly TemplateField[], index: number, copyLabel: (label: string) => string = englishCopyLabel): TemplateField[] {
  const original = fields[index];
  if (!original) return renumberFields(fields);
  const taken = new Set(fields.map((f) => f.name));
  let n = 1;
  while (taken.has(`${original.name}_copy${n}`)) n += 1;
  const copy: TemplateField = { ...original, options: [...original.options], name: `${original.name}_copy${n}`, label: copyLabel(original.label) };
  return renumberFields([...fields.slice(0, index + 1), copy, ...fields.slice(index + 1)]);
}

/**
 * The whole field list as the API receives it: every field rule of spec 5, and on create the
 * two default fields as spec 3 defines them. Returns the first broken rule's message, or null.
 */
export function templateFieldsError(fields: readonly TemplateField[], mode: TemplateMode): Text | null {
  if (mode === 'update' && fields.length < 1) return M.needsOneField;
  if (mode === 'create') {
    const hasDefaults = DEFAULT_TEMPLATE_FIELDS.every((d) => fields.some((f) => f.name === d.name));
    if (fields.length < 2 || !hasDefaults) return M.needsDefaultFields;
  }
  const names = new Set<string>();
  for (const field of fields) {
    if (!field.label.trim()) return M.labelRequired;
    if (!field.name.trim()) return M.nameRequired;
    if (names.has(field.name)) return M.nameNotUnique;
    names.add(field.name);
    const defaultField = DEFAULT_TEMPLATE_FIELDS.find((d) => d.name === field.name);
    // On create a field of a reserved name must be that default field itself.
    if (mode === 'create' && defaultField && (field.type !== defaultField.type || !field.required)) {
      return M.nameReserved;
    }
    if (isChoiceType(field.type) && field.options.length < 2) return M.needsTwoOptions;
    const bounds = boundsProblem(field.min, field.max);
    if (bounds) return bounds.message;
  }
  return null;
}

/** A field as sent by the editor: names normalized, options deduplicated. */
const incomingFieldSchema = z
  .object({
    label: text({ message: M.labelRequired.id }).trim().max(200),
    name: text({ message: M.nameRequired.id }).max(100),
    type: z.enum(TEMPLATE_FIELD_TYPES, { message: M.typeRequired.id }),
    required: z.boolean().optional().default(false),
    options: z.array(text().max(200)).max(100).optional().default([]),
    order: z.number().int().optional().default(0),
    // Issue 27: a number field's bounds; other types drop them.
    min: z.number({ message: M.boundNotNumber.id }).nullish(),
    max: z.number({ message: M.boundNotNumber.id }).nullish(),
  })
  .transform(({ min, max, ...f }): TemplateField => ({
    ...f,
    name: normalizeFieldName(f.name),
    options: isChoiceType(f.type) ? normalizeOptions(f.options) : [],
    ...(f.type === 'number' && min != null ? { min } : {}),
    ...(f.type === 'number' && max != null ? { max } : {}),
  }));

const fieldListSchema = (mode: TemplateMode) =>
  z
    .array(incomingFieldSchema, { message: mode === 'create' ? M.needsDefaultFields.id : M.needsOneField.id })
    .max(200)
    // Stored sorted by order (spec 7) and renumbered.
    .transform((fields) => renumberFields([...fields].sort((a, b) => a.order - b.order)))
    .superRefine((fields, ctx) => {
      const problem = templateFieldsError(fields, mode);
      if (problem) ctx.addIssue({ code: 'custom', message: validationMessage(problem) });
    });

const templateName = text({ message: M.nameTooShort.id }).trim().min(2, M.nameTooShort.id).max(200);

export const createTemplateSchema = z.object({
  name: templateName,
  description: optionalText(5000),
  fields: fieldListSchema('create'),
});
export const updateTemplateSchema = z.object({
  name: templateName,
  description: optionalText(5000),
  fields: fieldListSchema('update'),
});
export type CreateTemplateInput = z.input<typeof createTemplateSchema>;
export type UpdateTemplateInput = z.input<typeof updateTemplateSchema>;

/** The editor's name and description (its field list is kept apart). */
export const templateDetailsSchema = z.object({
  name: templateName,
  description: text().max(5000),
});
export type TemplateDetails = z.infer<typeof templateDetailsSchema>;

export const TEMPLATE_STATUSES = ['active', 'inactive'] as const;

/** A template as the API returns it. */
export const templateSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  status: z.enum(TEMPLATE_STATUSES),
  fields: z.array(templateFieldSchema),
  createdAt: z.string(),
});
export type Template = z.infer<typeof templateSchema>;

export const TEMPLATE_PAGE_SIZE = 48;
export const listTemplatesQuerySchema = z.object({
  search: text().trim().max(200).optional().default(''),
  cursor: text().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(100).optional().default(TEMPLATE_PAGE_SIZE),
});
export const templatePageSchema = z.object({
  items: z.array(templateSchema),
  nextCursor: z.string().nullable(),
  /** Templates matching the search; 'Showing X of Y templates' counts the cards on screen (issue 49 item 6). */
  matched: z.number().int(),
  /** Y: every template of the organization. */
  total: z.number().int(),
});

/** Spec 4: empty answers, an empty list for checkbox fields and empty text otherwise. */
export function emptyAnswers(fields: readonly TemplateField[]): FormData {
  return Object.fromEntries(fields.map((f) => [f.name, f.type === 'checkbox' ? [] : '']));
}

/** Spec 5: a checkbox field needs at least one choice, others a non-empty value. */
export function isAnswered(field: TemplateField, value: unknown): boolean {
  if (field.type === 'checkbox') return Array.isArray(value) && value.some((v) => typeof v === 'string' && v.trim() !== '');
  return typeof value === 'string' && value.trim() !== '';
}

const datePattern = /^\d{4}-\d{2}-\d{2}$/;
function isDate(value: string): boolean {
  if (!datePattern.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
}

/** A refusal's message as zod carries it: a text's id, with its values (messageWithValues). */
export type AnswersResult = { ok: true; formData: FormData } | { ok: false; message: string };

/**
 * Issue 9 step 4: an answer's problem is reported on its field, so a form can show it there. Its
 * message is a text's id with the field's label (and bound) as values (messageWithValues).
 */
function answerIssue(field: TemplateField, value: unknown): { message: string; missing?: true } | FormData[string] {
  if (field.required && !isAnswered(field, value)) return { message: messageWithValues(M.answerRequired, { label: field.label }), missing: true };
  if (field.type === 'checkbox') {
    const list = value === undefined || value === null || value === '' ? [] : value;
    if (!Array.isArray(list) || list.some((v) => typeof v !== 'string' || !field.options.includes(v))) {
      return { message: messageWithValues(M.answerNotOption, { label: field.label }) };
    }
    return normalizeOptions(list as string[]);
  }
  const text = value === undefined || value === null ? '' : value;
  if (typeof text !== 'string') return { message: messageWithValues(M.answerNotOption, { label: field.label }) };
  const trimmed = field.type === 'textarea' ? text : text.trim();
  if (trimmed.trim() === '') return '';
  if (field.type === 'number') {
    const number = Number(trimmed);
    if (!Number.isFinite(number)) return { message: messageWithValues(M.answerNotNumber, { label: field.label }) };
    // Issue 27: the field's bounds, on both sides (this schema is the form's and the server's).
    if (field.min !== undefined && number < field.min) return { message: messageWithValues(M.answerBelowMin, { label: field.label, min: field.min }) };
    if (field.max !== undefined && number > field.max) return { message: messageWithValues(M.answerAboveMax, { label: field.label, max: field.max }) };
  }
  if (field.type === 'date' && !isDate(trimmed)) return { message: messageWithValues(M.answerNotDate, { label: field.label }) };
  if ((field.type === 'select' || field.type === 'radio') && !field.options.includes(trimmed)) {
    return { message: messageWithValues(M.answerNotOption, { label: field.label }) };
  }
  return trimmed;
}

/**
 * The answers to a questionnaire as a schema built from its fields (spec 5): required ones
 * filled, each answer of its field's type, choices among the options. Its output is the answers
 * keyed by field name, missing ones empty and keys that are not fields dropped; each problem is an
 * issue on its field's name. The create-project form resolves with it and the API checks with it.
 */
export function answersSchema(fields: readonly TemplateField[]) {
  return z.unknown().transform((input, ctx): FormData => {
    const source = input !== null && typeof input === 'object' && !Array.isArray(input) ? (input as Record<string, unknown>) : {};
    const formData: FormData = {};
    for (const field of fields) {
      const answer = answerIssue(field, source[field.name]);
      if (typeof answer === 'object' && !Array.isArray(answer)) {
        ctx.addIssue({ code: 'custom', path: [field.name], message: answer.message, params: { missing: answer.missing === true } });
      } else {
        formData[field.name] = answer;
      }
    }
    return formData;
  });
}

/** Whether a failed answers check includes an unanswered required field (spec 5's toast). */
export function hasMissingAnswer(issues: readonly z.core.$ZodIssue[]): boolean {
  return issues.some((issue) => issue.code === 'custom' && (issue.params as { missing?: boolean } | undefined)?.missing === true);
}

/**
 * Checks a project's answers against its template's fields with {@link answersSchema}. A missing
 * required answer is reported first, with spec 5's message; otherwise the first problem's.
 */
export function validateAnswers(fields: readonly TemplateField[], answers: Record<string, unknown> | null | undefined): AnswersResult {
  const result = answersSchema(fields).safeParse(answers ?? {});
  if (result.success) return { ok: true, formData: result.data };
  if (hasMissingAnswer(result.error.issues)) return { ok: false, message: M.requiredAnswers.id };
  return { ok: false, message: result.error.issues[0]!.message };
}

/**
 * Issue 14: the default fields Client Name and Due Date are the project's own Client and Due Date,
 * so a form asks only the template's other fields ...
 */
export function askedFields(fields: readonly TemplateField[]): TemplateField[] {
  return fields.filter((field) => !isDefaultField(field.name));
}

/** ... and their answers come from the project, unless the caller answered them itself (API). */
export function withDefaultAnswers(
  answers: Record<string, unknown> | null | undefined,
  project: { clientName: string; dueDate: string | null },
): Record<string, unknown> {
  const source = answers ?? {};
  return {
    ...source,
    client_name: source.client_name ?? project.clientName,
    due_date: source.due_date ?? project.dueDate ?? '',
  };
}

/** The answers a project may carry: text, or a list for checkbox fields. */
export const formDataSchema = z
  .record(text().max(100), z.union([z.string().max(10_000), z.array(z.string().max(200)).max(100)]))
  // The storable-text rule on the answers, here rather than inside the union, whose failure
  // would hide the message behind 'Invalid input'.
  .refine((answers) => Object.values(answers).flat().every(isStorableText), { message: STORABLE_TEXT_MESSAGES.unstorable.id });
