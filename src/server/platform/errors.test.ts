import { describe, expect, it } from 'vitest';
import { isDatabaseUnavailable } from './errors';

describe('isDatabaseUnavailable', () => {
  it('knows a lost connection by socket code, SQLSTATE or driver message, also when wrapped', () => {
    expect(isDatabaseUnavailable(Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }))).toBe(true);
    expect(isDatabaseUnavailable(Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' }))).toBe(true);
    expect(isDatabaseUnavailable(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(isDatabaseUnavailable(new Error('timeout exceeded when trying to connect'))).toBe(true);
    // Drizzle wraps the driver's error as the cause of its own.
    expect(isDatabaseUnavailable(new Error('Failed query: select 1', { cause: Object.assign(new Error('x'), { code: '08006' }) }))).toBe(true);
  });

  it('leaves other database errors alone', () => {
    expect(isDatabaseUnavailable(Object.assign(new Error('duplicate key value'), { code: '23505' }))).toBe(false);
    expect(isDatabaseUnavailable(new Error('syntax error at or near "x"'))).toBe(false);
    expect(isDatabaseUnavailable(undefined)).toBe(false);
  });
});
