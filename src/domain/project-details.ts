// The project page's header and Project Info edit form (spec 2 "Project detail page", 4, 5).
import { approvalSummarySchema } from './approvals';
import { z } from 'zod';
import { isoDate } from './projects';
import { PROJECT_STATUSES } from './project-status';
import { optionalText, text } from './text-fields';
import { templateFieldSchema } from './template-field';

export const PROJECT_DETAIL_MESSAGES = {
  loading: /*i18n*/ { id: 'domain.project-details.loading', message: 'Loading project...' },
  notFound: /*i18n*/ { id: 'domain.project-details.notFound', message: 'Project not found' },
  back: /*i18n*/ { id: 'domain.project-details.back', message: 'Back to Projects' },
  loadFailed: /*i18n*/ { id: 'domain.project-details.loadFailed', message: 'Failed to load project' },
  nameRequired: /*i18n*/ { id: 'domain.project-details.nameRequired', message: 'Project name is required' },
  statusInvalid: /*i18n*/ { id: 'domain.project-details.statusInvalid', message: 'Status must be active, completed, on_hold or cancelled' },
  saved: /*i18n*/ { id: 'domain.project-details.saved', message: 'Project updated successfully' },
  savedActive: /*i18n*/ { id: 'domain.project-details.savedActive', message: 'Project updated successfully. The status was set to active automatically because the due date is after today.' },
  save: /*i18n*/ { id: 'domain.project-details.save', message: 'Save Changes' },
  saving: /*i18n*/ { id: 'domain.project-details.saving', message: 'Saving...' },
  overviewPlaceholder: /*i18n*/ { id: 'domain.project-details.overviewPlaceholder', message: 'Brief company overview that developers will see' },
} as const;

/** The edit form offers these four (spec 4); overdue is set only by the sweep. */
export const EDITABLE_PROJECT_STATUSES = ['active', 'completed', 'on_hold', 'cancelled'] as const;
export type EditableProjectStatus = (typeof EDITABLE_PROJECT_STATUSES)[number];

export const updateProjectSchema = z.object({
  name: text({ message: PROJECT_DETAIL_MESSAGES.nameRequired.id }).trim().min(1, PROJECT_DETAIL_MESSAGES.nameRequired.id).max(200),
  status: z.enum(EDITABLE_PROJECT_STATUSES, { message: PROJECT_DETAIL_MESSAGES.statusInvalid.id }),
  description: optionalText(5000),
  // An empty date field means no due date.
  dueDate: z.preprocess((v) => (v === '' ? null : v), isoDate.nullish()).transform((v) => v ?? null),
  companyOverview: optionalText(10000),
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
