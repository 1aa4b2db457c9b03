// The confirmation every small delete asks for (a note, a file, a link): a title, the question,
// Cancel and a red Delete (or another word for what cannot be undone, e.g. 'Reset Two-Factor'). Loaded when first wanted (decision 013), so the dialog primitive stays
// out of the pages' first download. Focus goes back to the Delete button that opened it.
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from './alert-dialog';
import { useT } from '@/web/lib/i18n';
import { UI_TEXTS } from './texts';

export function ConfirmDeleteDialog({
  open,
  onOpenChange,
  onConfirm,
  title,
  question,
  confirmLabel,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onConfirm: () => void;
  title: string;
  question: string;
  /** The red button's label; 'Delete' unless given. */
  confirmLabel?: string;
}) {
  const t = useT();
  return (
    <AlertDialog open={open} onOpenChange={onOpenChange}>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>{title}</AlertDialogTitle>
          <AlertDialogDescription>{question}</AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel>{t(UI_TEXTS.cancel)}</AlertDialogCancel>
          <AlertDialogAction destructive onClick={onConfirm}>
            {confirmLabel ?? t(UI_TEXTS.delete)}
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
