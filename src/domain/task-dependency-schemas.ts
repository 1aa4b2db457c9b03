// Task dependencies through the API (issue 51 item 2): what a request sends and what a task's
// answer says of its blockers. The rules (loops, shifting dependents) are in task-dependencies.ts.
import { z } from 'zod';
import { TASK_STATUSES } from './project-status';

export const DEPENDENCY_FIELD_MESSAGES = {
  blockerRequired: /*i18n*/ { id: 'domain.task-dependency-schemas.blockerRequired', message: 'Choose the task that blocks this one' },
  otherProject: /*i18n*/ { id: 'domain.task-dependency-schemas.otherProject', message: 'A task can only be blocked by a task of the same project' },
} as const;

/** `POST .../tasks/:taskId/dependencies`: the task that blocks this one (of the same project). */
export const addDependencySchema = z.object({
  blockedByTaskId: z.uuid({ message: DEPENDENCY_FIELD_MESSAGES.blockerRequired.id }),
});
export type AddDependencyInput = z.input<typeof addDependencySchema>;

/** A task that blocks another, as the blocked task's answer lists it. */
export const blockerSchema = z.object({ id: z.string(), title: z.string(), status: z.enum(TASK_STATUSES) });
export type Blocker = z.infer<typeof blockerSchema>;

/** Whether a task still waits on a blocker: one not completed. */
export function hasOpenBlockers(blockedBy: readonly Pick<Blocker, 'status'>[]): boolean {
  return blockedBy.some((blocker) => blocker.status !== 'completed');
}
