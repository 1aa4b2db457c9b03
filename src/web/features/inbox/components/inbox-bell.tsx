// The inbox in the top bar (issue 16): a bell with the unread count, updated live. Its popover
// (inbox-popover.tsx) loads when first opened or on the bell's hover or focus; until then the
// bell is the same button with a closed popup's ARIA state.
import { useInfiniteQuery } from '@tanstack/react-query';
import { Bell } from 'lucide-react';
import { Suspense, useState, type ComponentProps } from 'react';
import { INBOX_TEXTS } from '@/domain/inbox-rules';
import { Button } from '@/web/components/ui/button';
import { useT } from '@/web/lib/i18n';
import { lazyComponent, preloadOnIntent, useOpenedOnce } from '@/web/lib/lazy-component';
import { inboxQuery } from '../api';

const InboxPopover = lazyComponent(async () => (await import('./inbox-popover')).InboxPopover);

type BellButtonProps = ComponentProps<typeof Button> & { unread: number };

/** Radix's trigger once the popover is there (its props and ref pass through to the button). */
function BellButton({ unread, ...props }: BellButtonProps) {
  const t = useT('domain');
  return (
    <Button variant="ghost" size="icon" className="relative" aria-label={unread === 0 ? t(INBOX_TEXTS.title) : t(INBOX_TEXTS.openUnread, { unread })} aria-haspopup="dialog" {...props}>
      <Bell aria-hidden />
      {unread > 0 ? (
        <span aria-hidden className="absolute -top-0.5 -right-0.5 grid min-w-5 place-items-center rounded-full bg-destructive px-1 text-[11px] font-semibold text-white">
          {unread > 99 ? '99+' : unread}
        </span>
      ) : null}
    </Button>
  );
}

export function InboxBell() {
  const inbox = useInfiniteQuery(inboxQuery);
  const [open, setOpen] = useState(false);
  const opened = useOpenedOnce(open);
  const unread = inbox.data?.pages[0]?.unread ?? 0;

  const shell = <BellButton unread={unread} aria-expanded={open} onClick={() => setOpen(true)} {...preloadOnIntent(InboxPopover)} />;
  if (!opened) return shell;
  return (
    <Suspense fallback={shell}>
      <InboxPopover open={open} onOpenChange={setOpen} trigger={<BellButton unread={unread} />} />
    </Suspense>
  );
}
