import { Share2, UserPlus } from 'lucide-react';
import { Suspense, useState } from 'react';
import { Button } from '@/web/components/ui/button';
import { lazyComponent, preloadOnIntent, useOpenedOnce } from '@/web/lib/lazy-component';
import { SHARING_TEXTS } from '../texts';

// Each card's dialogs download when first opened, or on the hover or focus of their button (decision 013).
const AssignDeveloperDialog = lazyComponent(async () => (await import('./assign-developer-dialog')).AssignDeveloperDialog);
const ShareProjectDialog = lazyComponent(async () => (await import('./share-project-dialog')).ShareProjectDialog);

/**
 * The project card's 'Assign Dev' and 'Share Link' buttons (spec 2) with their dialogs. The
 * projects feature does not import sharing: the dashboard page hands this to the card through
 * its `actions` slot (ARCHITECTURE: features do not import each other's internals).
 */
export function ProjectShareActions({ projectId, projectName }: { projectId: string; projectName: string }) {
  const [dialog, setDialog] = useState<'assign' | 'share' | null>(null);
  const onOpenChange = (open: boolean) => !open && setDialog(null);
  const assignOpened = useOpenedOnce(dialog === 'assign');
  const shareOpened = useOpenedOnce(dialog === 'share');
  // A fragment: the card lays the buttons out in its own row.
  return (
    <>
      <Button variant="outline" size="sm" className="flex-1 px-2" onClick={() => setDialog('assign')} {...preloadOnIntent(AssignDeveloperDialog)}>
        <UserPlus aria-hidden />
        {SHARING_TEXTS.assignDev}
      </Button>
      <Button variant="outline" size="sm" className="flex-1 px-2" onClick={() => setDialog('share')} {...preloadOnIntent(ShareProjectDialog)}>
        <Share2 aria-hidden />
        {SHARING_TEXTS.shareLink}
      </Button>
      <Suspense fallback={null}>
        {assignOpened ? <AssignDeveloperDialog projectId={projectId} projectName={projectName} open={dialog === 'assign'} onOpenChange={onOpenChange} /> : null}
        {shareOpened ? <ShareProjectDialog projectId={projectId} projectName={projectName} open={dialog === 'share'} onOpenChange={onOpenChange} /> : null}
      </Suspense>
    </>
  );
}
