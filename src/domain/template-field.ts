// Spec 3 "template field". The editing rules live in ./templates; reading a stored field without
// zod, for pages that only show a questionnaire, in ./template-rules (decision 013).
import { z } from 'zod';
import { TEMPLATE_FIELD_TYPES } from './template-rules';
export { TEMPLATE_FIELD_TYPES, type TemplateFieldType } from './template-rules';

export const templateFieldSchema = z.object({
  label: z.string(),
  name: z.string(),
  type: z.enum(TEMPLATE_FIELD_TYPES),
  required: z.boolean(),
  options: z.array(z.string()).default([]),
  order: z.number().int(),
  /** Issue 27: a number field's smallest and largest answer, both optional. */
  min: z.number().optional(),
  max: z.number().optional(),
});
export type TemplateField = z.infer<typeof templateFieldSchema>;

/** A project's answers keyed by template field name; checkbox answers are lists. */
export type FormData = Record<string, string | string[]>;
