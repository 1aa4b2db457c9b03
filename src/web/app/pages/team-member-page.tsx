// Spec 2 "Member detail page" (/team/:memberId), inside the dashboard shell with Team current.
import { useParams } from 'react-router';
import { canManageUsers, canUseTab } from '@/domain/roles';
import { RecentActivity } from '@/web/features/activity/components/recent-activity';
import { MemberProfile } from '@/web/features/team/components/member-profile';
import { useSignedInMe } from '@/web/lib/session';
import { DashboardShell } from './dashboard-shell';

export function TeamMemberPage() {
  const me = useSignedInMe();
  const { memberId = '' } = useParams();
  const allowed = canUseTab(me.profile.role, 'team');

  return (
    <DashboardShell me={me} current={allowed ? 'team' : null}>
      {/* Spec 2: a tab the user may not use renders nothing. */}
      {allowed ? (
        <div className="mx-auto max-w-6xl pt-8">
          <MemberProfile
            key={memberId}
            memberId={memberId}
            actor={{ role: me.profile.role, profileId: me.profile.id }}
            recentActivity={canManageUsers(me.profile.role) ? <RecentActivity scope={{ userId: memberId }} showProject /> : undefined}
          />
        </div>
      ) : null}
    </DashboardShell>
  );
}
