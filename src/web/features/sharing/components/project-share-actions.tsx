import { Share2, UserPlus } from 'lucide-react';
import { Suspense, useState } from 'react';
import { CardActions } from '@/web/components/ui/card-actions';
import { useT } from '@/web/lib/i18n';
import { lazyComponent, useOpenedOnce } from '@/web/lib/lazy-component';
import { SHARING_TEXTS } from '../texts';

// Each card's dialogs download when first opened, or on the hover or focus of their button (decision 013).
const AssignDeveloperDialog = lazyComponent(async () => (await import('./assign-developer-dialog')).AssignDeveloperDialog);
const ShareProjectDialog = lazyComponent(async () => (await import('./share-project-dialog')).ShareProjectDialog);

/**
 * The project card's 'Assign Dev' and 'Share Link' buttons (spec 2) with their dialogs. The
 * projects feature does not import sharing: the dashboard page hands this to the card through
 * its `actions` slot (ARCHITECTURE: features do not import each other's internals), and the
 * card lays them out (components/ui/card-actions).
 */
export function ProjectShareActions({ projectId, projectName }: { projectId: string; projectName: string }) {
  const t = useT('sharing');
  const [dialog, setDialog] = useState<'assign' | 'share' | null>(null);
  const onOpenChange = (open: boolean) => !open && setDialog(null);
  const assignOpened = useOpenedOnce(dialog === 'assign');
  const shareOpened = useOpenedOnce(dialog === 'share');
  // The card lays the actions out: buttons in its own row, or items of its '…' menu on a phone.
  return (
    <>
      <CardActions
        actions={[
          { label: t(SHARING_TEXTS.assignDev), icon: UserPlus, onSelect: () => setDialog('assign'), onIntent: AssignDeveloperDialog.preload },
          { label: t(SHARING_TEXTS.shareLink), icon: Share2, onSelect: () => setDialog('share'), onIntent: ShareProjectDialog.preload },
        ]}
      />
      <Suspense fallback={null}>
        {assignOpened ? <AssignDeveloperDialog projectId={projectId} projectName={projectName} open={dialog === 'assign'} onOpenChange={onOpenChange} /> : null}
        {shareOpened ? <ShareProjectDialog projectId={projectId} projectName={projectName} open={dialog === 'share'} onOpenChange={onOpenChange} /> : null}
      </Suspense>
    </>
  );
}
