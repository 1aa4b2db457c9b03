// Issue 49 item 7: which decision settled a file's approval request.
import { describe, expect, it } from 'vitest';
import { settlingDecision } from './approval-states';

const decision = (version: number, id: string) => ({ id, version });

describe('settlingDecision', () => {
  it('is the newest decision on the version asked about, once decided', () => {
    const decisions = [decision(2, 'newest'), decision(2, 'older'), decision(1, 'first version')];
    expect(settlingDecision({ state: 'approved', version: 2, decisions })?.id).toBe('newest');
    expect(settlingDecision({ state: 'changes_requested', version: 1, decisions: [decision(1, 'only')] })?.id).toBe('only');
  });

  it('is none while the request awaits, even with decisions on it or on older versions', () => {
    expect(settlingDecision({ state: 'awaiting', version: 2, decisions: [decision(1, 'old')] })).toBeNull();
    // Staff asked again about the same version after a request for changes.
    expect(settlingDecision({ state: 'awaiting', version: 1, decisions: [decision(1, 'changes')] })).toBeNull();
    expect(settlingDecision(null)).toBeNull();
  });

  it('is none when no decision is on the version asked about', () => {
    expect(settlingDecision({ state: 'approved', version: 3, decisions: [decision(2, 'older version')] })).toBeNull();
  });
});
