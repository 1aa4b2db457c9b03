// The JSON item count that guards the parser (decision 019): what it counts and what it skips.
import { describe, expect, it } from 'vitest';
import { bodyLimitFor, BODY_LIMITS, countJsonItems } from './request-bodies';

describe('countJsonItems', () => {
  it.each([
    ['{}', 1],
    ['[]', 1],
    ['{"a":1}', 1],
    ['{"a":1,"b":2,"c":3}', 3],
    ['[1,2,3,4]', 4],
    ['{"a":[1,2],"b":{"c":3}}', 5],
    ['"just, a: string"', 0],
    ['{"a, b":"c, [d] {e}","f":"\\",\\"[{"}', 2],
    ['{"a":"\\\\","b":1}', 2],
  ])('%s holds %i', (text, items) => {
    expect(countJsonItems(text, 100)).toBe(items);
  });

  it('stops counting past the bound', () => {
    expect(countJsonItems(`[${'0,'.repeat(1_000_000)}0]`, 10)).toBe(11);
  });
});

describe('bodyLimitFor', () => {
  it('gives a route the limit of its kind', () => {
    expect(bodyLimitFor(undefined)).toBe(BODY_LIMITS.signedOut);
    expect(bodyLimitFor('link-write')).toBe(BODY_LIMITS.link);
    expect(bodyLimitFor('link-read')).toBe(BODY_LIMITS.link);
    expect(bodyLimitFor('member')).toBe(BODY_LIMITS.member);
    expect(bodyLimitFor('member-project')).toBe(BODY_LIMITS.member);
  });
});
