// A manual time entry (issue 32): the duration as typed (1:30, 1.5h, 90m, 2h 15m, a bare number of
// hours), the day, a note and billable. The duration is read as it is typed, with the same rule
// as the server; the server's message shows on its field when it refuses.
import { useState, type FormEvent } from 'react';
import { formatMinutes, localDate, parseDuration, TIME_MESSAGES } from '@/domain/time-entry-rules';
import { Button } from '@/web/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/web/components/ui/dialog';
import { FormField } from '@/web/components/ui/form-field';
import { Input } from '@/web/components/ui/input';
import { Switch } from '@/web/components/ui/switch';
import { Textarea } from '@/web/components/ui/textarea';
import { errorMessage } from '@/web/lib/api-client';
import { notifySuccess } from '@/web/lib/notify';
import { useLogTime } from '../api';
import { TIME_TEXTS } from '../texts';

type Props = { open: boolean; onOpenChange: (open: boolean) => void; projectId: string; taskId: string | null; place: string };

export function LogTimeDialog({ open, onOpenChange, projectId, taskId, place }: Props) {
  const [duration, setDuration] = useState('');
  const [workDate, setWorkDate] = useState(() => localDate(new Date()));
  const [note, setNote] = useState('');
  const [billable, setBillable] = useState(true);
  const [errors, setErrors] = useState<{ duration?: string; workDate?: string; form?: string }>({});
  const log = useLogTime();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = parseDuration(duration);
    if (!parsed.ok) return setErrors({ duration: parsed.message });
    if (parsed.minutes === 0) return setErrors({ duration: TIME_MESSAGES.durationZero });
    setErrors({});
    log.mutate(
      { projectId, taskId, workDate, duration: parsed.minutes, note, billable },
      {
        onSuccess: (entry) => {
          notifySuccess(TIME_TEXTS.logged(formatMinutes(entry.minutes)));
          setDuration('');
          setNote('');
          onOpenChange(false);
        },
        onError: (error) => {
          const message = errorMessage(error);
          if (/date/i.test(message) && !/24:00/.test(message)) setErrors({ workDate: message });
          else if (/duration|24:00|hours/i.test(message)) setErrors({ duration: message });
          else setErrors({ form: message });
        },
      },
    );
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{TIME_TEXTS.logTimeTitle}</DialogTitle>
          <DialogDescription>{TIME_TEXTS.logTimeOn(place)}</DialogDescription>
        </DialogHeader>
        <form className="grid gap-4" onSubmit={submit} noValidate>
          <FormField label={TIME_TEXTS.duration} error={errors.duration} hint={TIME_TEXTS.durationHint}>
            <Input value={duration} onChange={(e) => setDuration(e.target.value)} autoComplete="off" inputMode="text" autoFocus />
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
            <Button type="submit" loading={log.isPending} loadingText={TIME_TEXTS.saving}>
              {TIME_TEXTS.save}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
