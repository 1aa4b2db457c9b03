import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { withValues } from './locales';
import { addWorkingDays, DEFAULT_WORKWEEK, isWorkingDay, nextWorkingDay, workingDaysBetween, type IsoWeekday, type Workweek } from './schedule-rules';
import {
  blockersOf,
  DEPENDENCY_MESSAGES,
  dependencyCycle,
  dependencyCycleMessage,
  dependentsOf,
  shiftDependents,
  type DependencyEdge,
  type PlannedTask,
} from './task-dependencies';
import { addDaysToDate } from './time-entry-rules';

const blockedBy = (taskId: string, blockedById: string): DependencyEdge => ({ taskId, blockedById });
const task = (id: string, startDate: string | null, dueDate: string | null): PlannedTask => ({ id, startDate, dueDate });

describe('task dependencies (issue 51)', () => {
  const edges = [blockedBy('b', 'a'), blockedBy('c', 'b'), blockedBy('c', 'x')];

  it('lists a task\'s blockers and dependents', () => {
    expect(blockersOf(edges, 'c')).toEqual(['b', 'x']);
    expect(blockersOf(edges, 'a')).toEqual([]);
    expect(dependentsOf(edges, 'a')).toEqual(['b']);
    expect(dependentsOf(edges, 'c')).toEqual([]);
  });

  it('finds the loop an edge would close, read as "blocked by"', () => {
    // a blocked by c, c by b, b by a: the loop a → c → b → a.
    expect(dependencyCycle(edges, blockedBy('a', 'c'))).toEqual(['a', 'c', 'b', 'a']);
    expect(dependencyCycle(edges, blockedBy('a', 'b'))).toEqual(['a', 'b', 'a']);
    expect(dependencyCycle(edges, blockedBy('a', 'a'))).toEqual(['a', 'a']);
    expect(dependencyCycle([], blockedBy('q', 'q'))).toEqual(['q', 'q']);
  });

  it('allows an edge that closes no loop, a repeated one included', () => {
    expect(dependencyCycle(edges, blockedBy('c', 'a'))).toBeNull();
    expect(dependencyCycle(edges, blockedBy('x', 'a'))).toBeNull();
    expect(dependencyCycle(edges, blockedBy('b', 'a'))).toBeNull();
    expect(dependencyCycle([], blockedBy('a', 'b'))).toBeNull();
  });

  it('says the loop with the tasks\' titles', () => {
    expect(dependencyCycleMessage(['Design', 'Build', 'Design'])).toEqual(withValues(DEPENDENCY_MESSAGES.cycle, { path: 'Design → Build → Design' }));
    expect(dependencyCycleMessage(['Design', 'Design'])).toBe(DEPENDENCY_MESSAGES.selfDependency);
  });
});

