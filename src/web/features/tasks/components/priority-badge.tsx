// A task's priority as the list, the board, My Work and the task's panel show it (spec 2 "Tasks"):
// its display word, 'Medium', not the stored 'medium' (issue 49 item 17).
import type { TaskPriority } from '@/domain/project-status';
import { TASK_PRIORITY_LABELS } from '@/domain/task-rules';
import { Badge } from '@/web/components/ui/badge';
import { useT } from '@/web/lib/i18n';

const PRIORITY_STYLES: Record<TaskPriority, string> = {
  low: 'border-zinc-200 bg-zinc-50 text-zinc-700',
  medium: 'border-amber-200 bg-amber-50 text-amber-800',
  high: 'border-red-200 bg-red-50 text-red-800',
};

export function PriorityBadge({ priority }: { priority: TaskPriority }) {
  const t = useT('domain-shared');
  return (
    <Badge variant="outline" className={PRIORITY_STYLES[priority]}>
      {t(TASK_PRIORITY_LABELS[priority])}
    </Badge>
  );
}
