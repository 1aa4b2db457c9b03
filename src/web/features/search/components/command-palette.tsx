// The command palette (issue 34): one box to search the organization and run commands, opened
// from the top bar, Ctrl/Cmd+K or `/`. A combobox over a listbox: arrows move, Enter opens, Esc
// closes. Loaded when first opened (decision 013): nothing of it is in a first download.
import { useQuery } from '@tanstack/react-query';
import { CornerDownLeft, FileText, FolderKanban, History, ListChecks, MessageSquare, Paperclip, Search, StickyNote, User, Users, Zap } from 'lucide-react';
import { useCallback, useId, useMemo, useState, type KeyboardEvent } from 'react';
import { useLocation, useNavigate } from 'react-router';
import type { SearchResult } from '@/domain/search';
import { plainMarkdownMarked } from '@/domain/markdown-text';
import { searchResultPath, type Highlighted, type SearchKind } from '@/domain/search-rules';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/web/components/ui/dialog';
import { cn } from '@/web/lib/class-names';
import { loadTexts, useT } from '@/web/lib/i18n';
import { useSignedInMe } from '@/web/lib/session';
import { useDebouncedValue } from '@/web/lib/use-debounced-value';
import { searchQuery } from '../api';
import { matchActions, paletteActions, type PaletteAction } from '../palette-actions';
import { readRecentItems, rememberRecentItem, type RecentItem } from '../recent-items';
import { SEARCH_TEXTS } from '../texts';
import { useTimerActions } from '../timer-actions';
import { HighlightedText } from './highlighted-text';

// The names of Settings' sections (its commands, issue 49 item 5) are the domain's words: they load
// beside the palette's code (decision 045).
void loadTexts('domain');

const KIND_ICONS: Record<SearchKind, typeof Search> = {
  project: FolderKanban,
  task: ListChecks,
  comment: MessageSquare,
  note: StickyNote,
  file: Paperclip,
  client: Users,
  template: FileText,
  member: User,
};

type Option =
  | { key: string; type: 'result'; kind: SearchKind; result: SearchResult }
  | { key: string; type: 'recent'; item: RecentItem }
  | { key: string; type: 'action'; action: PaletteAction };
type Section = { key: string; heading: string; options: Option[] };

export type CommandPaletteProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onShowShortcuts: () => void;
  /** What was typed between the opening key and the box taking the focus (issue 49). */
  takeTypedAhead?: () => string;
};

