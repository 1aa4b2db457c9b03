// The form of one time entry (issue 32), shared by Log time and an entry's Edit: the duration as
// typed (1:30, 1.5h, 90m, 2h 15m, a bare number of hours), the day, a note and billable. The
// duration is read as it is typed, with the same schema as the server (timeEntryFormSchema); the
// server's refusal shows on its field (by its code), else under the form, and the form stays as typed.
import { useEffect } from 'react';
import { timeEntryFormSchema, type TimeEntryForm as TimeEntryFormInput } from '@/domain/time-entries';
import { localDate } from '@/domain/time-entry-rules';
import { Button } from '@/web/components/ui/button';
import { DialogFooter } from '@/web/components/ui/dialog';
import { Input } from '@/web/components/ui/input';
import { FormError, SchemaField, showFormError, showServerError, useSchemaForm, type ServerFields } from '@/web/components/ui/schema-form';
import { Switch } from '@/web/components/ui/switch';
import { Textarea } from '@/web/components/ui/textarea';
import { useT } from '@/web/lib/i18n';
import { TIME_TEXTS } from '../texts';

/** What the form sends: the duration in whole minutes, an empty note as none. */
export type TimeEntryFormValues = { minutes: number; workDate: string; note: string | null; billable: boolean };
/** What the form starts with: the duration as text. */
export type TimeEntryFormStart = { duration: string; workDate: string; note: string; billable: boolean };

/** Which field a refusal of the server belongs under: a day over 24:00, a day too far ahead. */
const SERVER_FIELDS: ServerFields<TimeEntryFormInput> = { day_full: 'duration', date_out_of_range: 'workDate' };

export const emptyTimeEntry = (): TimeEntryFormStart => ({ duration: '', workDate: localDate(new Date()), note: '', billable: true });

type Props = {
  start: TimeEntryFormStart;
  /** Saves; a rejection shows its message on its field and keeps the form as typed. */
  onSave: (values: TimeEntryFormValues) => Promise<unknown>;
  saving: boolean;
};

/** The fields and Save; its state lives while it is shown (a dialog's content), so each opening starts from `start`. */
export function TimeEntryForm({ start, onSave, saving }: Props) {
  const t = useT('time', 'domain');
  const form = useSchemaForm({ schema: timeEntryFormSchema, defaultValues: start });
  // The duration takes the focus once the form has filled it in, selected, so an entry's is typed
  // over (autoFocus focused the field before react-hook-form gave it its value: '1:30' then typing
  // '2h 15m' made '1:302h 15m').
  useEffect(() => form.setFocus('duration', { shouldSelect: true }), [form]);

  const submit = form.handleSubmit(({ duration, workDate, note, billable }) =>
    onSave({ minutes: duration, workDate, note, billable }).catch((error: unknown) => showServerError(form, error, SERVER_FIELDS) || showFormError(form, error)),
  );

  return (
    <form className="grid gap-4" onSubmit={submit} noValidate>
      {/* The duration is selected when focused, as a timesheet cell is: an entry's is typed over, not after. */}
      <SchemaField form={form} name="duration" label={t(TIME_TEXTS.duration)} hint={t(TIME_TEXTS.durationHint)}>
        <Input onFocus={(e) => e.currentTarget.select()} autoComplete="off" inputMode="text" />
      </SchemaField>
      <SchemaField form={form} name="workDate" label={t(TIME_TEXTS.date)}>
        <Input type="date" />
      </SchemaField>
      <SchemaField form={form} name="note" label={t(TIME_TEXTS.note)}>
        <Textarea rows={2} maxLength={1000} />
      </SchemaField>
      <SchemaField form={form} name="billable" label={t(TIME_TEXTS.billable)}>
        {(field) => <Switch ref={field.ref} checked={field.value ?? true} onCheckedChange={field.onChange} />}
      </SchemaField>
      <FormError form={form} />
      <DialogFooter>
        <Button type="submit" loading={saving} loadingText={t(TIME_TEXTS.saving)}>
          {t(TIME_TEXTS.save)}
        </Button>
      </DialogFooter>
    </form>
  );
}
