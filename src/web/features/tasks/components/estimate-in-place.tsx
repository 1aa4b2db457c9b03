// A task's estimate in its panel (issue 51): set by staff, typed as a time entry's duration, and
// read by the others as h:mm. Loaded when a panel shows one: durations' rules are the dashboard's
// words (vite.config.ts), no part of a share link's page.
import { useId, useState } from 'react';
import type { Text } from '@/domain/locales';
import { parseEstimate } from '@/domain/schedule-rules';
import { formatMinutes } from '@/domain/time-rules';
import { Input } from '@/web/components/ui/input';
import { useT } from '@/web/lib/i18n';
import { TASK_TEXTS } from '../texts';
import { useSaveField, type FieldProps } from './task-fields-in-place';

/**
 * Issue 51: the estimate, typed as a time entry's duration (`2h`, `1:30`); saved on Enter or on
 * leaving the field, emptied to clear it. What cannot be read is said under the field and not sent.
 */
export function EstimateInPlace({ source, task }: FieldProps) {
  const t = useT('tasks', 'domain-shared', 'domain');
  const save = useSaveField(source, task.id);
  const storedText = task.estimateMinutes === null ? '' : formatMinutes(task.estimateMinutes);
  const [draft, setDraft] = useState(storedText);
  const [problem, setProblem] = useState<Text | null>(null);
  const [shown, setShown] = useState(task.estimateMinutes);
  if (shown !== task.estimateMinutes) {
    setShown(task.estimateMinutes);
    setDraft(storedText);
    setProblem(null);
  }
  const messageId = useId();

  const commit = () => {
    if (draft.trim() === '') {
      setProblem(null);
      if (task.estimateMinutes !== null) save({ estimateMinutes: null });
      return;
    }
    const read = parseEstimate(draft);
    if (!read.ok) {
      setProblem(read.message);
      return;
    }
    setProblem(null);
    if (read.minutes !== task.estimateMinutes) save({ estimateMinutes: read.minutes });
  };

  return (
    <span className="grid gap-1">
      <Input
        aria-label={t(TASK_TEXTS.fields.estimate)}
        aria-invalid={problem ? true : undefined}
        aria-describedby={problem ? messageId : undefined}
        placeholder={t(TASK_TEXTS.estimateHint)}
        autoComplete="off"
        className="h-9 w-44"
        value={draft}
        onChange={(event) => setDraft(event.target.value)}
        onBlur={commit}
        onKeyDown={(event) => {
          if (event.key === 'Enter') commit();
        }}
      />
      {problem ? (
        <span id={messageId} role="alert" className="text-xs font-medium text-destructive">
          {t(problem)}
        </span>
      ) : null}
    </span>
  );
}

/** The estimate as h:mm, for those who may not change it. */
export function EstimateText({ minutes }: { minutes: number }) {
  return <>{formatMinutes(minutes)}</>;
}
