// The task panel's Repeat control (issue 51 item 4): None, Every weekday, Weekly on chosen days,
// Monthly on day N, Monthly on the n-th weekday. Each change saves at once, as the panel's other
// fields do; a weekly rule with no day is not sent (it says to choose one). The choices start
// from the task's due date (its weekday, its day of the month, which of its weekday it is).
import { useState } from 'react';
import {
  NTH_WEEKDAYS,
  NTH_WORDS,
  serializeRecurrence,
  storedRecurrence,
  weekdayOf,
  WEEKDAYS,
  type NthWeekday,
  type Recurrence,
  type Weekday,
} from '@/domain/recurrence-rules';
import type { Task } from '@/domain/tasks';
import { Input } from '@/web/components/ui/input';
import { NativeSelect } from '@/web/components/ui/native-select';
import { cn } from '@/web/lib/class-names';
import { translate, useLocale, useT } from '@/web/lib/i18n';
import { notifyError } from '@/web/lib/notify';
import type { ProjectSource } from '@/web/lib/project-source';
import { useSetRecurrence } from '../plan-api';
import { TASK_TEXTS } from '../texts';
import { useRecurrenceWords } from './recurrence-words';

type Kind = 'none' | Recurrence['kind'];
const KINDS: Array<{ kind: Kind; label: (typeof TASK_TEXTS.repeat)[keyof typeof TASK_TEXTS.repeat] }> = [
  { kind: 'none', label: TASK_TEXTS.repeat.none },
  { kind: 'weekdays', label: TASK_TEXTS.repeat.weekdays },
  { kind: 'weekly', label: TASK_TEXTS.repeat.weekly },
  { kind: 'monthly_day', label: TASK_TEXTS.repeat.monthlyDay },
  { kind: 'monthly_weekday', label: TASK_TEXTS.repeat.monthlyWeekday },
];

/** The rule each kind starts as, from the task's due date (today when it has none). */
function startingRule(kind: Exclude<Kind, 'none' | 'daily'>, date: string): Recurrence {
  const day = Number(date.slice(8, 10));
  switch (kind) {
    case 'weekdays':
      return { kind };
    case 'weekly':
      return { kind, interval: 1, days: [weekdayOf(date)] };
    case 'monthly_day':
      return { kind, interval: 1, day };
    case 'monthly_weekday':
      return { kind, interval: 1, weekday: weekdayOf(date), nth: day > 28 ? -1 : (Math.ceil(day / 7) as NthWeekday) };
  }
}

function dayName(locale: string, day: Weekday, width: 'short' | 'long') {
  // 2024-01-01 was a Monday.
  return new Intl.DateTimeFormat(locale, { weekday: width, timeZone: 'UTC' }).format(new Date(Date.UTC(2024, 0, 1 + WEEKDAYS.indexOf(day))));
}

