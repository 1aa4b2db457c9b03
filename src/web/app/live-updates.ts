// Live updates for a member's pages (issue 9 step 5): each feature declares, beside its query
// keys, which change topics refresh which of its queries; the app gathers the declarations of
// the features its pages show and keeps one socket.
import { activityLive } from '@/web/features/activity/api';
import { clientsLive } from '@/web/features/clients/api';
import { inboxLive } from '@/web/features/inbox/api';
import { projectsLive } from '@/web/features/projects/api';
import { reportsLive } from '@/web/features/reports/api';
import { sharingLive } from '@/web/features/sharing/api';
import { teamLive } from '@/web/features/team/api';
import { tasksLive } from '@/web/features/tasks/api';
import { timeLive } from '@/web/features/time/api';
import { templatesLive } from '@/web/features/templates/api';
import { projectDataLive } from '@/web/lib/project-source';
import { useMemberLiveUpdates, type LiveRefresh } from '@/web/lib/realtime';
import { meLive } from '@/web/lib/session';

export const MEMBER_LIVE_REFRESH: readonly LiveRefresh[] = [
  projectsLive,
  projectDataLive,
  tasksLive,
  sharingLive,
  clientsLive,
  templatesLive,
  teamLive,
  activityLive,
  reportsLive,
  meLive,
  inboxLive,
  timeLive,
];

/** The dashboard's and the project page's live updates. */
export function useMemberLive(): void {
  useMemberLiveUpdates(MEMBER_LIVE_REFRESH);
}
