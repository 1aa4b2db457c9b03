// Issue 27: a due date before today was refused only by the server's toast after sending. The
// project and task forms check it at the field first, with the server's own rule and words
// (domain isPastDate), against today in the browser's zone.
import type { FieldErrors, FieldValues, Resolver } from 'react-hook-form';
import { isPastDate } from '@/domain/project-rules';
import { todayIso } from './format-date';

/**
 * `resolver`, plus 'Due date cannot be in the past.' on `dueDate` when it is before today.
 * `kept()` answers the date the record already has, which stays allowed on an edit.
 */
export function refusingPastDueDate<Values extends FieldValues, Context, Output>(
  resolver: Resolver<Values, Context, Output>,
  message: string,
  kept: () => string | null = () => null,
): Resolver<Values, Context, Output> {
  return async (values, context, options) => {
    const result = await resolver(values, context, options);
    const dueDate: unknown = values.dueDate;
    if (typeof dueDate !== 'string' || !isPastDate(dueDate, todayIso(), kept()) || result.errors.dueDate) return result;
    // The generic Values cannot tell the compiler that dueDate is one of its fields; each form's is.
    const errors = { ...result.errors, dueDate: { type: 'past', message } } as FieldErrors<Values>;
    return { values: {}, errors };
  };
}