export function RepeatControl({ source, task }: { source: ProjectSource; task: Task }) {
  const t = useT('tasks', 'domain');
  const locale = useLocale();
  const save = useSetRecurrence(source);
  const words = useRecurrenceWords(task);
  const stored = storedRecurrence(task.recurrence?.rule);
  // A weekly rule being chosen with no day yet: shown, not saved.
  const [draft, setDraft] = useState<Recurrence | null>(null);
  const shown = draft ?? stored;
  const kind: Kind = shown ? shown.kind : 'none';
  const from = task.dueDate ?? new Date().toISOString().slice(0, 10);

  const send = (next: Recurrence | null) => {
    if (next?.kind === 'weekly' && next.days.length === 0) {
      setDraft(next);
      return;
    }
    setDraft(null);
    save.mutate(
      { taskId: task.id, rule: next ? serializeRecurrence(next) : null },
      { onError: (error) => notifyError(error, translate(TASK_TEXTS.repeat.saveFailed)) },
    );
  };

  return (
    <div className="grid gap-2">
      <NativeSelect
        aria-label={t(TASK_TEXTS.repeat.label)}
        className="w-full max-w-64"
        value={kind}
        disabled={save.isPending}
        onChange={(event) => {
          const value = event.target.value as Kind;
          send(value === 'none' ? null : value === 'daily' ? stored : startingRule(value, from));
        }}
      >
        {KINDS.map((option) => (
          <option key={option.kind} value={option.kind}>
            {t(option.label)}
          </option>
        ))}
        {/* A rule set through the API that the control has no choice for (every N days). */}
        {kind === 'daily' ? <option value="daily">{t(TASK_TEXTS.repeat.other)}</option> : null}
      </NativeSelect>
      {shown?.kind === 'weekly' ? (
        <div role="group" aria-label={t(TASK_TEXTS.repeat.days)} className="flex flex-wrap gap-1">
          {WEEKDAYS.map((day) => {
            const on = shown.days.includes(day);
            return (
              <button
                key={day}
                type="button"
                aria-pressed={on}
                aria-label={dayName(locale, day, 'long')}
                disabled={save.isPending}
                onClick={() => send({ ...shown, days: on ? shown.days.filter((d) => d !== day) : WEEKDAYS.filter((d) => d === day || shown.days.includes(d)) })}
                className={cn(
                  'h-8 min-w-10 rounded-md border px-2 text-xs font-medium outline-none focus-visible:ring-2 focus-visible:ring-ring',
                  on ? 'border-primary bg-primary text-primary-foreground' : 'bg-background hover:bg-muted',
                )}
              >
                {dayName(locale, day, 'short')}
              </button>
            );
          })}
        </div>
      ) : null}
      {shown?.kind === 'weekly' && shown.days.length === 0 ? <p className="text-xs text-red-700">{t(TASK_TEXTS.repeat.chooseDay)}</p> : null}
      {shown?.kind === 'monthly_day' ? (
        <MonthDayInput key={shown.day} day={shown.day} label={t(TASK_TEXTS.repeat.dayOfMonth)} onSave={(day) => send({ ...shown, day })} />
      ) : null}
      {shown?.kind === 'monthly_weekday' ? (
        <div className="flex flex-wrap gap-2">
          <NativeSelect
            aria-label={t(TASK_TEXTS.repeat.nth)}
            value={String(shown.nth)}
            disabled={save.isPending}
            onChange={(event) => send({ ...shown, nth: Number(event.target.value) as NthWeekday })}
          >
            {NTH_WEEKDAYS.map((nth) => (
              <option key={nth} value={String(nth)}>
                {t(NTH_WORDS[nth])}
              </option>
            ))}
          </NativeSelect>
          <NativeSelect
            aria-label={t(TASK_TEXTS.repeat.weekday)}
            value={shown.weekday}
            disabled={save.isPending}
            onChange={(event) => send({ ...shown, weekday: event.target.value as Weekday })}
          >
            {WEEKDAYS.map((day) => (
              <option key={day} value={day}>
                {dayName(locale, day, 'long')}
              </option>
            ))}
          </NativeSelect>
        </div>
      ) : null}
      {words && !draft ? <p className="text-xs text-muted-foreground">{words}</p> : null}
    </div>
  );
}

/** The day of the month, 1-31, saved on leaving the field or Enter. */
function MonthDayInput({ day, label, onSave }: { day: number; label: string; onSave: (day: number) => void }) {
  const [value, setValue] = useState(String(day));
  const commit = () => {
    const next = Number(value);
    if (Number.isInteger(next) && next >= 1 && next <= 31 && next !== day) onSave(next);
    else setValue(String(day));
  };
  return (
    <Input
      type="number"
      min={1}
      max={31}
      aria-label={label}
      className="h-9 w-24"
      value={value}
      onChange={(event) => setValue(event.target.value)}
      onBlur={commit}
      onKeyDown={(event) => {
        if (event.key === 'Enter') commit();
      }}
    />
  );
}
