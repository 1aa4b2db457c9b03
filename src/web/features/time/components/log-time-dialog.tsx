// A manual time entry (issue 32) on a task or the project itself: the entry's form
// (time-entry-form.tsx) in a dialog. Logged, it closes with a toast.
import { formatMinutes } from '@/domain/time-entry-rules';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/web/components/ui/dialog';
import { useT } from '@/web/lib/i18n';
import { notifySuccess } from '@/web/lib/notify';
import { useLogTime } from '../api';
import { TIME_TEXTS } from '../texts';
import { emptyTimeEntry, TimeEntryForm } from './time-entry-form';

type Props = { open: boolean; onOpenChange: (open: boolean) => void; projectId: string; taskId: string | null; place: string };

export function LogTimeDialog({ open, onOpenChange, projectId, taskId, place }: Props) {
  const t = useT('time');
  const log = useLogTime();
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{t(TIME_TEXTS.logTimeTitle)}</DialogTitle>
          <DialogDescription>{t(TIME_TEXTS.logTimeOn, { where: place })}</DialogDescription>
        </DialogHeader>
        <TimeEntryForm
          start={emptyTimeEntry()}
          saving={log.isPending}
          onSave={async ({ minutes, workDate, note, billable }) => {
            const entry = await log.mutateAsync({ projectId, taskId, workDate, duration: minutes, note, billable });
            notifySuccess(t(TIME_TEXTS.logged, { duration: formatMinutes(entry.minutes) }));
            onOpenChange(false);
          }}
        />
      </DialogContent>
    </Dialog>
  );
}
