// The top bar's search box and the keyboard shortcuts (issue 34). This is all of the search a
// first download holds: a button that looks like a box, and one keydown listener. The palette
// and the shortcuts sheet load when first opened, or on the box's hover or focus (decision 013).
import { Search } from 'lucide-react';
import { Suspense, useCallback, useEffect, useEffectEvent, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { loadTexts, useT } from '@/web/lib/i18n';
import { lazyComponent, preloadOnIntent, useOpenedOnce } from '@/web/lib/lazy-component';
import { createPath, GO_WINDOW_MS, isDialogOpen, isTypingTarget, readShortcut, tabPath } from '../shortcut-keys';
import { SEARCH_TEXTS } from '../texts';

// The top bar shows the box on every signed-in page: its words start loading with this module,
// so the bar does not wait on them (decision 045).
void loadTexts('search');

const CommandPalette = lazyComponent(async () => (await import('./command-palette')).CommandPalette);
const ShortcutsSheet = lazyComponent(async () => (await import('./shortcuts-sheet')).ShortcutsSheet);

/**
 * Issue 49: between Ctrl+K (or /) and the palette's box taking the focus (its chunk loads on the
 * first opening) the palette owns the keyboard: what is typed is kept for the box, and no
 * shortcut fires ('c' would open Create New Project). A palette that never comes stops it.
 */
const TYPE_AHEAD_MAX_MS = 5000;
type TypeAhead = { text: string; since: number };

/** A key that types one character (not a shortcut of the browser or the system). */
const typesCharacter = (event: KeyboardEvent) => event.key.length === 1 && !event.ctrlKey && !event.metaKey && !event.altKey;

export function SearchLauncher() {
  const t = useT('search');
  const [open, setOpen] = useState<'palette' | 'sheet' | null>(null);
  const typeAhead = useRef<TypeAhead | null>(null);
  const paletteOpened = useOpenedOnce(open === 'palette');
  const sheetOpened = useOpenedOnce(open === 'sheet');
  const navigate = useNavigate();
  const location = useLocation();
  const create = useEffectEvent(() => void navigate(createPath(location.pathname, location.search)));

  useEffect(() => {
    let gAt = 0;
    // In the capture phase: before any other listener of the page can act on the key.
    const holdForPalette = (event: KeyboardEvent) => {
      const held = typeAhead.current;
      if (!held || event.isComposing) return;
      if (Date.now() - held.since > TYPE_AHEAD_MAX_MS) {
        typeAhead.current = null;
        return;
      }
      if (typesCharacter(event)) held.text += event.key;
      else if (event.key === 'Backspace') held.text = held.text.slice(0, -1);
      else if (event.key === 'Escape') {
        typeAhead.current = null;
        setOpen(null);
      } else return;
      event.preventDefault();
      event.stopPropagation();
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.isComposing || typeAhead.current) return;
      const afterG = Date.now() - gAt < GO_WINDOW_MS;
      const action = readShortcut(event, { typing: isTypingTarget(event.target), dialogOpen: isDialogOpen(document), afterG });
      gAt = 0;
      if (!action) return;
      event.preventDefault();
      if (action === 'g') gAt = Date.now();
      else if (action.type === 'palette' || action.type === 'search') {
        typeAhead.current = { text: '', since: Date.now() };
        setOpen('palette');
      }
      else if (action.type === 'sheet') setOpen('sheet');
      else if (action.type === 'create') create();
      else void navigate(tabPath(action.tab));
    };
    document.addEventListener('keydown', holdForPalette, true);
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('keydown', holdForPalette, true);
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [navigate]);

  /** The palette's box has the focus: it takes what was typed before, and the keys are its own. */
  const takeTypedAhead = useCallback(() => {
    const text = typeAhead.current?.text ?? '';
    typeAhead.current = null;
    return text;
  }, []);

  return (
    <>
      <button
        type="button"
        aria-haspopup="dialog"
        aria-expanded={open === 'palette'}
        aria-keyshortcuts="Control+K Meta+K /"
        onClick={() => {
          typeAhead.current = { text: '', since: Date.now() };
          setOpen('palette');
        }}
        {...preloadOnIntent(CommandPalette)}
        className="flex h-9 min-w-0 items-center gap-2 rounded-md border bg-background px-3 text-sm text-muted-foreground outline-none transition-colors hover:bg-muted focus-visible:ring-2 focus-visible:ring-ring sm:w-64"
      >
        <Search className="size-4 shrink-0" aria-hidden />
        {/* The name is said, not shown; what is shown starts with it (label in name, WCAG 2.5.3)
            and stays out of the name, so the name is the same at every width. */}
        <span className="sr-only">{t(SEARCH_TEXTS.boxLabel)}</span>
        <span aria-hidden className="hidden truncate sm:inline">
          {t(SEARCH_TEXTS.box)}
        </span>
        <kbd aria-hidden className="ml-auto hidden rounded border bg-muted px-1.5 font-mono text-[11px] sm:inline">
          {t(SEARCH_TEXTS.boxKeys)}
        </kbd>
      </button>
      {paletteOpened ? (
        <Suspense fallback={null}>
          <CommandPalette
            open={open === 'palette'}
            onOpenChange={(next) => {
              if (!next) typeAhead.current = null;
              setOpen(next ? 'palette' : null);
            }}
            onShowShortcuts={() => setOpen('sheet')}
            takeTypedAhead={takeTypedAhead}
          />
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
