// The inbox in the top bar (issue 16): a bell with the unread count; its popover lists the
// latest notifications, each opening its project (and marked read), with Mark all read. Live.
import { useInfiniteQuery } from '@tanstack/react-query';
import { Bell } from 'lucide-react';
import { useId, useState } from 'react';
import { useNavigate } from 'react-router';
import { INBOX_TEXTS, type Notification } from '@/domain/inbox';
import { Button } from '@/web/components/ui/button';
import { Popover, PopoverContent, PopoverTrigger } from '@/web/components/ui/popover';
import { cn } from '@/web/lib/class-names';
import { formatDateTime } from '@/web/lib/format-date';
import { inboxQuery, useMarkRead } from '../api';

export function InboxBell() {
  const inbox = useInfiniteQuery(inboxQuery);
  const markRead = useMarkRead();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const titleId = useId();
  const unread = inbox.data?.pages[0]?.unread ?? 0;
  const items = inbox.data?.pages.flatMap((page) => page.items) ?? [];

  const openItem = (item: Notification) => {
    if (!item.read) markRead.mutate({ ids: [item.id] });
    setOpen(false);
    if (item.projectId) void navigate(`/project/${item.projectId}`);
  };

  return (
    <Popover open={open} onOpenChange={setOpen}>
      <PopoverTrigger asChild>
        <Button variant="ghost" size="icon" className="relative" aria-label={INBOX_TEXTS.open(unread)}>
          <Bell aria-hidden />
          {unread > 0 ? (
            <span aria-hidden className="absolute -top-0.5 -right-0.5 grid min-w-5 place-items-center rounded-full bg-destructive px-1 text-[11px] font-semibold text-white">
              {unread > 99 ? '99+' : unread}
            </span>
          ) : null}
        </Button>
      </PopoverTrigger>
      <PopoverContent aria-labelledby={titleId} className="max-h-[min(30rem,var(--radix-popover-content-available-height))] w-80 max-w-[calc(100vw-1rem)]">
        <div className="sticky top-0 flex items-center justify-between border-b bg-card px-3 py-2">
          <h2 id={titleId} className="text-sm font-semibold">
            {INBOX_TEXTS.title}
          </h2>
          {unread > 0 ? (
            <Button variant="ghost" size="sm" onClick={() => markRead.mutate({ all: true })} loading={markRead.isPending}>
              {INBOX_TEXTS.markAllRead}
            </Button>
          ) : null}
        </div>
        {items.length === 0 ? (
          <p className="px-3 py-4 text-sm text-muted-foreground">{inbox.isPending ? INBOX_TEXTS.loading : INBOX_TEXTS.empty}</p>
        ) : (
          <ul className="grid gap-0.5 p-1">
            {items.map((item) => (
              <li key={item.id}>
                <button
                  type="button"
                  onClick={() => openItem(item)}
                  className={cn('grid w-full gap-0.5 rounded-sm px-2 py-2 text-left outline-none hover:bg-muted focus-visible:bg-muted focus-visible:ring-2 focus-visible:ring-ring', !item.read && 'bg-primary/5')}
                >
                  <span className={cn('text-sm', !item.read && 'font-semibold')}>
                    {item.read ? null : <span className="sr-only">{INBOX_TEXTS.unread}</span>} {item.title}
                  </span>{' '}
                  <span className="text-xs text-muted-foreground">
                    {item.body ? `${item.body} · ` : ''}
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
              {INBOX_TEXTS.loadMore}
            </Button>
          </div>
        ) : null}
      </PopoverContent>
    </Popover>
  );
}
