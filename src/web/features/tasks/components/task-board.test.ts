import { describe, expect, it } from 'vitest';
import type { Task } from '@/domain/tasks';
import { withChange } from '../api';
import { boardColumns, dropPlace } from './task-board';

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

  it('shows a drop where it was made while the server stores it, by the server\'s rule', () => {
    const tasks = [task('a', 'pending', 10), task('b', 'pending', 20), task('x', 'in_progress', 5), task('y', 'in_progress', 6)];
    const ids = (list: Task[], status: Task['status']) => boardColumns(list)[status].map((t) => t.id);
    // Into another column, after a named task.
    const dropped = withChange(tasks, 'x', { status: 'pending', afterTaskId: 'a' });
    expect(ids(dropped, 'pending')).toEqual(['a', 'x', 'b']);
    expect(ids(dropped, 'in_progress')).toEqual(['y']);
    // To the top of its own column.
    expect(ids(withChange(tasks, 'b', { afterTaskId: null }), 'pending')).toEqual(['b', 'a']);
    // A status from the menu: last in the new column; nothing else moves.
    const completed = withChange(tasks, 'y', { status: 'pending' });
    expect(ids(completed, 'pending')).toEqual(['a', 'b', 'y']);
    expect(completed.find((t) => t.id === 'a')).toBe(tasks[0]);
    // Neighbours that share a position (tasks made in one go): the column is numbered again.
    const tied = [task('a', 'pending', 0), task('b', 'pending', 0), task('x', 'completed', 0)];
    expect(ids(withChange(tied, 'x', { status: 'pending', afterTaskId: 'a' }), 'pending')).toEqual(['a', 'x', 'b']);
  });

  it("says where a dragged task lands as its column's position and count (issue 27's announcements)", () => {
    const columns = boardColumns([task('a', 'pending', 1), task('b', 'pending', 2), task('x', 'in_progress', 1)]);
    // Picked up: where it is.
    expect(dropPlace(columns, 'b', 'b')).toEqual({ status: 'pending', position: 2, count: 2 });
    // Over another task of its column: that task's place.
    expect(dropPlace(columns, 'b', 'a')).toEqual({ status: 'pending', position: 1, count: 2 });
    // Over another column's task, or that column: the column counts it in.
    expect(dropPlace(columns, 'a', 'x')).toEqual({ status: 'in_progress', position: 1, count: 2 });
    expect(dropPlace(columns, 'a', 'completed')).toEqual({ status: 'completed', position: 1, count: 1 });
    expect(dropPlace(columns, 'a', 'nowhere')).toBeNull();
  });
});
