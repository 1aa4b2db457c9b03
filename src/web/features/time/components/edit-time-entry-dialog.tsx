// Edit one time entry (issue 32): the entry's form (time-entry-form.tsx, as Log time has it)
// started from the entry. Saved, it closes with a toast; refused, it stays open with the
// server's message on its field.
import { formatMinutes } from '@/domain/time-entry-rules';
import type { TimeEntry } from '@/domain/time-entries';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/web/components/ui/dialog';
import { useT } from '@/web/lib/i18n';
import { notifySuccess } from '@/web/lib/notify';
import { timerPlace, useUpdateTimeEntry } from '../api';
import { TIME_TEXTS } from '../texts';
import { TimeEntryForm } from './time-entry-form';

type Props = { entry: TimeEntry | null; open: boolean; onOpenChange: (open: boolean) => void };

export function EditTimeEntryDialog({ entry, open, onOpenChange }: Props) {
  const t = useT('time');
  const update = useUpdateTimeEntry();
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{t(TIME_TEXTS.editTitle)}</DialogTitle>
          <DialogDescription>{entry ? t(TIME_TEXTS.logTimeOn, { where: timerPlace(entry) }) : null}</DialogDescription>
        </DialogHeader>
        {entry ? (
          <TimeEntryForm
            key={entry.id}
            start={{ duration: formatMinutes(entry.minutes), workDate: entry.workDate, note: entry.note ?? '', billable: entry.billable }}
            saving={update.isPending}
            onSave={async ({ minutes, workDate, note, billable }) => {
              const saved = await update.mutateAsync({ id: entry.id, duration: minutes, workDate, note, billable });
              notifySuccess(t(TIME_TEXTS.entrySaved, { duration: formatMinutes(saved.minutes) }));
              onOpenChange(false);
            }}
          />
        ) : null}
      </DialogContent>
    </Dialog>
  );
}
