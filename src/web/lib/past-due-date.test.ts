import { describe, expect, it } from 'vitest';
import type { Resolver } from 'react-hook-form';
import { refusingPastDueDate } from './past-due-date';
import { todayIso } from './format-date';

type Values = { dueDate: string };
const accepting: Resolver<Values, unknown, Values> = (values) => ({ values, errors: {} });
const options = { fields: {}, shouldUseNativeValidation: false } as Parameters<Resolver<Values>>[2];

describe('refusingPastDueDate (issue 27)', () => {
  it('adds the message to a date before today, and keeps today, later or empty', async () => {
    const resolver = refusingPastDueDate(accepting, 'Due date cannot be in the past.');
    expect((await resolver({ dueDate: '2020-01-01' }, undefined, options)).errors.dueDate?.message).toBe('Due date cannot be in the past.');
    for (const dueDate of [todayIso(), '2999-12-31', '']) expect((await resolver({ dueDate }, undefined, options)).errors).toEqual({});
  });

  it('lets an edit keep the past date the record already has', async () => {
    const resolver = refusingPastDueDate(accepting, 'Due date cannot be in the past.', () => '2020-01-01');
    expect((await resolver({ dueDate: '2020-01-01' }, undefined, options)).errors).toEqual({});
    expect((await resolver({ dueDate: '2020-01-02' }, undefined, options)).errors.dueDate).toBeDefined();
  });
});
