// Tasks on the project page (spec 2 "Tasks", 3 "task", 4 "Task status", 5, 8).
import { z } from 'zod';
import { validationMessage, type Text } from './locales';
import { isoDate } from './projects';
import { TASK_PRIORITIES, TASK_STATUSES } from './project-status';
export { TASK_STATUSES };
import { projectListPageSchema } from './project-lists';
import { optionalText, text } from './text-fields';
import { startsAfterDue, TASK_MESSAGES } from './task-rules';
import { MAX_ESTIMATE_MINUTES } from './time-rules';
import { parseEstimate } from './schedule-rules';
import { blockerSchema } from './task-dependency-schemas';
// The messages and rules pages show live in task-rules.ts, without zod (decision 013); named
// here too for the API and the server, which read them with the schemas.
export { isTaskOverdue, TASK_MESSAGES, TASK_PRIORITY_LABELS, TASK_STATUS_TITLES, toggledTaskStatus } from './task-rules';

const optionalDate = z.preprocess((v) => (v === '' ? null : v), isoDate.nullish()).transform((v) => v ?? null);

/** Issue 51: whole minutes, 1 to 999 hours (the web reads `2h`, `1:30` like a time entry's duration). */
const estimateMinutes = z
  .number({ message: TASK_MESSAGES.estimateOutOfRange.id })
  .int(TASK_MESSAGES.estimateOutOfRange.id)
  .min(1, TASK_MESSAGES.estimateOutOfRange.id)
  .max(MAX_ESTIMATE_MINUTES, TASK_MESSAGES.estimateOutOfRange.id)
  .nullish()
  .transform((v) => v ?? null);

const taskFieldsSchema = z.object({
  title: text({ message: TASK_MESSAGES.titleRequired.id }).trim().min(1, TASK_MESSAGES.titleRequired.id).max(300),
  description: optionalText(5000),
  priority: z.enum(TASK_PRIORITIES).optional().default('medium'),
  dueDate: optionalDate,
  /** Issue 51: when work starts, on or before the due date. */
  startDate: optionalDate,
  estimateMinutes,
  /** Issue 16: a member who can see the project (staff, or a developer assigned to it). */
  assigneeId: z.preprocess((v) => (v === '' ? null : v), z.uuid({ message: TASK_MESSAGES.assigneeNotAllowed.id }).nullish()).transform((v) => v ?? null),
});

/** The start date's refusal, on the start date's field. */
const startNotAfterDue = { message: TASK_MESSAGES.startAfterDue.id, path: ['startDate'] };

export const createTaskSchema = taskFieldsSchema.refine((task) => !startsAfterDue(task), startNotAfterDue);

/** The estimate as typed in a task's form (issue 51: `2h`, `1:30`, `90m`, like a time entry); empty is none. */
const typedEstimate = z
  .string()
  .optional()
  .default('')
  .superRefine((typed, ctx) => {
    if (typed.trim() === '') return;
    const read = parseEstimate(typed);
    if (!read.ok) ctx.addIssue({ code: 'custom', message: validationMessage(read.message) });
  })
  .transform((typed) => {
    const read = typed.trim() === '' ? null : parseEstimate(typed);
    return read?.ok ? read.minutes : null;
  });

/**
 * Create Task's and the edit form's fields: the API's, with the estimate typed as words
 * (`estimate`) and sent in minutes (`estimateMinutes`).
 */
export const taskFormSchema = taskFieldsSchema
  .omit({ estimateMinutes: true })
  .extend({ estimate: typedEstimate })
  .refine((task) => !startsAfterDue(task), startNotAfterDue)
  .transform(({ estimate, ...task }) => ({ ...task, estimateMinutes: estimate }));
export type TaskFormInput = z.input<typeof taskFormSchema>;
export type CreateTaskInput = z.input<typeof createTaskSchema>;

/**
 * A change to a task on the project page (issue 16): staff may change any of these; anyone else
 * who may work on the project only its status (and place on the board). The checkbox sends
 * pending or completed; in_progress comes from the task's menu or the board.
 */
export const updateTaskSchema = z
  .object({
    status: z.enum(TASK_STATUSES),
    /**
     * Where the task goes in its board column (its new one when the status changes): right after
     * this task, or at the top for null. Without it a task whose status changes goes last.
     */
    afterTaskId: z.uuid({ message: TASK_MESSAGES.boardChanged.id }).nullable(),
    title: taskFieldsSchema.shape.title,
    description: taskFieldsSchema.shape.description,
    priority: z.enum(TASK_PRIORITIES),
    dueDate: taskFieldsSchema.shape.dueDate,
    startDate: taskFieldsSchema.shape.startDate,
    estimateMinutes: taskFieldsSchema.shape.estimateMinutes,
    assigneeId: taskFieldsSchema.shape.assigneeId,
  })
  .partial()
  .refine((change) => Object.keys(change).length > 0, { message: TASK_MESSAGES.nothingToChange.id })
  // Both sent: checked here; one sent, against the stored other (the service).
  .refine((change) => !startsAfterDue({ startDate: change.startDate ?? null, dueDate: change.dueDate ?? null }), startNotAfterDue);
