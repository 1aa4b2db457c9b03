// The top bar's search box and the keyboard shortcuts (issue 34). This is all of the search a
// first download holds: a button that looks like a box, and one keydown listener. The palette
// and the shortcuts sheet load when first opened, or on the box's hover or focus (decision 013).
import { Search } from 'lucide-react';
import { Suspense, useEffect, useEffectEvent, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { lazyComponent, preloadOnIntent, useOpenedOnce } from '@/web/lib/lazy-component';
import { createPath, GO_WINDOW_MS, isDialogOpen, isTypingTarget, readShortcut, tabPath } from '../shortcut-keys';
import { SEARCH_TEXTS } from '../texts';

const CommandPalette = lazyComponent(async () => (await import('./command-palette')).CommandPalette);
const ShortcutsSheet = lazyComponent(async () => (await import('./shortcuts-sheet')).ShortcutsSheet);

export function SearchLauncher() {
  const [open, setOpen] = useState<'palette' | 'sheet' | null>(null);
  const paletteOpened = useOpenedOnce(open === 'palette');
  const sheetOpened = useOpenedOnce(open === 'sheet');
  const navigate = useNavigate();
  const location = useLocation();
  const create = useEffectEvent(() => void navigate(createPath(location.pathname, location.search)));

  useEffect(() => {
    let gAt = 0;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.isComposing) return;
      const afterG = Date.now() - gAt < GO_WINDOW_MS;
      const action = readShortcut(event, { typing: isTypingTarget(event.target), dialogOpen: isDialogOpen(document), afterG });
      gAt = 0;
      if (!action) return;
      event.preventDefault();
      if (action === 'g') gAt = Date.now();
      else if (action.type === 'palette' || action.type === 'search') setOpen('palette');
      else if (action.type === 'sheet') setOpen('sheet');
      else if (action.type === 'create') create();
      else void navigate(tabPath(action.tab));
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [navigate]);

  return (
    <>
      <button
        type="button"
        aria-haspopup="dialog"
        aria-expanded={open === 'palette'}
        aria-keyshortcuts="Control+K Meta+K /"
        onClick={() => setOpen('palette')}
        {...preloadOnIntent(CommandPalette)}
        className="flex h-9 min-w-0 items-center gap-2 rounded-md border bg-background px-3 text-sm text-muted-foreground outline-none transition-colors hover:bg-muted focus-visible:ring-2 focus-visible:ring-ring sm:w-64"
      >
        <Search className="size-4 shrink-0" aria-hidden />
        {/* The name is said, not shown; what is shown starts with it (label in name, WCAG 2.5.3)
            and stays out of the name, so the name is the same at every width. */}
        <span className="sr-only">{SEARCH_TEXTS.boxLabel}</span>
        <span aria-hidden className="hidden truncate sm:inline">
          {SEARCH_TEXTS.box}
        </span>
        <kbd aria-hidden className="ml-auto hidden rounded border bg-muted px-1.5 font-mono text-[11px] sm:inline">
          {SEARCH_TEXTS.boxKeys}
        </kbd>
      </button>
      {paletteOpened ? (
        <Suspense fallback={null}>
          <CommandPalette open={open === 'palette'} onOpenChange={(next) => setOpen(next ? 'palette' : null)} onShowShortcuts={() => setOpen('sheet')} />
        </Suspense>
      ) : null}
      {sheetOpened ? (
        <Suspense fallback={null}>
          <ShortcutsSheet open={open === 'sheet'} onOpenChange={(next) => setOpen(next ? 'sheet' : null)} />
        </Suspense>
      ) : null}
    </>
  );
}
