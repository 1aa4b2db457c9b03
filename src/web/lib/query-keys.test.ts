import { describe, expect, it } from 'vitest';
import { QUERY_ROOTS } from './query-keys';

describe('the query-key registry (issue 47 item 3)', () => {
  it('gives each resource a root of its own, so refreshing one never reaches another', () => {
    const roots = Object.values(QUERY_ROOTS);
    expect(new Set(roots).size).toBe(roots.length);
  });
});
