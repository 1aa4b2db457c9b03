// Projects (spec 2 "Projects tab", "Create Project dialog", 4, 5, 8; ARCHITECTURE decision 3).
import { APPROVAL_FILTERS, approvalSummarySchema } from './approvals';
import { z } from 'zod';
import { budgetUsageSchema } from './budgets';
import { messageWithValues } from './locales';
import { optionalText, text } from './text-fields';
import type { FormData, TemplateField } from './template-field';
import { answersSchema, askedFields, formDataSchema, TEMPLATE_MESSAGES } from './templates';
import type { ProjectStatus } from './project-status';
import { CARD_STATUSES, PROJECT_MESSAGES } from './project-rules';
// Named here too for the API and the server; pages read them from project-rules.ts (decision 013).
export { CARD_STATUSES, cardStatusChanges, isPastDate, PROJECT_MESSAGES, type CardStatus } from './project-rules';

/** Stored due dates are yyyy-MM-dd (spec 9). */
export const isoDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, { message: PROJECT_MESSAGES.dueDateInvalid.id, abort: true })
  .refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v), {
    message: PROJECT_MESSAGES.dueDateInvalid.id,
    abort: true,
  })
  // Decision 006: PostgreSQL has no year 0, and a year like 0001 or 9999 is a typing slip.
  .refine(isDateInRange, { message: PROJECT_MESSAGES.dueDateOutOfRange.id });

export const MIN_DATE_YEAR = 1900;
export const MAX_DATE_YEAR = 2999;

/** A yyyy-MM-dd date whose year is within 1900–2999. */
export function isDateInRange(date: string): boolean {
  const year = Number(date.slice(0, 4));
  return year >= MIN_DATE_YEAR && year <= MAX_DATE_YEAR;
}

export const createProjectSchema = z.object({
  name: text({ message: PROJECT_MESSAGES.nameTooShort.id }).trim().min(2, PROJECT_MESSAGES.nameTooShort.id).max(200),
  clientId: z.uuid({ message: PROJECT_MESSAGES.clientRequired.id }),
  description: optionalText(5000),
  // An empty date field means no due date.
  dueDate: z.preprocess((v) => (v === '' ? null : v), isoDate.nullish()).transform((v) => v ?? null),
  // Spec 4: a project made from a template carries the answers to its fields.
  templateId: z.uuid({ message: 'Template not found' }).nullish(),
  formData: formDataSchema.nullish(),
});
export type CreateProjectInput = z.input<typeof createProjectSchema>;

/**
 * The Create Project form (issue 9 step 4): the project's fields and, with a template, the
 * answers to its questionnaire in the same schema ({@link answersSchema}, as the API checks
 * them). The template's Client Name and Due Date are the form's own Client and Due Date (issue 14):
 * they are not asked again, and a required Due Date makes the project's due date required.
 */
export function projectFormSchema(fields: readonly TemplateField[] | null) {
  const dueDateField = fields?.find((field) => field.name === 'due_date');
  const dueDate = createProjectSchema.shape.dueDate;
  return createProjectSchema.omit({ templateId: true, formData: true }).extend({
    dueDate: dueDateField?.required
      ? dueDate.refine((value) => value !== null, {
          message: messageWithValues(TEMPLATE_MESSAGES.answerRequired, { label: dueDateField.label }),
          params: { missing: true },
        })
      : dueDate,
    answers: answersSchema(fields ? askedFields(fields) : []),
  });
}
export type ProjectFormInput = CreateProjectInput & { answers: FormData };

/** The card buttons set only completed or on_hold (spec 4); which of them a card offers is cardStatusChanges. */
export const changeProjectStatusSchema = z.object({ status: z.enum(CARD_STATUSES) });

export const PROJECT_FILTERS = ['all', 'active', 'completed', 'on_hold'] as const;
export type ProjectFilter = (typeof PROJECT_FILTERS)[number];

export const PROJECT_PAGE_SIZE = 24;
export const listProjectsQuerySchema = z.object({
  search: text().trim().max(200).optional().default(''),
  status: z.enum(PROJECT_FILTERS).optional().default('all'),
  /** Issue 33: only projects with files awaiting the client's approval, or with changes requested. */
  approval: z.enum(['all', ...APPROVAL_FILTERS]).optional().default('all'),
  /** Opaque cursor from the previous page. */
  cursor: text().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(100).optional().default(PROJECT_PAGE_SIZE),
});


/** Decision 3: active projects past their due date are overdue. */
export function becomesOverdue(status: ProjectStatus, dueDate: string | null, today: string): boolean {
  return status === 'active' && dueDate !== null && dueDate < today;
}

/** Decision 3: an overdue project due today or later, or with no due date, is active again. */
export function leavesOverdue(status: ProjectStatus, dueDate: string | null, today: string): boolean {
  return status === 'overdue' && (dueDate === null || dueDate >= today);
}

/** A project card as the API returns it; ownerName is null for developers (spec 2). */
export const projectCardSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  status: z.enum(['active', 'completed', 'on_hold', 'cancelled', 'overdue']),
  dueDate: z.string().nullable(),
  clientId: z.string(),
  clientName: z.string(),
  ownerName: z.string().nullable(),
  createdAt: z.string(),
  /** Issue 32: spent against budget, for staff only (null: no budget; absent for developers). */
  budget: budgetUsageSchema.nullable().optional(),
  /** Issue 33: files awaiting the client's approval, and files the client asked changes to. */
  approvals: approvalSummarySchema,
});
export type ProjectCard = z.infer<typeof projectCardSchema>;

export const projectPageSchema = z.object({
  items: z.array(projectCardSchema),
  nextCursor: z.string().nullable(),
  /**
   * Projects matching the search and filter. Not the X of 'Showing X of Y projects' any more: that
   * counts the cards on screen, the pages loaded so far (issue 49 item 6).
   */
  matched: z.number().int(),
  /** Y: every project the caller can see. */
  total: z.number().int(),
});
