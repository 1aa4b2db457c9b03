import { Mail, UserRound } from 'lucide-react';
import { Link } from 'react-router';
import type { TeamMember } from '@/domain/team';
import { useT } from '@/web/lib/i18n';
import { TEAM_TEXTS } from '../texts';
import { MemberAvatar, RoleBadge, TagChip } from './member-identity';

const SHOWN_TAGS = 5;

/** The whole card opens the member page (spec 2), so it is one link for keyboard and mouse. */
export function MemberCard({ member }: { member: TeamMember }) {
  const t = useT('team');
  const hidden = member.tags.length - SHOWN_TAGS;
  return (
    <Link
      to={`/team/${member.id}`}
      data-testid="team-member-card"
      className="group flex flex-col gap-4 rounded-xl border bg-card p-5 shadow-xs transition-colors outline-none hover:border-primary/40 hover:shadow-sm focus-visible:ring-3 focus-visible:ring-ring/40"
    >
      <div className="flex items-start gap-3">
        <MemberAvatar fullName={member.fullName} />
        <div className="min-w-0 space-y-1.5">
          <h3 className="truncate font-semibold group-hover:text-primary" title={member.fullName}>
            {member.fullName}
          </h3>
          <RoleBadge role={member.role} />
        </div>
      </div>
      <p className="flex min-w-0 items-center gap-2 text-sm text-muted-foreground">
        {member.email ? <Mail className="size-4 shrink-0" aria-hidden /> : <UserRound className="size-4 shrink-0" aria-hidden />}
        <span className="truncate">{member.email ?? t(TEAM_TEXTS.noEmail)}</span>
      </p>
      {member.tags.length > 0 ? (
        <ul className="flex flex-wrap gap-1.5" aria-label={t(TEAM_TEXTS.skills)}>
          {member.tags.slice(0, SHOWN_TAGS).map((tag) => (
            <li key={tag} className="max-w-full">
              <TagChip tag={tag} />
            </li>
          ))}
          {hidden > 0 ? <li className="text-xs text-muted-foreground self-center">{t(TEAM_TEXTS.moreSkills, { count: hidden })}</li> : null}
        </ul>
      ) : null}
    </Link>
  );
}