export type UpdateTaskInput = z.input<typeof updateTaskSchema>;

/** Fields only staff may change. */
export const STAFF_TASK_FIELDS = ['title', 'description', 'priority', 'dueDate', 'startDate', 'estimateMinutes', 'assigneeId'] as const;

export const taskSchema = z.object({
  id: z.string(),
  projectId: z.string(),
  title: z.string(),
  description: z.string().nullable(),
  status: z.enum(TASK_STATUSES),
  priority: z.enum(TASK_PRIORITIES),
  dueDate: z.string().nullable(),
  /** Issue 51: when work starts, and the minutes it should take. */
  startDate: z.string().nullable(),
  estimateMinutes: z.number().int().nullable(),
  createdAt: z.string(),
  completedAt: z.string().nullable(),
  completedBy: z.string().nullable(),
  /** Issue 16: who does it (a member of the organization), and their name. */
  assigneeId: z.string().nullable(),
  assigneeName: z.string().nullable(),
  /** Order within its board column, lowest first. */
  position: z.number(),
  /**
   * Issue 51 item 4: how the task repeats, an RRULE (recurrence-rules.ts says it in words); null:
   * it does not.
   */
  recurrence: z.object({ rule: z.string() }).nullable(),
  /** Issue 51: the tasks of the project that block this one (finish-to-start), by title. */
  blockedBy: z.array(blockerSchema),
});
export type Task = z.infer<typeof taskSchema>;

/** Issue 51 item 4: a task's rule (checked by parseRecurrence, whose refusal is the `rule` field's). */
export const taskRecurrenceSchema = z.object({ rule: z.string().max(200) });
export type TaskRecurrenceInput = z.infer<typeof taskRecurrenceSchema>;

/** A page of tasks in board order: To Do, In Progress, Completed, each column's own order (issue 27). */
export const taskPageSchema = projectListPageSchema(taskSchema);
export type TaskPage = z.infer<typeof taskPageSchema>;

/** Someone a task may be assigned to; `onProject` false: a developer who must be assigned to the project first. */
export const assigneeSchema = z.object({ id: z.string(), fullName: z.string(), role: z.string(), onProject: z.boolean() });
export type Assignee = z.infer<typeof assigneeSchema>;
/** A page of the assignee picker's people: those on the project first, each group by name (issue 36: every page read). */
export const assigneePageSchema = projectListPageSchema(assigneeSchema);
export type AssigneePage = z.infer<typeof assigneePageSchema>;

// My Work (issue 16): the caller's open tasks across the projects they can see.

export const MY_WORK_GROUPS = ['overdue', 'today', 'this_week', 'later'] as const;
export type MyWorkGroup = (typeof MY_WORK_GROUPS)[number];
export const MY_WORK_GROUP_TITLES: Record<MyWorkGroup, Text> = {
  overdue: /*i18n*/ { id: 'domain.tasks.myWork.overdue', message: 'Overdue' },
  today: /*i18n*/ { id: 'domain.tasks.myWork.today', message: 'Today' },
  this_week: /*i18n*/ { id: 'domain.tasks.myWork.thisWeek', message: 'This week' },
  later: /*i18n*/ { id: 'domain.tasks.myWork.later', message: 'Later' },
};

/** Adds days to a yyyy-MM-dd date. */
function addDays(date: string, days: number): string {
  const next = new Date(`${date}T00:00:00Z`);
  next.setUTCDate(next.getUTCDate() + days);
  return next.toISOString().slice(0, 10);
}

/** A task's group by its due date and today: before today, today, within 7 days, later or none. */
export function myWorkGroup(dueDate: string | null, today: string): MyWorkGroup {
  if (dueDate === null) return 'later';
  if (dueDate < today) return 'overdue';
  if (dueDate === today) return 'today';
  return dueDate <= addDays(today, 7) ? 'this_week' : 'later';
}

export const MY_WORK_PAGE_SIZE = 50;
export const myWorkQuerySchema = z.object({ cursor: z.string().max(200).optional() });
export const myWorkItemSchema = taskSchema.extend({ projectName: z.string(), clientName: z.string() });
export type MyWorkItem = z.infer<typeof myWorkItemSchema>;
export const myWorkPageSchema = z.object({ items: z.array(myWorkItemSchema), nextCursor: z.string().nullable() });
