// Objects as the API answers them, for component tests: one place for their every field, so a
// test names only what it is about.
import type { Task } from '@/domain/tasks';

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
    createdAt: '2026-11-20T10:00:00.000Z',
    completedAt: null,
    completedBy: null,
    assigneeId: null,
    assigneeName: null,
    position: 1,
    ...overrides,
  };
}