describe('shifting dependents after a task moves', () => {
  // Monday 2026-11-30 .. Friday 2026-12-04; the week after starts 2026-12-07.
  it('starts a dependent on the first working day after its blocker is due, keeping its working days', () => {
    const tasks = [task('design', '2026-11-30', '2026-12-04'), task('build', '2026-12-03', '2026-12-07')];
    // build ran Thursday to Monday: 3 working days; design now ends Friday, so build starts Monday.
    expect(shiftDependents({ tasks, edges: [blockedBy('build', 'design')], movedTaskId: 'design' })).toEqual([
      { taskId: 'build', startDate: '2026-12-07', dueDate: '2026-12-09' },
    ]);
  });

  it('moves the dependents of dependents, after the latest of each one\'s blockers', () => {
    const tasks = [
      task('a', '2026-11-30', '2026-12-02'),
      task('b', '2026-12-01', '2026-12-01'),
      task('c', '2026-12-10', '2026-12-10'),
      task('d', '2026-12-02', '2026-12-03'),
    ];
    const edges = [blockedBy('b', 'a'), blockedBy('d', 'b'), blockedBy('d', 'c')];
    expect(shiftDependents({ tasks, edges, movedTaskId: 'a' })).toEqual([
      { taskId: 'b', startDate: '2026-12-03', dueDate: '2026-12-03' },
      { taskId: 'd', startDate: '2026-12-11', dueDate: '2026-12-14' },
    ]);
  });

  it('leaves a dependent already late enough, and never moves one earlier', () => {
    const tasks = [task('a', '2026-11-30', '2026-12-01'), task('b', '2026-12-02', '2026-12-02'), task('c', '2027-01-04', '2027-01-05')];
    expect(shiftDependents({ tasks, edges: [blockedBy('b', 'a'), blockedBy('c', 'a')], movedTaskId: 'a' })).toEqual([]);
  });

  it('skips weekends and days off of the workweek', () => {
    const workweek: Workweek = { weekdays: [1, 2, 3, 4, 5], daysOff: new Set(['2026-12-07']) };
    const tasks = [task('a', '2026-12-03', '2026-12-04'), task('b', '2026-12-04', '2026-12-08')];
    // b had Friday, Tuesday (Monday is a day off): 2 working days, from Tuesday then.
    expect(shiftDependents({ tasks, edges: [blockedBy('b', 'a')], movedTaskId: 'a', workweek })).toEqual([
      { taskId: 'b', startDate: '2026-12-08', dueDate: '2026-12-09' },
    ]);
  });

  it('leaves tasks without dates alone, and moves a task with a due date only by that date', () => {
    const tasks = [task('a', null, '2026-12-04'), task('none', null, null), task('after', '2026-12-01', '2026-12-01'), task('due', null, '2026-12-02'), task('start', '2026-12-01', null)];
    const edges = [blockedBy('none', 'a'), blockedBy('after', 'none'), blockedBy('due', 'a'), blockedBy('start', 'a')];
    expect(shiftDependents({ tasks, edges, movedTaskId: 'a' })).toEqual([
      { taskId: 'due', startDate: null, dueDate: '2026-12-07' },
      { taskId: 'start', startDate: '2026-12-07', dueDate: null },
    ]);
  });

  it('is not held back by a blocker without a due date, nor changes the moved task', () => {
    const tasks = [task('a', '2026-12-01', null), task('b', '2026-11-30', '2026-11-30')];
    expect(shiftDependents({ tasks, edges: [blockedBy('b', 'a')], movedTaskId: 'a' })).toEqual([]);
    // A loop (refused when added) does not make it loop or move the moved task.
    const loop = [task('a', '2026-11-30', '2026-12-04'), task('b', '2026-11-30', '2026-11-30')];
    expect(shiftDependents({ tasks: loop, edges: [blockedBy('b', 'a'), blockedBy('a', 'b')], movedTaskId: 'a' })).toEqual([
      { taskId: 'b', startDate: '2026-12-07', dueDate: '2026-12-07' },
    ]);
  });

  it('moves a start off a day not worked without moving the due date, when that is enough', () => {
    // Thursdays only: b ran Tuesday to Thursday, one working day, and a is due the Monday before.
    const tasks = [task('a', '2026-01-01', '2026-01-05'), task('b', '2026-01-06', '2026-01-08')];
    expect(shiftDependents({ tasks, edges: [blockedBy('b', 'a')], movedTaskId: 'a', workweek: { weekdays: [4] } })).toEqual([
      { taskId: 'b', startDate: '2026-01-08', dueDate: '2026-01-08' },
    ]);
  });

  it('keeps the due date when the working days still end before it', () => {
    // Fridays only: d ran Saturday to the next Saturday, its one working day that Friday, after c.
    const tasks = [task('c', '2027-01-27', '2027-01-29'), task('d', '2027-01-30', '2027-02-06')];
    expect(shiftDependents({ tasks, edges: [blockedBy('d', 'c')], movedTaskId: 'c', workweek: { weekdays: [5] } })).toEqual([
      { taskId: 'd', startDate: '2027-02-05', dueDate: '2027-02-06' },
    ]);
  });

  it('moves across the clock changes like any other week', () => {
    const tasks = [task('a', '2026-10-21', '2026-10-23'), task('b', '2026-10-22', '2026-10-23')];
    expect(shiftDependents({ tasks, edges: [blockedBy('b', 'a')], movedTaskId: 'a' })).toEqual([
      { taskId: 'b', startDate: '2026-10-26', dueDate: '2026-10-27' },
    ]);
  });
});

const IDS = ['a', 'b', 'c', 'd', 'e', 'f', 'g'];
const idArb = fc.constantFrom(...IDS);

/** Whether `from` reaches `to` by following "blocked by" edges, walked the slow way. */
function reaches(edges: readonly DependencyEdge[], from: string, to: string): boolean {
  const seen = new Set([from]);
  let changed = true;
  while (changed) {
    changed = false;
    for (const edge of edges) {
      if (seen.has(edge.taskId) && !seen.has(edge.blockedById)) {
        seen.add(edge.blockedById);
        changed = true;
      }
    }
  }
  return seen.has(to);
}

