import { describe, expect, it } from 'vitest';
import { authorInitials, isEdited } from './notes';
import { statusAfterEdit } from './project-details';
import { isTaskOverdue, toggledTaskStatus } from './tasks';

describe('project page rules', () => {
  it('spec 4: a due date after today forces active; today, past or none keeps the choice', () => {
    expect(statusAfterEdit('completed', '2026-11-23', '2026-11-22')).toEqual({ status: 'active', forcedActive: true });
    expect(statusAfterEdit('active', '2026-11-23', '2026-11-22')).toEqual({ status: 'active', forcedActive: false });
    expect(statusAfterEdit('on_hold', '2026-11-22', '2026-11-22')).toEqual({ status: 'on_hold', forcedActive: false });
    expect(statusAfterEdit('cancelled', null, '2026-11-22')).toEqual({ status: 'cancelled', forcedActive: false });
  });

  it('toggles pending and completed; a task is overdue only before today and when not completed', () => {
    expect(toggledTaskStatus('pending')).toBe('completed');
    expect(toggledTaskStatus('completed')).toBe('pending');
    expect(isTaskOverdue({ dueDate: '2026-11-21', status: 'pending' }, '2026-11-22')).toBe(true);
    expect(isTaskOverdue({ dueDate: '2026-11-22', status: 'pending' }, '2026-11-22')).toBe(false);
    expect(isTaskOverdue({ dueDate: '2026-11-21', status: 'completed' }, '2026-11-22')).toBe(false);
    expect(isTaskOverdue({ dueDate: null, status: 'pending' }, '2026-11-22')).toBe(false);
  });

  it('takes the first letters of up to two words as initials', () => {
    expect(authorInitials('Olive Mary Owner')).toBe('OM');
    expect(authorInitials('  dana  ')).toBe('D');
    expect(authorInitials('')).toBe('?');
    expect(authorInitials(null)).toBe('?');
  });

  it("shows 'Edited' only when the updated time differs from the created time", () => {
    expect(isEdited({ createdAt: '2026-11-22T12:00:00.000Z', updatedAt: '2026-11-22T12:00:00.000Z' })).toBe(false);
    expect(isEdited({ createdAt: '2026-11-22T12:00:00.000Z', updatedAt: '2026-11-22T12:00:05.000Z' })).toBe(true);
  });
});
