import { AlertTriangle } from 'lucide-react';
import { APPROVAL_TEXTS } from '@/domain/approval-states';
import { PROJECT_STATUS_LABELS, type ProjectStatus } from '@/domain/project-status';
import { Badge } from '@/web/components/ui/badge';
import { useT } from '@/web/lib/i18n';
import { PROJECTS_TEXTS } from '../texts';

const STATUS_STYLES: Record<Exclude<ProjectStatus, 'overdue'>, string> = {
  active: 'border-sky-200 bg-sky-50 text-sky-800',
  completed: 'border-emerald-200 bg-emerald-50 text-emerald-800',
  on_hold: 'border-amber-200 bg-amber-50 text-amber-800',
  cancelled: 'border-zinc-200 bg-zinc-100 text-zinc-700',
};

/**
 * The status badge (spec 2, project card and header); screen readers hear 'Status: …' (issue 27).
 * Spec 2 adds an 'Overdue' badge when the status is overdue, beside a status badge that already
 * read 'Overdue': two badges of one word (issue 49 item 17). An overdue project's one badge is
 * that warning, red with its icon, and is its status badge too.
 */
export function ProjectStatusBadge({ status }: { status: ProjectStatus }) {
  const t = useT('projects', 'domain');
  const overdue = status === 'overdue';
  return (
    <Badge variant={overdue ? 'destructive' : 'outline'} className={overdue ? undefined : STATUS_STYLES[status]} data-testid="status-badge">
      {overdue ? <AlertTriangle aria-hidden /> : null}
      <span className="sr-only">{t(PROJECTS_TEXTS.statusPrefix)}</span>
      {t(PROJECT_STATUS_LABELS[status])}
    </Badge>
  );
}

/** Issue 33: "Awaiting approval (2)" and "Changes requested", when the project has such files. */
export function ApprovalBadges({ approvals }: { approvals: { awaiting: number; changesRequested: number } | undefined }) {
  const t = useT('domain-shared');
  if (!approvals) return null;
  return (
    <>
      {approvals.awaiting > 0 ? (
        <Badge variant="outline" className="border-violet-200 bg-violet-50 text-violet-800" data-testid="awaiting-approval-badge">
          {t(APPROVAL_TEXTS.awaitingBadge, { count: approvals.awaiting })}
        </Badge>
      ) : null}
      {approvals.changesRequested > 0 ? (
        <Badge variant="outline" className="border-orange-200 bg-orange-50 text-orange-900" data-testid="changes-requested-badge">
          {t(APPROVAL_TEXTS.changesBadge)}
        </Badge>
      ) : null}
    </>
  );
}
