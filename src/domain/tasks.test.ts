import { describe, expect, it } from 'vitest';
import { createTaskSchema, isTaskOverdue, myWorkGroup, toggledTaskStatus, updateTaskSchema } from './tasks';

describe('task rules (spec 4, issue 16)', () => {
  it('toggles the checkbox between pending and completed; in progress toggles to completed', () => {
    expect(toggledTaskStatus('pending')).toBe('completed');
    expect(toggledTaskStatus('in_progress')).toBe('completed');
    expect(toggledTaskStatus('completed')).toBe('pending');
  });

  it('calls a task overdue before its due date only while it is open', () => {
    expect(isTaskOverdue({ dueDate: '2026-11-24', status: 'pending' }, '2026-11-25')).toBe(true);
    expect(isTaskOverdue({ dueDate: '2026-11-24', status: 'in_progress' }, '2026-11-25')).toBe(true);
    expect(isTaskOverdue({ dueDate: '2026-11-25', status: 'pending' }, '2026-11-25')).toBe(false);
    expect(isTaskOverdue({ dueDate: '2026-11-24', status: 'completed' }, '2026-11-25')).toBe(false);
    expect(isTaskOverdue({ dueDate: null, status: 'pending' }, '2026-11-25')).toBe(false);
  });

  it('groups My Work by due date: overdue, today, within seven days, later or none', () => {
    const today = '2026-11-25';
    expect(myWorkGroup('2026-11-24', today)).toBe('overdue');
    expect(myWorkGroup('2026-11-25', today)).toBe('today');
    expect(myWorkGroup('2026-11-26', today)).toBe('this_week');
    expect(myWorkGroup('2026-12-02', today)).toBe('this_week');
    expect(myWorkGroup('2026-12-03', today)).toBe('later');
    expect(myWorkGroup(null, today)).toBe('later');
    // Across a month and a year end.
    expect(myWorkGroup('2027-01-01', '2026-12-28')).toBe('this_week');
  });

  it('takes an optional assignee at creation: empty means nobody, anything but an id is refused', () => {
    expect(createTaskSchema.parse({ title: 'Call', assigneeId: '' }).assigneeId).toBeNull();
    expect(createTaskSchema.parse({ title: 'Call' }).assigneeId).toBeNull();
    const id = '4f9c1a52-7e3b-4c1d-9a0e-2b6f8d3c5e71';
    expect(createTaskSchema.parse({ title: 'Call', assigneeId: id }).assigneeId).toBe(id);
    expect(createTaskSchema.safeParse({ title: 'Call', assigneeId: 'dana' }).success).toBe(false);
  });

  it('accepts a change of any task field, refuses an empty change and unknown statuses', () => {
    const after = '0b1d9c9e-5a4f-4f0e-9d3e-1c2b3a4d5e6f';
    expect(updateTaskSchema.parse({ status: 'in_progress', afterTaskId: after })).toEqual({ status: 'in_progress', afterTaskId: after });
    expect(updateTaskSchema.parse({ afterTaskId: null })).toEqual({ afterTaskId: null });
    expect(updateTaskSchema.parse({ assigneeId: null })).toEqual({ assigneeId: null });
    expect(updateTaskSchema.safeParse({}).success).toBe(false);
    expect(updateTaskSchema.safeParse({ status: 'done' }).success).toBe(false);
    expect(updateTaskSchema.safeParse({ afterTaskId: 'the-first-one' }).success).toBe(false);
    // The stored position is the server's to decide.
    expect(updateTaskSchema.parse({ status: 'pending', position: 3 })).toEqual({ status: 'pending' });
    expect(updateTaskSchema.safeParse({ title: '   ' }).success).toBe(false);
  });
});
