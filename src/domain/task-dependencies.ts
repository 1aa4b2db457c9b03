// Task dependencies (issue 51): finish-to-start, "a task is blocked by its blockers". A blocked
// task starts on the first working day after every blocker's due date. Adding a dependency that
// closes a loop is refused (the API's 409 names the loop's tasks); moving a task's dates offers to
// shift its dependents by shiftDependents. Pure: the callers load the project's tasks and edges.
import { withValues, type Text } from './locales';
import { addWorkingDays, DEFAULT_WORKWEEK, nextWorkingDay, workingDaysBetween, type Workweek } from './schedule-rules';
import { addDaysToDate } from './time-entry-rules';

/** `taskId` is blocked by `blockedById`: it may start only once that one is due. */
export type DependencyEdge = { readonly taskId: string; readonly blockedById: string };

/** A task as the plan sees it: its dates ('YYYY-MM-DD'), either of them possibly unset. */
export type PlannedTask = { readonly id: string; readonly startDate: string | null; readonly dueDate: string | null };

export type DateChange = { taskId: string; startDate: string | null; dueDate: string | null };

export const DEPENDENCY_MESSAGES = {
  selfDependency: /*i18n*/ { id: 'domain.task-dependencies.selfDependency', message: 'A task cannot be blocked by itself' },
  /** `{path}`: the loop's task titles, joined by dependencyCycleMessage. */
  cycle: /*i18n*/ { id: 'domain.task-dependencies.cycle', message: 'This would make a loop of tasks blocking each other: {path}' },
} as const;

/** The 409's message for a loop, given the titles along dependencyCycle's path. */
export function dependencyCycleMessage(titles: readonly string[]): Text {
  // dependencyCycle's [a, a]: the task named twice, blocked by itself.
  if (titles.length <= 2) return DEPENDENCY_MESSAGES.selfDependency;
  return withValues(DEPENDENCY_MESSAGES.cycle, { path: titles.join(' → ') });
}

/** The tasks that block `taskId`, in the edges' order. */
export function blockersOf(edges: readonly DependencyEdge[], taskId: string): string[] {
  return edges.filter((edge) => edge.taskId === taskId).map((edge) => edge.blockedById);
}

/** The tasks that `taskId` blocks, in the edges' order. */
export function dependentsOf(edges: readonly DependencyEdge[], taskId: string): string[] {
  return edges.filter((edge) => edge.blockedById === taskId).map((edge) => edge.taskId);
}

function indexBy(edges: readonly DependencyEdge[], key: 'taskId' | 'blockedById', other: 'taskId' | 'blockedById'): Map<string, string[]> {
  const index = new Map<string, string[]>();
  for (const edge of edges) {
    const list = index.get(edge[key]);
    if (list) list.push(edge[other]);
    else index.set(edge[key], [edge[other]]);
  }
  return index;
}

/**
 * Null when `taskId` may be blocked by `blockedById`; else the loop that edge would close, read
 * as "blocked by": [a, b, c, a] is a blocked by b, b by c, and c by a (the new edge is a's).
 * A task blocked by itself is the loop [a, a]. The path found is a shortest one.
 */
export function dependencyCycle(edges: readonly DependencyEdge[], edge: DependencyEdge): string[] | null {
  const { taskId, blockedById } = edge;
  if (taskId === blockedById) return [taskId, taskId];
  const blockers = indexBy(edges, 'taskId', 'blockedById');
  // Breadth first from the new blocker along "blocked by": reaching taskId closes the loop.
  const cameFrom = new Map<string, string | null>([[blockedById, null]]);
  const queue = [blockedById];
  for (let head = 0; head < queue.length; head += 1) {
    const current = queue[head]!;
    for (const next of blockers.get(current) ?? []) {
      if (cameFrom.has(next)) continue;
      cameFrom.set(next, current);
      if (next === taskId) {
        const path: string[] = [];
        for (let at: string | null = taskId; at !== null; at = cameFrom.get(at) ?? null) path.push(at);
        return [taskId, ...path.reverse()];
      }
      queue.push(next);
    }
  }
  return null;
}

