// The inbox in the top bar (issue 16): a bell with the unread count; its menu lists the latest
// notifications, each opening its project, with Mark all read. Updated live.
import { useInfiniteQuery } from '@tanstack/react-query';
import { Bell } from 'lucide-react';
import { useNavigate } from 'react-router';
import { INBOX_TEXTS } from '@/domain/inbox';
import { Button } from '@/web/components/ui/button';
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuSeparator, DropdownMenuTrigger } from '@/web/components/ui/dropdown-menu';
import { cn } from '@/web/lib/class-names';
import { formatDateTime } from '@/web/lib/format-date';
import { inboxQuery, useMarkRead } from '../api';

export function InboxBell() {
  const inbox = useInfiniteQuery(inboxQuery);
  const markRead = useMarkRead();
  const navigate = useNavigate();
  const unread = inbox.data?.pages[0]?.unread ?? 0;
  const items = inbox.data?.pages.flatMap((page) => page.items) ?? [];

  return (
    <DropdownMenu modal={false}>
      <DropdownMenuTrigger asChild>
        <Button variant="ghost" size="icon" className="relative" aria-label={INBOX_TEXTS.open(unread)}>
          <Bell aria-hidden />
          {unread > 0 ? (
            <span aria-hidden className="absolute -top-0.5 -right-0.5 grid min-w-5 place-items-center rounded-full bg-destructive px-1 text-[11px] font-semibold text-white">
              {unread > 99 ? '99+' : unread}
            </span>
          ) : null}
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-80" aria-label={INBOX_TEXTS.title}>
        <div className="flex items-center justify-between px-2 py-1.5">
          <span className="text-sm font-semibold">{INBOX_TEXTS.title}</span>
          {unread > 0 ? (
            <Button variant="ghost" size="sm" onClick={() => markRead.mutate({ all: true })} loading={markRead.isPending}>
              {INBOX_TEXTS.markAllRead}
            </Button>
          ) : null}
        </div>
        <DropdownMenuSeparator />
        {items.length === 0 ? <p className="px-2 py-4 text-sm text-muted-foreground">{INBOX_TEXTS.empty}</p> : null}
        {items.map((item) => (
          <DropdownMenuItem
            key={item.id}
            className={cn('grid items-start gap-0.5', !item.read && 'bg-primary/5')}
            onSelect={() => {
              if (!item.read) markRead.mutate({ ids: [item.id] });
              if (item.projectId) void navigate(`/project/${item.projectId}`);
            }}
          >
            <span className={cn('text-sm', !item.read && 'font-semibold')}>{item.title}</span>
            <span className="text-xs text-muted-foreground">
              {item.body ? `${item.body} · ` : ''}
              {formatDateTime(item.createdAt)}
            </span>
          </DropdownMenuItem>
        ))}
        {inbox.hasNextPage ? (
          <DropdownMenuItem onSelect={(event) => { event.preventDefault(); void inbox.fetchNextPage(); }}>{INBOX_TEXTS.loadMore}</DropdownMenuItem>
        ) : null}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