describe('dependencies on random graphs (properties)', () => {
  it('dependencyCycle finds a loop exactly when the new blocker already waits on the task', () => {
    const edgeArb = fc.tuple(idArb, idArb).map(([taskId, blockedById]) => blockedBy(taskId, blockedById));
    fc.assert(
      fc.property(fc.array(edgeArb, { maxLength: 14 }), edgeArb, (edges, edge) => {
        const cycle = dependencyCycle(edges, edge);
        const loops = edge.taskId === edge.blockedById || reaches(edges, edge.blockedById, edge.taskId);
        expect(cycle !== null).toBe(loops);
        if (cycle === null) return;
        expect(cycle[0]).toBe(edge.taskId);
        expect(cycle.at(-1)).toBe(edge.taskId);
        expect(cycle[1]).toBe(edge.blockedById);
        // Every later step is an edge there already.
        for (let i = 1; i < cycle.length - 1; i += 1) {
          expect(edges.some((e) => e.taskId === cycle[i] && e.blockedById === cycle[i + 1])).toBe(true);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('after shiftDependents every dependent starts after its blockers, none moved earlier, lengths kept', () => {
    const dateArb = fc.option(
      fc.integer({ min: 0, max: 400 }).map((days) => addDaysToDate('2026-01-01', days)),
      { nil: null, freq: 5 },
    );
    const taskArb = fc.tuple(dateArb, fc.integer({ min: 0, max: 20 }), fc.boolean()).map(([start, length, hasDue]) => ({
      startDate: start,
      dueDate: start !== null && hasDue ? addDaysToDate(start, length) : start === null && hasDue ? '2026-06-01' : null,
    }));
    // Acyclic: a task is blocked only by tasks before it in IDS.
    const edgeArb = fc
      .tuple(fc.integer({ min: 1, max: IDS.length - 1 }), fc.nat())
      .map(([later, pick]) => blockedBy(IDS[later]!, IDS[pick % later]!));
    const workweekArb: fc.Arbitrary<Workweek> = fc.subarray<IsoWeekday>([1, 2, 3, 4, 5, 6, 7], { minLength: 1 }).map((weekdays) => ({ weekdays }));
    fc.assert(
      fc.property(
        fc.array(taskArb, { minLength: IDS.length, maxLength: IDS.length }),
        fc.array(edgeArb, { maxLength: 12 }),
        idArb,
        fc.oneof(fc.constant(DEFAULT_WORKWEEK), workweekArb),
        (dated, edges, movedTaskId, workweek) => {
          const tasks = IDS.map((id, i) => task(id, dated[i]!.startDate, dated[i]!.dueDate));
          const changes = shiftDependents({ tasks, edges, movedTaskId, workweek });
          const before = new Map(tasks.map((t) => [t.id, t]));
          const after = new Map(tasks.map((t) => [t.id, t]));
          for (const change of changes) after.set(change.taskId, task(change.taskId, change.startDate, change.dueDate));

          const downstream = new Set(IDS.filter((id) => id !== movedTaskId && reaches(edges, id, movedTaskId)));
          for (const change of changes) {
            const old = before.get(change.taskId)!;
            expect(downstream.has(change.taskId)).toBe(true);
            expect(change.startDate === null).toBe(old.startDate === null);
            expect(change.dueDate === null).toBe(old.dueDate === null);
            // Its start (or its due date, when that is all it has) moves later; neither date earlier.
            expect((change.startDate ?? change.dueDate!) > (old.startDate ?? old.dueDate!)).toBe(true);
            if (old.startDate !== null) expect(change.startDate! >= old.startDate).toBe(true);
            if (old.dueDate !== null) expect(change.dueDate! >= old.dueDate).toBe(true);
            if (change.startDate !== null) expect(isWorkingDay(change.startDate, workweek)).toBe(true);
            if (old.startDate !== null && old.dueDate !== null) {
              expect(workingDaysBetween(change.startDate!, change.dueDate!, workweek)).toBe(Math.max(1, workingDaysBetween(old.startDate, old.dueDate, workweek)));
            }
          }
          for (const edge of edges) {
            if (!downstream.has(edge.taskId)) continue;
            const dependent = after.get(edge.taskId)!;
            const blockerDue = after.get(edge.blockedById)!.dueDate;
            const start = dependent.startDate ?? dependent.dueDate;
            if (start === null || blockerDue === null) continue;
            expect(start >= nextWorkingDay(addDaysToDate(blockerDue, 1), workweek)!).toBe(true);
          }
          // A task that moved had to: one day earlier would break an edge into it.
          for (const change of changes) {
            const start = change.startDate ?? change.dueDate!;
            const dues = blockersOf(edges, change.taskId).flatMap((id) => after.get(id)!.dueDate ?? []);
            expect(dues.some((due) => addWorkingDays(addDaysToDate(due, 1), 0, workweek) === start)).toBe(true);
          }
        },
      ),
      { numRuns: 300 },
    );
  });
});