export type ShiftInput = {
  readonly tasks: readonly PlannedTask[];
  readonly edges: readonly DependencyEdge[];
  /** The task whose dates changed; `tasks` holds its new dates. */
  readonly movedTaskId: string;
  readonly workweek?: Workweek;
};

/**
 * The date changes that keep every (transitive) dependent of `movedTaskId` after its blockers:
 * each one starts no earlier than the first working day after each blocker's due date. A task
 * that must move keeps its length in working days (at least one); one already late enough stays;
 * none moves earlier. A task without dates is left alone (and holds back no one after it); one
 * with a due date only moves that date; a blocker without a due date holds back no one. The moved
 * task itself never changes. Tasks on a loop (which dependencyCycle keeps out) are left alone.
 */
export function shiftDependents(input: ShiftInput): DateChange[] {
  const { tasks, edges, movedTaskId } = input;
  const workweek = input.workweek ?? DEFAULT_WORKWEEK;
  const dates = new Map(tasks.map((task) => [task.id, { startDate: task.startDate, dueDate: task.dueDate }]));
  const blockers = indexBy(edges, 'taskId', 'blockedById');
  const dependents = indexBy(edges, 'blockedById', 'taskId');

  // Every task downstream of the moved one.
  const affected = new Set<string>();
  const stack = [movedTaskId];
  while (stack.length > 0) {
    for (const next of dependents.get(stack.pop()!) ?? []) {
      if (next !== movedTaskId && !affected.has(next)) {
        affected.add(next);
        stack.push(next);
      }
    }
  }

  // Kahn's order over the affected tasks, so a task is placed after all of its affected blockers.
  const waiting = new Map<string, number>();
  for (const id of affected) waiting.set(id, (blockers.get(id) ?? []).filter((b) => affected.has(b)).length);
  const ready = [...affected].filter((id) => waiting.get(id) === 0);
  const changes: DateChange[] = [];
  for (let head = 0; head < ready.length; head += 1) {
    const id = ready[head]!;
    const change = placeAfterBlockers(id, blockers.get(id) ?? [], dates, workweek);
    if (change) {
      dates.set(id, { startDate: change.startDate, dueDate: change.dueDate });
      changes.push(change);
    }
    for (const next of dependents.get(id) ?? []) {
      if (!affected.has(next)) continue;
      const count = waiting.get(next)! - 1;
      waiting.set(next, count);
      if (count === 0) ready.push(next);
    }
  }
  return changes;
}

type Dates = { startDate: string | null; dueDate: string | null };

/** The change that puts task `id` after its blockers' due dates, or null when it need not move. */
function placeAfterBlockers(id: string, blockerIds: readonly string[], dates: Map<string, Dates>, workweek: Workweek): DateChange | null {
  const own = dates.get(id);
  if (!own) return null;
  const start = own.startDate ?? own.dueDate;
  if (start === null) return null;
  let latestDue: string | null = null;
  for (const blocker of blockerIds) {
    const due = dates.get(blocker)?.dueDate ?? null;
    if (due !== null && (latestDue === null || due > latestDue)) latestDue = due;
  }
  if (latestDue === null) return null;
  const earliest = nextWorkingDay(addDaysToDate(latestDue, 1), workweek);
  if (earliest === null || start >= earliest) return null;
  if (own.startDate === null) return { taskId: id, startDate: null, dueDate: earliest };
  if (own.dueDate === null) return { taskId: id, startDate: earliest, dueDate: null };
  const length = Math.max(1, workingDaysBetween(own.startDate, own.dueDate, workweek));
  const dueDate = addWorkingDays(earliest, length - 1, workweek);
  if (dueDate === null) return null;
  // A task that started on a day not worked may need only its start moved: its working days then
  // still end on or before its old due date, which stays (the days between are not worked).
  return { taskId: id, startDate: earliest, dueDate: dueDate > own.dueDate ? dueDate : own.dueDate };
}
