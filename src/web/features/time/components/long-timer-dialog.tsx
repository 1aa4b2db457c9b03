// A timer that ran more than 10 hours (left running past midnight, say) asks before saving
// (issue 32): save all of it, trim it to 10 hours, or keep it running.
import { AlertDialog, AlertDialogCancel, AlertDialogContent, AlertDialogDescription, AlertDialogFooter, AlertDialogHeader, AlertDialogTitle } from '@/web/components/ui/alert-dialog';
import { Button } from '@/web/components/ui/button';
import { useT } from '@/web/lib/i18n';
import { TIME_TEXTS } from '../texts';

export function LongTimerDialog(props: { message: string; trimTo: string; pending: boolean; onSave: () => void; onTrim: () => void; onCancel: () => void }) {
  const t = useT('time');
  return (
    <AlertDialog open onOpenChange={(open) => (open ? undefined : props.onCancel())}>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>{t(TIME_TEXTS.longTitle)}</AlertDialogTitle>
          <AlertDialogDescription>{props.message}</AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel>{t(TIME_TEXTS.cancel)}</AlertDialogCancel>
          <Button variant="outline" disabled={props.pending} onClick={props.onSave}>
            {t(TIME_TEXTS.saveAll)}
          </Button>
          <Button disabled={props.pending} onClick={props.onTrim}>
            {t(TIME_TEXTS.trim, { duration: props.trimTo })}
          </Button>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
