// The card's 'Delete project' confirmation: loaded when first asked for (the card's Delete button
// or menu item, or their intent), since a page of cards shows none of them (decision 013).
import { PROJECT_MESSAGES } from '@/domain/project-rules';
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '@/web/components/ui/alert-dialog';
import { Button } from '@/web/components/ui/button';
import { UI_TEXTS } from '@/web/components/ui/texts';
import { useT } from '@/web/lib/i18n';
import { PROJECTS_TEXTS } from '../texts';

type Props = {
  projectName: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  deleting: boolean;
  onDelete: () => void;
};

export function DeleteProjectDialog({ projectName, open, onOpenChange, deleting, onDelete }: Props) {
  const t = useT('projects', 'domain');
  return (
    <AlertDialog open={open} onOpenChange={(next) => !deleting && onOpenChange(next)}>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>{t(PROJECTS_TEXTS.deleteTitle)}</AlertDialogTitle>
          <AlertDialogDescription>{t(PROJECT_MESSAGES.deleteConfirm, { name: projectName })}</AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel disabled={deleting}>{t(UI_TEXTS.cancel)}</AlertDialogCancel>
          {/* A plain button: the dialog stays open (with 'Deleting...') until the server answers. */}
          <Button variant="destructive" loading={deleting} loadingText={t(PROJECTS_TEXTS.deleting)} onClick={onDelete}>
            {t(UI_TEXTS.delete)}
          </Button>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
