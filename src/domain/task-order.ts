// A task's place in its board column (issue 16): the order the board shows and where a moved task
// lands. The server decides the stored positions from the neighbour a move names, so two people
// moving at once, tasks created in the same millisecond or with the same default position, and a
// gap halved until no number fits between its ends all still end in the order that was asked for.

import { TASK_STATUSES, type TaskStatus } from './project-status';

export type Placed = { id: string; position: number; createdAt: string };

/** Room left between two positions when a new one is put at a column's end. */
export const POSITION_STEP = 1024;

/** Board order: lowest position first, then oldest, then by id (a total order, the same on both sides). */
export function compareBoardOrder(a: Placed, b: Placed): number {
  return a.position - b.position || a.createdAt.localeCompare(b.createdAt) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
}

/** A column's place on the board, left to right: To Do 0, In Progress 1, Completed 2. */
export function boardColumnRank(status: TaskStatus): number {
  return TASK_STATUSES.indexOf(status);
}

/**
 * The task list's order (issue 27: one order for the list and the board): the board's columns in
 * turn, each in its board order. The server pages the list in this order (tasks_project_board_idx).
 */
export function compareTaskListOrder(a: Placed & { status: TaskStatus }, b: Placed & { status: TaskStatus }): number {
  return boardColumnRank(a.status) - boardColumnRank(b.status) || compareBoardOrder(a, b);
}

/** Whether a number lies strictly between two neighbours' positions (either may be missing: the column's ends). */
function fitsBetween(position: number, before: number | undefined, after: number | undefined): boolean {
  return Number.isFinite(position) && (before === undefined || position > before) && (after === undefined || position < after);
}

/**
 * The positions to store when `movedId` goes right after `afterId` in a column (`null`: at the
 * top). `column` is the column as it is, in any order, with or without the moved task. Usually
 * that is the moved task alone, halfway between its new neighbours; when nothing fits between
 * them, the whole column is numbered again in steps of POSITION_STEP in the new order.
 * Nothing when the task is already there. Returns null when `afterId` is not in the column (it
 * moved meanwhile) or is the task itself.
 */
export function placeAfter(column: readonly Placed[], moved: Placed, afterId: string | null): Array<{ id: string; position: number }> | null {
  if (afterId === moved.id) return null;
  const others = column.filter((task) => task.id !== moved.id).sort(compareBoardOrder);
  const index = afterId === null ? 0 : others.findIndex((task) => task.id === afterId) + 1;
  if (index === 0 && afterId !== null) return null;
  // Already there (the column holds the task, right after that neighbour): nothing to store.
  const sorted = [...column].sort(compareBoardOrder);
  const at = sorted.findIndex((task) => task.id === moved.id);
  if (at >= 0 && (at === 0 ? afterId === null : sorted[at - 1]!.id === afterId)) return [];
  const before = others[index - 1]?.position;
  const after = others[index]?.position;
  const candidate =
    before === undefined && after === undefined ? moved.position : before === undefined ? after! - POSITION_STEP : after === undefined ? before + POSITION_STEP : before + (after - before) / 2;
  if (fitsBetween(candidate, before, after)) return [{ id: moved.id, position: candidate }];
  const order = [...others.slice(0, index), moved, ...others.slice(index)];
  return order.map((task, i) => ({ id: task.id, position: (i + 1) * POSITION_STEP })).filter((next, i) => next.id === moved.id || next.position !== order[i]!.position);
}

/** The position of a task put last in a column. */
export function positionAtEnd(column: readonly Placed[], moved: Placed): number {
  const last = column.filter((task) => task.id !== moved.id).reduce<number | undefined>((max, task) => (max === undefined || task.position > max ? task.position : max), undefined);
  return last === undefined ? moved.position : last + POSITION_STEP;
}