export function CommandPalette({ open, onOpenChange, onShowShortcuts, takeTypedAhead }: CommandPaletteProps) {
  const t = useT('search', 'domain');
  const me = useSignedInMe();
  const navigate = useNavigate();
  const location = useLocation();
  const [text, setText] = useState('');
  const query = useDebouncedValue(text.trim(), 150);
  const search = useQuery({ ...searchQuery(query), placeholderData: (previous) => previous });
  const timerActions = useTimerActions();
  const actions = useMemo(() => [...timerActions, ...paletteActions(me.profile.role, location.pathname, t)], [timerActions, me.profile.role, location.pathname, t]);
  const [recent, setRecent] = useState(() => readRecentItems(me.profile.id));
  const [active, setActive] = useState(0);
  const listId = useId();
  // Each opening starts empty, with the recent items as they are now (the palette stays mounted).
  const [wasOpen, setWasOpen] = useState(open);
  if (open !== wasOpen) {
    setWasOpen(open);
    if (open) {
      setText('');
      setActive(0);
      setRecent(readRecentItems(me.profile.id));
    }
  }

  // Issue 49: the box takes the focus the moment it is in the page (the dialog's portal draws it
  // a moment after the palette itself), with what was typed ahead of it.
  const attachBox = useCallback(
    (element: HTMLInputElement | null) => {
      if (!element) return;
      const ahead = takeTypedAhead?.() ?? '';
      if (ahead) setText(ahead);
      element.focus();
    },
    [takeTypedAhead],
  );

  const sections: Section[] = useMemo(() => {
    const trimmed = text.trim();
    if (!trimmed) {
      return [
        { key: 'recent', heading: t(SEARCH_TEXTS.recent), options: recent.map((item, i): Option => ({ key: `recent-${i}`, type: 'recent', item })) },
        {
          key: 'actions',
          heading: t(SEARCH_TEXTS.actions),
          options: actions.filter((action) => !action.whenTyped).map((action): Option => ({ key: action.id, type: 'action', action })),
        },
      ].filter((section) => section.options.length > 0);
    }
    const groups = search.data && search.data.query === query && query === trimmed ? search.data.groups : (search.data?.groups ?? []);
    const found = groups.map((group) => ({
      key: group.kind,
      heading: t(SEARCH_TEXTS.kinds[group.kind]),
      options: group.results.map((result): Option => ({ key: `${group.kind}-${result.id}`, type: 'result', kind: group.kind, result })),
    }));
    const matching = matchActions(actions, trimmed).map((action): Option => ({ key: action.id, type: 'action', action }));
    return [...found, ...(matching.length > 0 ? [{ key: 'actions', heading: t(SEARCH_TEXTS.actions), options: matching }] : [])];
  }, [text, query, search.data, recent, actions, t]);

  const options = sections.flatMap((section) => section.options);
  const current = Math.min(active, Math.max(options.length - 1, 0));
  const optionId = (index: number) => `${listId}-option-${index}`;

  const choose = (option: Option) => {
    if (option.type === 'action') {
      onOpenChange(false);
      if (option.action.run === 'sheet') onShowShortcuts();
      else if (option.action.run) option.action.run();
      else if (option.action.path) void navigate(option.action.path);
      return;
    }
    const item: RecentItem =
      option.type === 'recent'
        ? option.item
        : { kind: option.kind, title: option.result.title.text, context: option.result.context, target: option.result.target };
    rememberRecentItem(me.profile.id, item);
    setRecent(readRecentItems(me.profile.id));
    onOpenChange(false);
    void navigate(searchResultPath(item.target));
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (options.length === 0) return;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      const next = (current + step + options.length) % options.length;
      setActive(next);
      document.getElementById(optionId(next))?.scrollIntoView({ block: 'nearest' });
    } else if (event.key === 'Home' || event.key === 'End') {
      event.preventDefault();
      setActive(event.key === 'Home' ? 0 : options.length - 1);
    } else if (event.key === 'Enter' && !event.nativeEvent.isComposing) {
      event.preventDefault();
      const option = options[current];
      if (option) choose(option);
    }
  };

  const trimmed = text.trim();
  const waiting = trimmed !== '' && (query !== trimmed || search.isFetching);
  let status: string | null = null;
  if (trimmed && search.isError) status = t(SEARCH_TEXTS.failed);
  else if (trimmed && !waiting && options.length === 0) status = t(SEARCH_TEXTS.noResults, { query: trimmed });
  else if (!trimmed && options.length === 0) status = t(SEARCH_TEXTS.typeMore);

  let index = -1;
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent showClose={false} className="top-[12vh] max-w-2xl translate-y-0 gap-0 overflow-hidden p-0" aria-describedby={`${listId}-description`}>
        <DialogTitle className="sr-only">{t(SEARCH_TEXTS.title)}</DialogTitle>
        <DialogDescription id={`${listId}-description`} className="sr-only">
          {t(SEARCH_TEXTS.description)}
        </DialogDescription>
        <div className="flex items-center gap-2 border-b px-4">
          <Search className="size-4 shrink-0 text-muted-foreground" aria-hidden />
          <input
            ref={attachBox}
            role="combobox"
            aria-expanded={options.length > 0}
            aria-controls={listId}
            aria-autocomplete="list"
            aria-activedescendant={options.length > 0 ? optionId(current) : undefined}
            aria-label={t(SEARCH_TEXTS.input)}
            placeholder={t(SEARCH_TEXTS.placeholder)}
            className="h-14 w-full bg-transparent text-base outline-none placeholder:text-muted-foreground"
            value={text}
            maxLength={200}
            autoComplete="off"
            spellCheck={false}
            onChange={(event) => {
              setText(event.target.value);
              setActive(0);
            }}
            onKeyDown={onKeyDown}
          />
          {waiting ? <span className="shrink-0 text-xs text-muted-foreground">{t(SEARCH_TEXTS.searching)}</span> : null}
        </div>
        <div id={listId} role="listbox" aria-label={t(SEARCH_TEXTS.results)} className={cn('max-h-[60vh] overflow-y-auto p-2', options.length === 0 && 'hidden')}>
          {sections.map((section) => (
            <div key={section.key} role="group" aria-labelledby={`${listId}-${section.key}`} className="pb-2">
              <div id={`${listId}-${section.key}`} className="px-2 py-1.5 text-xs font-medium text-muted-foreground">
                {section.heading}
              </div>
              {section.options.map((option) => {
                index += 1;
                const mine = index;
                const selected = mine === current;
                return (
                  <div
                    key={option.key}
                    id={optionId(mine)}
                    role="option"
                    aria-selected={selected}
                    className={cn('flex cursor-pointer items-center gap-3 rounded-md px-2 py-2 text-sm', selected && 'bg-accent text-accent-foreground')}
                    onPointerMove={() => setActive(mine)}
                    onClick={() => choose(option)}
                  >
                    <OptionBody option={option} />
                    {selected ? <CornerDownLeft className="ml-auto size-3.5 shrink-0 text-muted-foreground" aria-hidden /> : null}
                  </div>
                );
              })}
            </div>
          ))}
        </div>
        {/* Outside the listbox, which may hold options only. */}
        <p role="status" className={status ? 'px-4 pb-6 text-center text-sm text-muted-foreground' : 'sr-only'}>
          {status ?? (waiting ? t(SEARCH_TEXTS.searching) : '')}
        </p>
      </DialogContent>
    </Dialog>
  );
}

