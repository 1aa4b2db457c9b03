// A task's rule in words (issue 51 item 4), loaded apart: a share link's page never shows a rule, in the reader's language: "Repeats weekly on Mon, Thu".
import { Repeat } from 'lucide-react';
import { recurrenceWords, storedRecurrence } from '@/domain/recurrence-rules';
import type { Task } from '@/domain/tasks';
import { formatDate } from '@/web/lib/format-date';
import { useLocale, useT } from '@/web/lib/i18n';

/** The words of the task's rule, or null when it does not repeat (or its rule is none the product offers). */
export function useRecurrenceWords(task: Pick<Task, 'recurrence'>): string | null {
  const t = useT('domain');
  const locale = useLocale();
  const recurrence = storedRecurrence(task.recurrence?.rule);
  return recurrence ? t(recurrenceWords(recurrence, { locale, say: (text) => t(text), formatDate })) : null;
}

/** The rule on the task's row ("Repeats weekly on Mon, Thu"). */
export function RecurrenceLine({ task }: { task: Pick<Task, 'recurrence'> }) {
  const words = useRecurrenceWords(task);
  return words ? (
    <span className="inline-flex items-center gap-1" data-recurrence="">
      <Repeat aria-hidden className="size-3" />
      {words}
    </span>
  ) : null;
}

/** The rule in the panel, for members who may not change it. */
export function RecurrenceText({ task }: { task: Pick<Task, 'recurrence'> }) {
  const words = useRecurrenceWords(task);
  return <dd className={words ? undefined : 'text-muted-foreground'}>{words ?? '—'}</dd>;
}
