// A task's title where it is listed (the list, the board, My Work): a link to the task's panel
// (issue 29) on the pages that have one, else its text.
import { Link } from 'react-router';
import type { Task } from '@/domain/tasks';
import { cn } from '@/web/lib/class-names';

/**
 * Where a task's title leads (issue 29): its panel's address. `state` goes with the navigation
 * (the panel then closes with Back); `onIntent` starts the panel's download on hover or focus.
 */
export type TaskLinks = { href: (task: Task) => string; state?: unknown; onIntent?: () => void };

/**
 * The navigation state of a title's link on the page the panel opens over: closing the panel then
 * goes Back to that page as it was, instead of adding it to the history again.
 */
export const OPENED_FROM_PAGE = { taskPanelFrom: 'page' } as const;

export function openedFromPage(state: unknown): boolean {
  return typeof state === 'object' && state !== null && (state as { taskPanelFrom?: unknown }).taskPanelFrom === OPENED_FROM_PAGE.taskPanelFrom;
}

/** A task's title: a link to its panel where the page has one, else its text. */
export function TaskTitle({ task, links, className }: { task: Task; links?: TaskLinks; className?: string }) {
  if (!links) return <span className={className}>{task.title}</span>;
  return (
    <Link
      to={links.href(task)}
      state={links.state}
      data-task-title={task.id}
      onPointerEnter={links.onIntent}
      onFocus={links.onIntent}
      className={cn('rounded-sm underline-offset-2 outline-none hover:underline focus-visible:ring-2 focus-visible:ring-ring', className)}
    >
      {task.title}
    </Link>
  );
}
