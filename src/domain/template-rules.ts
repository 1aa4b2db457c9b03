// Templates' messages and what showing a questionnaire needs, without zod (spec 3 "template
// field", 4, 5, 8): a share link's page shows a project's questionnaire and loads no schema
// library (decision 013). The schemas and the editing rules are in ./templates.ts.
import type { TemplateField } from './template-field';

export const TEMPLATE_FIELD_TYPES = ['text', 'textarea', 'number', 'date', 'select', 'checkbox', 'radio'] as const;
export type TemplateFieldType = (typeof TEMPLATE_FIELD_TYPES)[number];

/**
 * Issue 48 (decision 045): texts of the `domain-shared` part, as an intake link's visitor meets
 * the questionnaire's rules. A schema carries a text's id as its message (with values:
 * messageWithValues); the server answers it in the caller's language, the forms show it in the
 * language on screen.
 */
export const TEMPLATE_MESSAGES = {
  nameTooShort: /*i18n*/ { id: 'domain-shared.template-rules.nameTooShort', message: 'Template name must be at least 2 characters.' },
  needsDefaultFields: /*i18n*/ { id: 'domain-shared.template-rules.needsDefaultFields', message: 'Template must have at least the default fields.' },
  needsOneField: /*i18n*/ { id: 'domain-shared.template-rules.needsOneField', message: 'Add at least one field to the template.' },
  labelRequired: /*i18n*/ { id: 'domain-shared.template-rules.labelRequired', message: 'Field label is required.' },
  nameRequired: /*i18n*/ { id: 'domain-shared.template-rules.nameRequired', message: 'Field name is required.' },
  typeRequired: /*i18n*/ { id: 'domain-shared.template-rules.typeRequired', message: 'Field type is required.' },
  nameNotUnique: /*i18n*/ { id: 'domain-shared.template-rules.nameNotUnique', message: 'Field name must be unique.' },
  nameReserved: /*i18n*/ { id: 'domain-shared.template-rules.nameReserved', message: 'This field name is reserved for default fields.' },
  needsTwoOptions: /*i18n*/ { id: 'domain-shared.template-rules.needsTwoOptions', message: 'At least two options are required for select, checkbox, or radio fields.' },
  cannotRemoveTitle: /*i18n*/ { id: 'domain-shared.template-rules.cannotRemoveTitle', message: 'Cannot Remove' },
  cannotRemove: /*i18n*/ { id: 'domain-shared.template-rules.cannotRemove', message: 'Client Name and Due Date are required default fields.' },
  requiredAnswers: /*i18n*/ { id: 'domain-shared.template-rules.requiredAnswers', message: 'Please fill all required fields in the form.' },
  answerRequired: /*i18n*/ { id: 'domain-shared.template-rules.answerRequired', message: '{label} is required.' },
  answerNotNumber: /*i18n*/ { id: 'domain-shared.template-rules.answerNotNumber', message: '{label} must be a number.' },
  answerBelowMin: /*i18n*/ { id: 'domain-shared.template-rules.answerBelowMin', message: '{label} must be at least {min}.' },
  answerAboveMax: /*i18n*/ { id: 'domain-shared.template-rules.answerAboveMax', message: '{label} must be at most {max}.' },
  minAboveMax: /*i18n*/ { id: 'domain-shared.template-rules.minAboveMax', message: 'Minimum cannot be greater than maximum.' },
  boundNotNumber: /*i18n*/ { id: 'domain-shared.template-rules.boundNotNumber', message: 'Minimum and maximum must be numbers.' },
  answerNotDate: /*i18n*/ { id: 'domain-shared.template-rules.answerNotDate', message: '{label} must be a date (yyyy-MM-dd).' },
  answerNotOption: /*i18n*/ { id: 'domain-shared.template-rules.answerNotOption', message: '{label} must be one of its options.' },
  templateNotFound: /*i18n*/ { id: 'domain-shared.template-rules.templateNotFound', message: 'Template not found' },
  created: /*i18n*/ { id: 'domain-shared.template-rules.created', message: 'Template created successfully!' },
  updated: /*i18n*/ { id: 'domain-shared.template-rules.updated', message: 'Template updated successfully!' },
  deleted: /*i18n*/ { id: 'domain-shared.template-rules.deleted', message: 'Template deleted successfully' },
  deleteFailed: /*i18n*/ { id: 'domain-shared.template-rules.deleteFailed', message: 'Failed to delete template' },
  fetchFailed: /*i18n*/ { id: 'domain-shared.template-rules.fetchFailed', message: 'Failed to fetch templates' },
  deleteConfirm: /*i18n*/ { id: 'domain-shared.template-rules.deleteConfirm', message: 'Are you sure you want to delete this template?' },
  noTemplates: /*i18n*/ { id: 'domain-shared.template-rules.noTemplates', message: 'No templates yet' },
  noMatches: /*i18n*/ { id: 'domain-shared.template-rules.noMatches', message: 'No templates match your search' },
  projectCreated: /*i18n*/ { id: 'domain-shared.template-rules.projectCreated', message: 'Project created from template successfully!' },
  noAnswer: /*i18n*/ { id: 'domain-shared.template-rules.noAnswer', message: 'No answer provided' },
  noOptions: /*i18n*/ { id: 'domain-shared.template-rules.noOptions', message: 'No options selected' },
} as const;

/** Spec 4: order is the position, renumbered after every change. */
export function renumberFields(fields: readonly TemplateField[]): TemplateField[] {
  return fields.map((field, order) => ({ ...field, order }));
}

/**
 * A stored field as templateFieldSchema (./template-field.ts) reads it, without zod: an object with
 * the six properties of their types (options a list of strings, none read as empty; order a safe
 * whole number) and, when present, min and max as finite numbers, unknown properties dropped;
 * anything else is not a field (null).
 * template-rules.test.ts holds it to the schema's answers.
 */
export function readTemplateField(value: unknown): TemplateField | null {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  const { label, name, type, required, options = [], order, min, max } = value as Record<string, unknown>;
  if (typeof label !== 'string' || typeof name !== 'string' || typeof required !== 'boolean') return null;
  if (!(TEMPLATE_FIELD_TYPES as readonly unknown[]).includes(type)) return null;
  if (typeof order !== 'number' || !Number.isSafeInteger(order)) return null;
  if (!Array.isArray(options)) return null;
  // Index by index: a hole in the list is not a string (Array#every would skip it).
  for (let i = 0; i < options.length; i += 1) if (typeof options[i] !== 'string') return null;
  const field: TemplateField = { label, name, type: type as TemplateFieldType, required, options: [...(options as string[])], order };
  for (const [key, bound] of [['min', min], ['max', max]] as const) {
    if (bound === undefined) continue;
    if (typeof bound !== 'number' || !Number.isFinite(bound)) return null;
    field[key] = bound;
  }
  return field;
}

/** Fields in their stored order, renumbered; a list that is not a list is empty (spec 3). */
export function sortFields(fields: unknown): TemplateField[] {
  if (!Array.isArray(fields)) return [];
  const parsed = fields.flatMap((f) => {
    const field = readTemplateField(f);
    return field ? [field] : [];
  });
  return renumberFields([...parsed].sort((a, b) => a.order - b.order));
}
