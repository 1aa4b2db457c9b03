// A timer stopped under a minute (issue 49 item 14), most likely started by accident, asks before
// saving its billable minute: discard it, save it anyway, or keep it running.
import { AlertDialog, AlertDialogCancel, AlertDialogContent, AlertDialogDescription, AlertDialogFooter, AlertDialogHeader, AlertDialogTitle } from '@/web/components/ui/alert-dialog';
import { Button } from '@/web/components/ui/button';
import { useT } from '@/web/lib/i18n';
import { TIME_TEXTS } from '../texts';

export function ShortTimerDialog(props: { message: string; pending: boolean; onDiscard: () => void; onSave: () => void; onCancel: () => void }) {
  const t = useT('time');
  return (
    <AlertDialog open onOpenChange={(open) => (open ? undefined : props.onCancel())}>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>{t(TIME_TEXTS.shortTitle)}</AlertDialogTitle>
          <AlertDialogDescription>{props.message}</AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel>{t(TIME_TEXTS.cancel)}</AlertDialogCancel>
          <Button variant="outline" disabled={props.pending} onClick={props.onSave}>
            {t(TIME_TEXTS.saveAnyway)}
          </Button>
          <Button disabled={props.pending} onClick={props.onDiscard}>
            {t(TIME_TEXTS.discard)}
          </Button>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
