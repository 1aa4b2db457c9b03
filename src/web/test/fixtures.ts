// Objects as the API answers them, for component tests: one place for their every field, so a
// test names only what it is about.
import type { Task } from '@/domain/tasks';
import type { TimeEntry, Timer } from '@/domain/time-entries';

/** A pending task, 'Print menu boards', on project ...0002; `overrides` for what a test is about. */
export function aTask(overrides: Partial<Task> = {}): Task {
  return {
    id: '00000000-0000-4000-8000-000000000001',
    projectId: '00000000-0000-4000-8000-000000000002',
    title: 'Print menu boards',
    description: null,
    priority: 'medium',
    status: 'pending',
    dueDate: null,
    startDate: null,
    estimateMinutes: null,
    createdAt: '2026-11-20T10:00:00.000Z',
    completedAt: null,
    completedBy: null,
    assigneeId: null,
    assigneeName: null,
    position: 1,
    recurrence: null,
    blockedBy: [],
    ...overrides,
  };
}

/** A timer running on project ...0002 itself ('Website Relaunch') since 09:00 UTC on 27 November 2026. */
export function aTimer(overrides: Partial<Timer> = {}): Timer {
  return {
    projectId: '00000000-0000-4000-8000-000000000002',
    projectName: 'Website Relaunch',
    taskId: null,
    taskTitle: null,
    note: null,
    billable: true,
    startedAt: '2026-11-27T09:00:00.000Z',
    ...overrides,
  };
}

/** A billable hour of the signed-in member (signedInMember) on project ...0002 itself, 27 November 2026. */
export function aTimeEntry(overrides: Partial<TimeEntry> = {}): TimeEntry {
  return {
    id: '00000000-0000-4000-8000-000000000009',
    projectId: '00000000-0000-4000-8000-000000000002',
    projectName: 'Website Relaunch',
    taskId: null,
    taskTitle: null,
    profileId: 'profile-1',
    memberName: 'Ada Lovelace',
    workDate: '2026-11-27',
    minutes: 60,
    note: null,
    billable: true,
    createdAt: '2026-11-27T10:00:00.000Z',
    updatedAt: '2026-11-27T10:00:00.000Z',
    canEdit: true,
    ...overrides,
  };
}
