// Spec 3 "template field". The editing rules live in ./templates.
import { z } from 'zod';

export const TEMPLATE_FIELD_TYPES = ['text', 'textarea', 'number', 'date', 'select', 'checkbox', 'radio'] as const;
export type TemplateFieldType = (typeof TEMPLATE_FIELD_TYPES)[number];

export const templateFieldSchema = z.object({
  label: z.string(),
  name: z.string(),
  type: z.enum(TEMPLATE_FIELD_TYPES),
  required: z.boolean(),
  options: z.array(z.string()).default([]),
  order: z.number().int(),
});
export type TemplateField = z.infer<typeof templateFieldSchema>;

/** A project's answers keyed by template field name; checkbox answers are lists. */
export type FormData = Record<string, string | string[]>;