function OptionBody({ option }: { option: Option }) {
  const t = useT('search');
  if (option.type === 'action') {
    return (
      <>
        <Zap className="size-4 shrink-0 text-muted-foreground" aria-hidden />
        <span className="truncate">{option.action.label}</span>
      </>
    );
  }
  if (option.type === 'recent') {
    const Icon = KIND_ICONS[option.item.kind] ?? History;
    return (
      <>
        <Icon className="size-4 shrink-0 text-muted-foreground" aria-hidden />
        <span className="min-w-0 truncate">{option.item.title}</span>
        <span className="shrink-0 text-xs text-muted-foreground">{t(SEARCH_TEXTS.kindOne[option.item.kind])}</span>
      </>
    );
  }
  const { result, kind } = option;
  const Icon = KIND_ICONS[kind];
  // A comment's text is Markdown: its snippet shows the words, not the syntax (issue 49 item 20).
  const snippet = result.snippet && kind === 'comment' ? plainMarkdownMarked(result.snippet) : result.snippet;
  return (
    <>
      <Icon className="size-4 shrink-0 text-muted-foreground" aria-hidden />
      <span className="grid min-w-0 gap-0.5">
        <span className="truncate">
          {kind === 'member' && result.context ? (
            <MemberWithRole name={result.title} role={result.context} />
          ) : (
            <>
              <HighlightedText value={result.title} />
              {result.context ? <span className="ml-2 text-xs text-muted-foreground">{t(SEARCH_TEXTS.inContext, { context: result.context })}</span> : null}
            </>
          )}
        </span>
        {snippet ? (
          <span className="truncate text-xs text-muted-foreground">
            <HighlightedText value={snippet} />
          </span>
        ) : null}
      </span>
    </>
  );
}

/** Where the name goes in the translated "{name} · {role}": a character no language's words hold. */
const NAME_SLOT = '\uE000';

/** A team member found: "Marcus Reed · Admin", the name marked where it matched, in the language's order. */
function MemberWithRole({ name, role }: { name: Highlighted; role: string }) {
  const t = useT('search');
  const [before = '', after = ''] = t(SEARCH_TEXTS.memberWithRole, { name: NAME_SLOT, role }).split(NAME_SLOT);
  return (
    <>
      {before ? <span className="text-xs text-muted-foreground">{before}</span> : null}
      <HighlightedText value={name} />
      {after ? <span className="text-xs text-muted-foreground">{after}</span> : null}
    </>
  );
}
