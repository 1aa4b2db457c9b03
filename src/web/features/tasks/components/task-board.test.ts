import { describe, expect, it } from 'vitest';
import type { Task } from '@/domain/tasks';
import { boardColumns, positionBetween } from './task-board';

const task = (id: string, status: Task['status'], position: number): Task => ({
  id,
  projectId: 'p',
  title: id,
  description: null,
  status,
  priority: 'medium',
  dueDate: null,
  createdAt: '2026-11-20T10:00:00.000Z',
  completedAt: null,
  completedBy: null,
  assigneeId: null,
  assigneeName: null,
  position,
});

describe('the task board (issue 16)', () => {
  it('puts each task in its status column, lowest position first', () => {
    const columns = boardColumns([task('c', 'pending', 3), task('a', 'pending', 1), task('x', 'in_progress', 2), task('d', 'completed', 0)]);
    expect(columns.pending.map((t) => t.id)).toEqual(['a', 'c']);
    expect(columns.in_progress.map((t) => t.id)).toEqual(['x']);
    expect(columns.completed.map((t) => t.id)).toEqual(['d']);
  });

  it('places a dropped task between its new neighbours, or past the end it was dropped at', () => {
    expect(positionBetween(10, 20)).toBe(15);
    expect(positionBetween(undefined, 20)).toBeLessThan(20);
    expect(positionBetween(10, undefined)).toBeGreaterThan(10);
    expect(positionBetween(undefined, undefined)).toBeGreaterThan(0);
  });
});
