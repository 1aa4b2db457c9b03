import { AlertTriangle } from 'lucide-react';
import { APPROVAL_TEXTS } from '@/domain/approval-states';
import { PROJECT_STATUS_LABELS, type ProjectStatus } from '@/domain/project-status';
import { Badge } from '@/web/components/ui/badge';
import { cn } from '@/web/lib/class-names';
import { PROJECTS_TEXTS } from '../texts';

const STATUS_STYLES: Record<ProjectStatus, string> = {
  active: 'border-sky-200 bg-sky-50 text-sky-800',
  completed: 'border-emerald-200 bg-emerald-50 text-emerald-800',
  on_hold: 'border-amber-200 bg-amber-50 text-amber-800',
  cancelled: 'border-zinc-200 bg-zinc-100 text-zinc-700',
  overdue: 'border-red-200 bg-red-50 text-red-800',
};

/**
 * The status badge, and (spec 2, project card and header) the extra 'Overdue' badge when the
 * status is overdue: the status reads like every other status, the warning stands out in red.
 * Screen readers hear the first as 'Status: Overdue', not 'Overdue Overdue' (issue 27).
 */
export function ProjectStatusBadge({ status }: { status: ProjectStatus }) {
  return (
    <>
      <Badge variant="outline" className={cn(STATUS_STYLES[status])} data-testid="status-badge">
        <span className="sr-only">{PROJECTS_TEXTS.statusPrefix}</span>
        {PROJECT_STATUS_LABELS[status]}
      </Badge>
      {status === 'overdue' && (
        <Badge variant="destructive" data-testid="overdue-badge">
          <AlertTriangle aria-hidden />
          {PROJECT_STATUS_LABELS.overdue}
        </Badge>
      )}
    </>
  );
}

/** Issue 33: "Awaiting approval (2)" and "Changes requested", when the project has such files. */
export function ApprovalBadges({ approvals }: { approvals: { awaiting: number; changesRequested: number } | undefined }) {
  if (!approvals) return null;
  return (
    <>
      {approvals.awaiting > 0 ? (
        <Badge variant="outline" className="border-violet-200 bg-violet-50 text-violet-800" data-testid="awaiting-approval-badge">
          {APPROVAL_TEXTS.awaitingBadge(approvals.awaiting)}
        </Badge>
      ) : null}
      {approvals.changesRequested > 0 ? (
        <Badge variant="outline" className="border-orange-200 bg-orange-50 text-orange-900" data-testid="changes-requested-badge">
          {APPROVAL_TEXTS.changesBadge}
        </Badge>
      ) : null}
    </>
  );
}
