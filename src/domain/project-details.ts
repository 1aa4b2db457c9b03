// The project page's header and Project Info edit form (spec 2 "Project detail page", 4, 5).
import { approvalSummarySchema } from './approvals';
import { z } from 'zod';
import { isoDate } from './projects';
import { PROJECT_STATUSES } from './project-status';
import { optionalText, text } from './text-fields';
import { templateFieldSchema } from './template-field';

export const PROJECT_DETAIL_MESSAGES = {
  loading: 'Loading project...',
  notFound: 'Project not found',
  back: 'Back to Projects',
  loadFailed: 'Failed to load project',
  nameRequired: 'Project name is required',
  saved: 'Project updated successfully',
  savedActive: 'Project updated successfully. The status was set to active automatically because the due date is after today.',
  save: 'Save Changes',
  saving: 'Saving...',
  overviewPlaceholder: 'Brief company overview that developers will see',
} as const;

/** The edit form offers these four (spec 4); overdue is set only by the sweep. */
export const EDITABLE_PROJECT_STATUSES = ['active', 'completed', 'on_hold', 'cancelled'] as const;
export type EditableProjectStatus = (typeof EDITABLE_PROJECT_STATUSES)[number];

export const updateProjectSchema = z.object({
  name: text('Project name', { message: PROJECT_DETAIL_MESSAGES.nameRequired }).trim().min(1, PROJECT_DETAIL_MESSAGES.nameRequired).max(200),
  status: z.enum(EDITABLE_PROJECT_STATUSES, { message: 'Status must be active, completed, on_hold or cancelled' }),
  description: optionalText(5000, 'Description'),
  // An empty date field means no due date.
  dueDate: z.preprocess((v) => (v === '' ? null : v), isoDate.nullish()).transform((v) => v ?? null),
  companyOverview: optionalText(10000, 'Company overview'),
});
export type UpdateProjectInput = z.input<typeof updateProjectSchema>;

/** Spec 4: a due date after today forces the status to active whatever was chosen. */
export function statusAfterEdit(
  chosen: EditableProjectStatus,
  dueDate: string | null,
  today: string,
): { status: EditableProjectStatus; forcedActive: boolean } {
  if (dueDate !== null && dueDate > today) return { status: 'active', forcedActive: chosen !== 'active' };
  return { status: chosen, forcedActive: false };
}

export const projectDetailSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  status: z.enum(PROJECT_STATUSES),
  dueDate: z.string().nullable(),
  clientId: z.string(),
  clientName: z.string(),
  companyOverview: z.string().nullable(),
  templateId: z.string().nullable(),
  templateFields: z.array(templateFieldSchema).nullable(),
  formData: z.record(z.string(), z.union([z.string(), z.array(z.string())])).nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** What the caller may do here; the server enforces the same. */
  canEdit: z.boolean(),
  /** Issue 33: the project's files awaiting approval and with changes requested (the page's badges). */
  approvals: approvalSummarySchema.optional(),
});
export type ProjectDetail = z.infer<typeof projectDetailSchema>;

export const updateProjectResultSchema = z.object({
  project: projectDetailSchema,
  /** True when spec 4's rule changed the chosen status to active. */
  statusForcedActive: z.boolean(),
  message: z.string(),
});
