// Deleting a file or link asks first, like every other delete (issue 14). Downloaded when first
// wanted (decision 013), so the dialog primitive stays out of the pages' first download.
import { FILE_MESSAGES } from '@/domain/files';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '@/web/components/ui/alert-dialog';

export function DeleteFileDialog({
  open,
  onOpenChange,
  onConfirm,
  name,
  isLink,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onConfirm: () => void;
  name: string;
  isLink: boolean;
}) {
  return (
    <AlertDialog open={open} onOpenChange={onOpenChange}>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>{isLink ? FILE_MESSAGES.deleteLinkTitle : FILE_MESSAGES.deleteFileTitle}</AlertDialogTitle>
          <AlertDialogDescription>{FILE_MESSAGES.deleteConfirm(name)}</AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel>Cancel</AlertDialogCancel>
          <AlertDialogAction destructive onClick={onConfirm}>
            Delete
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
