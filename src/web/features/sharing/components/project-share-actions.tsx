import { Share2, UserPlus } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/web/components/ui/button';
import { SHARING_TEXTS } from '../texts';
import { AssignDeveloperDialog } from './assign-developer-dialog';
import { ShareProjectDialog } from './share-project-dialog';

/**
 * The project card's 'Assign Dev' and 'Share Link' buttons (spec 2) with their dialogs. The
 * projects feature does not import sharing: the dashboard page hands this to the card through
 * its `actions` slot (ARCHITECTURE: features do not import each other's internals).
 */
export function ProjectShareActions({ projectId, projectName }: { projectId: string; projectName: string }) {
  const [dialog, setDialog] = useState<'assign' | 'share' | null>(null);
  const onOpenChange = (open: boolean) => !open && setDialog(null);
  // A fragment: the card lays the buttons out in its own row.
  return (
    <>
      <Button variant="outline" size="sm" className="flex-1 px-2" onClick={() => setDialog('assign')}>
        <UserPlus aria-hidden />
        {SHARING_TEXTS.assignDev}
      </Button>
      <Button variant="outline" size="sm" className="flex-1 px-2" onClick={() => setDialog('share')}>
        <Share2 aria-hidden />
        {SHARING_TEXTS.shareLink}
      </Button>
      <AssignDeveloperDialog projectId={projectId} projectName={projectName} open={dialog === 'assign'} onOpenChange={onOpenChange} />
      <ShareProjectDialog projectId={projectId} projectName={projectName} open={dialog === 'share'} onOpenChange={onOpenChange} />
    </>
  );
}
