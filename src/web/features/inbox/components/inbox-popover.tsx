// The inbox's popover (issue 16): the latest notifications, each opening its project (and marked
// read), with Mark all read. Loaded when the bell is first opened, or on its hover or focus: the
// top bar shows the bell, not the popover, and Radix's popover and positioning stay out of every
// page's first download (decision 013).
import { useInfiniteQuery } from '@tanstack/react-query';
import { useId, type ReactElement } from 'react';
import { useNavigate } from 'react-router';
import { INBOX_TEXTS } from '@/domain/inbox-rules';
import type { Notification } from '@/domain/inbox';
import { Button } from '@/web/components/ui/button';
import { LoadErrorPanel } from '@/web/components/ui/load-error-panel';
import { Popover, PopoverContent, PopoverTrigger } from '@/web/components/ui/popover';
import { cn } from '@/web/lib/class-names';
import { formatDateTime } from '@/web/lib/format-date';
import { useT } from '@/web/lib/i18n';
import { inboxQuery, useMarkRead } from '../api';

/** Where a notification leads: its task's panel (#comment-<id> for a comment), else its project. */
export function notificationPath(item: Pick<Notification, 'taskId' | 'commentId'> & { projectId: string }): string {
  const project = `/project/${encodeURIComponent(item.projectId)}`;
  if (!item.taskId) return project;
  const task = `${project}/tasks/${encodeURIComponent(item.taskId)}`;
  return item.commentId ? `${task}#comment-${encodeURIComponent(item.commentId)}` : task;
}

type InboxPopoverProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The bell button; Radix makes it the popover's trigger. */
  trigger: ReactElement;
};

export function InboxPopover({ open, onOpenChange, trigger }: InboxPopoverProps) {
  const t = useT('domain');
  const inbox = useInfiniteQuery(inboxQuery);
  const markRead = useMarkRead();
  const navigate = useNavigate();
  const titleId = useId();
  const unread = inbox.data?.pages[0]?.unread ?? 0;
  const items = inbox.data?.pages.flatMap((page) => page.items) ?? [];

  const openItem = (item: Notification) => {
    if (!item.read) markRead.mutate({ ids: [item.id] });
    onOpenChange(false);
    // A task's notification opens the task's panel (issue 29), at its comment for a comment's;
    // others the project.
    if (item.projectId) void navigate(notificationPath({ ...item, projectId: item.projectId }));
  };

  return (
    <Popover open={open} onOpenChange={onOpenChange}>
      <PopoverTrigger asChild>{trigger}</PopoverTrigger>
      <PopoverContent aria-labelledby={titleId} className="max-h-[min(30rem,var(--radix-popover-content-available-height))] w-80 max-w-[calc(100vw-1rem)]">
        <div className="sticky top-0 flex items-center justify-between border-b bg-card px-3 py-2">
          <h2 id={titleId} className="text-sm font-semibold">
            {t(INBOX_TEXTS.title)}
          </h2>
          {unread > 0 ? (
            <Button variant="ghost" size="sm" onClick={() => markRead.mutate({ all: true })} loading={markRead.isPending}>
              {t(INBOX_TEXTS.markAllRead)}
            </Button>
          ) : null}
        </div>
        {inbox.isError && items.length === 0 ? (
          // Issue 49 item 3: an inbox that failed to load is not an empty one ("Nothing new").
          <div className="p-2">
            <LoadErrorPanel title={t(INBOX_TEXTS.loadFailed)} error={inbox.error} onRetry={() => void inbox.refetch()} />
          </div>
        ) : items.length === 0 ? (
          <p className="px-3 py-4 text-sm text-muted-foreground">{inbox.isPending ? t(INBOX_TEXTS.loading) : t(INBOX_TEXTS.empty)}</p>
        ) : (
          <ul className="grid gap-0.5 p-1">
            {items.map((item) => (
              <li key={item.id}>
                <button
                  type="button"
                  onClick={() => openItem(item)}
                  className={cn(
                    'grid w-full gap-0.5 rounded-sm px-2 py-2 text-left outline-none hover:bg-muted focus-visible:bg-muted focus-visible:ring-2 focus-visible:ring-ring',
                    !item.read && 'bg-primary/5',
                  )}
                >
                  <span className={cn('text-sm', !item.read && 'font-semibold')}>
                    {item.read ? null : <span className="sr-only">{t(INBOX_TEXTS.unread)}</span>} {item.title}
                  </span>{' '}
                  <span className="text-xs text-muted-foreground">
                    {item.body ? `${item.body} · ` : null}
                    {formatDateTime(item.createdAt)}
                  </span>
                </button>
              </li>
            ))}
          </ul>
        )}
        {inbox.hasNextPage ? (
          <div className="border-t p-1">
            <Button variant="ghost" size="sm" className="w-full" loading={inbox.isFetchingNextPage} onClick={() => void inbox.fetchNextPage()}>
              {t(INBOX_TEXTS.loadMore)}
            </Button>
          </div>
        ) : null}
      </PopoverContent>
    </Popover>
  );
}
