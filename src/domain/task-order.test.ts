import { describe, expect, it } from 'vitest';
import { compareBoardOrder, placeAfter, POSITION_STEP, positionAtEnd, type Placed } from './task-order';

const at = (id: string, position: number, createdAt = '2026-11-20T10:00:00.000Z'): Placed => ({ id, position, createdAt });

/** The column's ids in board order once the changes are applied. */
function orderAfter(column: Placed[], moved: Placed, changes: Array<{ id: string; position: number }>): string[] {
  const byId = new Map(changes.map((c) => [c.id, c.position]));
  const next = [...column.filter((t) => t.id !== moved.id), moved].map((t) => ({ ...t, position: byId.get(t.id) ?? t.position }));
  return next.sort(compareBoardOrder).map((t) => t.id);
}

describe('a task\'s place in its board column (issue 16)', () => {
  it('orders by position, then age, then id', () => {
    const column = [at('c', 1), at('b', 0, '2026-11-21T00:00:00.000Z'), at('a', 0, '2026-11-21T00:00:00.000Z'), at('z', 0)];
    expect([...column].sort(compareBoardOrder).map((t) => t.id)).toEqual(['z', 'a', 'b', 'c']);
  });

  it('puts a moved task halfway between its new neighbours, alone', () => {
    const column = [at('a', 10), at('b', 20), at('c', 30)];
    expect(placeAfter(column, at('x', 99), 'a')).toEqual([{ id: 'x', position: 15 }]);
    expect(placeAfter(column, at('x', 99), null)).toEqual([{ id: 'x', position: 10 - POSITION_STEP }]);
    expect(placeAfter(column, at('x', 99), 'c')).toEqual([{ id: 'x', position: 30 + POSITION_STEP }]);
    // Within its own column: the task itself is no neighbour.
    expect(placeAfter(column, column[0]!, 'b')).toEqual([{ id: 'a', position: 25 }]);
    expect(placeAfter([], at('x', 7), null)).toEqual([{ id: 'x', position: 7 }]);
  });

  it('numbers the column again when its neighbours share a position (the demo tasks, one millisecond)', () => {
    const column = [at('a', 0), at('b', 0, '2026-11-21T00:00:00.000Z'), at('c', 0, '2026-11-22T00:00:00.000Z')];
    const changes = placeAfter(column, at('x', 5000), 'a')!;
    expect(orderAfter(column, at('x', 5000), changes)).toEqual(['a', 'x', 'b', 'c']);
    expect(changes).toEqual([
      { id: 'a', position: POSITION_STEP },
      { id: 'x', position: 2 * POSITION_STEP },
      { id: 'b', position: 3 * POSITION_STEP },
      { id: 'c', position: 4 * POSITION_STEP },
    ]);
  });

  it('keeps every drop where it was asked for after the gap is halved past what a number can hold', () => {
    let column = [at('a', 1_764_000_000_000), at('b', 1_764_000_000_001)];
    let renumbered = 0;
    for (let i = 0; i < 80; i += 1) {
      const moved = at(`x${i}`, 0);
      const changes = placeAfter(column, moved, 'a')!;
      if (changes.length > 1) renumbered += 1;
      const byId = new Map(changes.map((c) => [c.id, c.position]));
      column = [...column, moved].map((t) => ({ ...t, position: byId.get(t.id) ?? t.position }));
      const order = [...column].sort(compareBoardOrder).map((t) => t.id);
      expect(order.slice(0, 2)).toEqual(['a', `x${i}`]);
      expect(order.at(-1)).toBe('b');
    }
    expect(renumbered).toBeGreaterThan(0);
  });

  it('stores nothing when the task is already right after that neighbour', () => {
    const column = [at('a', 10), at('b', 20), at('c', 30)];
    expect(placeAfter(column, column[1]!, 'a')).toEqual([]);
    expect(placeAfter(column, column[0]!, null)).toEqual([]);
    expect(placeAfter(column, column[0]!, 'c')).toEqual([{ id: 'a', position: 30 + POSITION_STEP }]);
  });

  it('refuses a neighbour that is not in the column, or the task itself', () => {
    const column = [at('a', 10)];
    expect(placeAfter(column, at('x', 0), 'gone')).toBeNull();
    expect(placeAfter(column, at('x', 0), 'x')).toBeNull();
  });

  it('puts a task last in a column', () => {
    expect(positionAtEnd([at('a', 10), at('b', 40), at('c', 20)], at('x', 0))).toBe(40 + POSITION_STEP);
    expect(positionAtEnd([at('x', 50)], at('x', 50))).toBe(50);
  });
});
