// The form of one time entry (issue 32), shared by Log time and an entry's Edit: the duration as
// typed (1:30, 1.5h, 90m, 2h 15m, a bare number of hours), the day, a note and billable. The
// duration is read as it is typed, with the same rule as the server; the server's message shows
// on its field when it refuses, and the form stays as typed.
import { useState, type FormEvent } from 'react';
import { localDate, parseDuration, TIME_MESSAGES } from '@/domain/time-entry-rules';
import { Button } from '@/web/components/ui/button';
import { DialogFooter } from '@/web/components/ui/dialog';
import { FormField } from '@/web/components/ui/form-field';
import { Input } from '@/web/components/ui/input';
import { Switch } from '@/web/components/ui/switch';
import { Textarea } from '@/web/components/ui/textarea';
import { errorMessage } from '@/web/lib/api-client';
import { TIME_TEXTS } from '../texts';

/** What the form sends: the duration in whole minutes. */
export type TimeEntryFormValues = { minutes: number; workDate: string; note: string; billable: boolean };
/** What the form starts with: the duration as text. */
export type TimeEntryFormStart = { duration: string; workDate: string; note: string; billable: boolean };

type Errors = { duration?: string; workDate?: string; form?: string };

/** Which field a server's refusal belongs to, by its message: the day, the duration, or the form. */
export function errorField(message: string): keyof Errors {
  if (/date/i.test(message) && !/24:00/.test(message)) return 'workDate';
  if (/duration|24:00|hours/i.test(message)) return 'duration';
  return 'form';
}

export const emptyTimeEntry = (): TimeEntryFormStart => ({ duration: '', workDate: localDate(new Date()), note: '', billable: true });

type Props = {
  start: TimeEntryFormStart;
  /** Saves; a rejection shows its message on its field and keeps the form as typed. */
  onSave: (values: TimeEntryFormValues) => Promise<unknown>;
  saving: boolean;
};

/** The fields and Save; its state lives while it is shown (a dialog's content), so each opening starts from `start`. */
export function TimeEntryForm({ start, onSave, saving }: Props) {
  const [duration, setDuration] = useState(start.duration);
  const [workDate, setWorkDate] = useState(start.workDate);
  const [note, setNote] = useState(start.note);
  const [billable, setBillable] = useState(start.billable);
  const [errors, setErrors] = useState<Errors>({});

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = parseDuration(duration);
    if (!parsed.ok) return setErrors({ duration: parsed.message });
    if (parsed.minutes === 0) return setErrors({ duration: TIME_MESSAGES.durationZero });
    setErrors({});
    onSave({ minutes: parsed.minutes, workDate, note, billable }).catch((error: unknown) => {
      const message = errorMessage(error);
      setErrors({ [errorField(message)]: message });
    });
  };

  return (
    <form className="grid gap-4" onSubmit={submit} noValidate>
      {/* The duration is selected when focused, as a timesheet cell is: an entry's is typed over, not after. */}
      <FormField label={TIME_TEXTS.duration} error={errors.duration} hint={TIME_TEXTS.durationHint}>
        <Input value={duration} onChange={(e) => setDuration(e.target.value)} onFocus={(e) => e.currentTarget.select()} autoComplete="off" inputMode="text" autoFocus />
      </FormField>
      <FormField label={TIME_TEXTS.date} error={errors.workDate}>
        <Input type="date" value={workDate} onChange={(e) => setWorkDate(e.target.value)} />
      </FormField>
      <FormField label={TIME_TEXTS.note}>
        <Textarea value={note} onChange={(e) => setNote(e.target.value)} rows={2} maxLength={1000} />
      </FormField>
      <FormField label={TIME_TEXTS.billable}>
        <Switch checked={billable} onCheckedChange={setBillable} />
      </FormField>
      {errors.form ? (
        <p role="alert" className="text-sm font-medium text-destructive">
          {errors.form}
        </p>
      ) : null}
      <DialogFooter>
        <Button type="submit" loading={saving} loadingText={TIME_TEXTS.saving}>
          {TIME_TEXTS.save}
        </Button>
      </DialogFooter>
    </form>
  );
}
