// A timer that ran more than 10 hours (left running past midnight, say) asks before saving
// (issue 32): save all of it, trim it to 10 hours, or keep it running.
import { AlertDialog, AlertDialogCancel, AlertDialogContent, AlertDialogDescription, AlertDialogFooter, AlertDialogHeader, AlertDialogTitle } from '@/web/components/ui/alert-dialog';
import { Button } from '@/web/components/ui/button';
import { TIME_TEXTS } from '../texts';

export function LongTimerDialog(props: { message: string; trimTo: string; pending: boolean; onSave: () => void; onTrim: () => void; onCancel: () => void }) {
  return (
    <AlertDialog open onOpenChange={(open) => (open ? undefined : props.onCancel())}>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>{TIME_TEXTS.longTitle}</AlertDialogTitle>
          <AlertDialogDescription>{props.message}</AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel>{TIME_TEXTS.cancel}</AlertDialogCancel>
          <Button variant="outline" disabled={props.pending} onClick={props.onSave}>
            {TIME_TEXTS.saveAll}
          </Button>
          <Button disabled={props.pending} onClick={props.onTrim}>
            {TIME_TEXTS.trim(props.trimTo)}
          </Button>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
