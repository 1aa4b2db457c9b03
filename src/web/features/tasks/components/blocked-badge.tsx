// "Blocked" beside a task in the list and on the board (issue 51 item 2), on its own: the list is
// on a share link's first load, which the panel's Blocked by section (and its select) is not.
import type { Task } from '@/domain/tasks';
import { Badge } from '@/web/components/ui/badge';
import { useT } from '@/web/lib/i18n';
import { TASK_TEXTS } from '../texts';

/** "Blocked" beside a task in the list or on the board while a blocker is open (words, not colour alone). */
export function BlockedBadge({ task }: { task: Task }) {
  const t = useT('tasks', 'domain-shared');
  // Counted here, not by the domain's hasOpenBlockers: its module brings zod, which a share link's first load leaves out.
  const open = task.blockedBy.filter((blocker) => blocker.status !== 'completed');
  if (open.length === 0) return null;
  return (
    <Badge variant="outline" className="border-amber-300 bg-amber-50 text-amber-900" title={t(TASK_TEXTS.blockers.blockedTitle, { tasks: open.map((blocker) => blocker.title).join(', ') })}>
      {t(TASK_TEXTS.blockers.blocked)}
    </Badge>
  );
}
