// Templates' messages and what showing a questionnaire needs, without zod (spec 3 "template
// field", 4, 5, 8): a share link's page shows a project's questionnaire and loads no schema
// library (decision 013). The schemas and the editing rules are in ./templates.ts.
import type { TemplateField } from './template-field';

export const TEMPLATE_FIELD_TYPES = ['text', 'textarea', 'number', 'date', 'select', 'checkbox', 'radio'] as const;
export type TemplateFieldType = (typeof TEMPLATE_FIELD_TYPES)[number];

export const TEMPLATE_MESSAGES = {
  nameTooShort: 'Template name must be at least 2 characters.',
  needsDefaultFields: 'Template must have at least the default fields.',
  needsOneField: 'Add at least one field to the template.',
  labelRequired: 'Field label is required.',
  nameRequired: 'Field name is required.',
  typeRequired: 'Field type is required.',
  nameNotUnique: 'Field name must be unique.',
  nameReserved: 'This field name is reserved for default fields.',
  needsTwoOptions: 'At least two options are required for select, checkbox, or radio fields.',
  cannotRemoveTitle: 'Cannot Remove',
  cannotRemove: 'Client Name and Due Date are required default fields.',
  requiredAnswers: 'Please fill all required fields in the form.',
  answerRequired: (label: string) => `${label} is required.`,
  answerNotNumber: (label: string) => `${label} must be a number.`,
  answerBelowMin: (label: string, min: number) => `${label} must be at least ${min}.`,
  answerAboveMax: (label: string, max: number) => `${label} must be at most ${max}.`,
  minAboveMax: 'Minimum cannot be greater than maximum.',
  boundNotNumber: 'Minimum and maximum must be numbers.',
  answerNotDate: (label: string) => `${label} must be a date (yyyy-MM-dd).`,
  answerNotOption: (label: string) => `${label} must be one of its options.`,
  templateNotFound: 'Template not found',
  created: 'Template created successfully!',
  updated: 'Template updated successfully!',
  deleted: 'Template deleted successfully',
  deleteFailed: 'Failed to delete template',
  fetchFailed: 'Failed to fetch templates',
  deleteConfirm: 'Are you sure you want to delete this template?',
  noTemplates: 'No templates yet',
  noMatches: 'No templates match your search',
  projectCreated: 'Project created from template successfully!',
  noAnswer: 'No answer provided',
  noOptions: 'No options selected',
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
