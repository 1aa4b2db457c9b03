// The comment box with @mentions (issue 29): typing '@' and a few letters of a name offers the
// project's people in a listbox above the box; arrows choose, Enter or Tab picks, Escape closes.
// Picking writes the person's token, `@[Full Name](id)`, which the server reads the mentions from.
// While the list is open the textarea is its combobox (role, aria-expanded, aria-controls,
// aria-activedescendant), as GitHub's comment box does; closed, it is a plain multi-line textbox.
import { useId, useLayoutEffect, useRef, useState, type ComponentProps, type KeyboardEvent } from 'react';
import { mentionToken } from '@/domain/comment-rules';
import type { Mentionable } from '@/domain/comments';
import { ROLE_LABELS, type Role } from '@/domain/roles';
import { Textarea } from '@/web/components/ui/textarea';
import { cn } from '@/web/lib/class-names';
import { useT } from '@/web/lib/i18n';
import { COMMENT_TEXTS } from '../texts';

/** The most suggestions shown at once. */
const MAX_SUGGESTIONS = 8;
/** A name being typed after '@' is at most this long; longer, the '@' was not a mention. */
const MAX_QUERY = 40;

/**
 * The mention being typed at the caret: the '@' that starts it (at the start, or after a space or
 * an opening bracket: not an email address) and the text typed after it, or null.
 */
export function mentionQueryAt(text: string, caret: number): { start: number; query: string } | null {
  const before = text.slice(0, caret);
  const start = before.lastIndexOf('@');
  if (start < 0) return null;
  if (start > 0 && !/[\s([{"'>*_~]/.test(before[start - 1]!)) return null;
  const query = before.slice(start + 1);
  if (query.length > MAX_QUERY || /[\n@[\]()]/.test(query) || query.startsWith(' ')) return null;
  return { start, query };
}

/** The people whose name matches, those whose name (or a word of it) starts so first. */
export function matchingPeople(people: readonly Mentionable[], query: string): Mentionable[] {
  const wanted = query.trim().toLowerCase();
  const rank = (person: Mentionable) => {
    const name = person.name.toLowerCase();
    if (name.startsWith(wanted)) return 0;
    if (name.split(/\s+/).some((word) => word.startsWith(wanted))) return 1;
    return name.includes(wanted) ? 2 : 3;
  };
  return people
    .map((person) => ({ person, rank: rank(person) }))
    .filter((entry) => entry.rank < 3)
    .sort((a, b) => a.rank - b.rank || a.person.name.localeCompare(b.person.name))
    .slice(0, MAX_SUGGESTIONS)
    .map((entry) => entry.person);
}

type MentionTextareaProps = Omit<ComponentProps<'textarea'>, 'value' | 'onChange'> & {
  value: string;
  onChange: (value: string) => void;
  /** Who can be mentioned; undefined while they load, null when this box offers no mentions. */
  people: readonly Mentionable[] | undefined | null;
};

export function MentionTextarea({ value, onChange, people, onKeyDown, className, ...props }: MentionTextareaProps) {
  const t = useT('comments');
  const listId = useId();
  const ref = useRef<HTMLTextAreaElement>(null);
  const [caret, setCaret] = useState<number | null>(null);
  const [active, setActive] = useState(0);
  // The '@' whose suggestions Escape closed: they stay closed until another '@' is typed.
  const [dismissedAt, setDismissedAt] = useState<number | null>(null);
  const placeCaret = useRef<number | null>(null);

  const typed = people === null || caret === null ? null : mentionQueryAt(value, caret);
  const mention = typed && typed.start !== dismissedAt ? typed : null;
  const matches = mention && people ? matchingPeople(people, mention.query) : [];
  // A name with a space in it that matches no one: the '@' was just text.
  const showing = mention !== null && (people === undefined || matches.length > 0 || !mention.query.includes(' '));
  const open = showing && matches.length > 0;
  const activeIndex = Math.min(active, Math.max(matches.length - 1, 0));
  const optionId = (index: number) => `${listId}-option-${index}`;

  // After a pick, the caret goes right after the token written.
  useLayoutEffect(() => {
    if (placeCaret.current === null) return;
    ref.current?.setSelectionRange(placeCaret.current, placeCaret.current);
    placeCaret.current = null;
  }, [value]);

  useLayoutEffect(() => {
    if (open) document.getElementById(optionId(activeIndex))?.scrollIntoView?.({ block: 'nearest' });
  });

  const readCaret = (element: HTMLTextAreaElement) => setCaret(element.selectionStart === element.selectionEnd ? element.selectionStart : null);

  const pick = (person: Mentionable) => {
    if (!mention || caret === null) return;
    const token = `${mentionToken(person)} `;
    const next = value.slice(0, mention.start) + token + value.slice(caret);
    placeCaret.current = mention.start + token.length;
    setCaret(placeCaret.current);
    setActive(0);
    onChange(next);
  };

  const handleKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    const plain = !event.ctrlKey && !event.metaKey && !event.altKey;
    if (open && plain) {
      if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
        event.preventDefault();
        const step = event.key === 'ArrowDown' ? 1 : -1;
        setActive((activeIndex + step + matches.length) % matches.length);
        return;
      }
      if ((event.key === 'Enter' && !event.shiftKey) || (event.key === 'Tab' && !event.shiftKey)) {
        event.preventDefault();
        pick(matches[activeIndex]!);
        return;
      }
    }
    if (mention && showing && event.key === 'Escape') {
      // The panel around leaves this Escape to the list (data-keeps-escape below).
      event.preventDefault();
      event.stopPropagation();
      setDismissedAt(mention.start);
      return;
    }
    onKeyDown?.(event);
  };

  return (
    <div className="relative">
      <Textarea
        ref={ref}
        value={value}
        onChange={(event) => {
          onChange(event.target.value);
          readCaret(event.target);
          setActive(0);
          // A new '@' (or the old one typed again) offers its suggestions again.
          if (dismissedAt !== null && mentionQueryAt(event.target.value, event.target.selectionStart)?.start !== dismissedAt) setDismissedAt(null);
        }}
        onSelect={(event) => readCaret(event.currentTarget)}
        onBlur={() => setCaret(null)}
        onKeyDown={handleKeyDown}
        className={className}
        aria-autocomplete={people === null ? undefined : 'list'}
        {...(open
          ? { role: 'combobox', 'aria-expanded': true, 'aria-controls': listId, 'aria-activedescendant': optionId(activeIndex) }
          : {})}
        data-keeps-escape={showing ? '' : undefined}
        {...props}
      />
      {showing ? (
        <div className="absolute bottom-full left-0 z-10 mb-1 max-h-56 w-72 max-w-full overflow-y-auto rounded-md border bg-card p-1 shadow-lg">
          {open ? (
            <ul id={listId} role="listbox" aria-label={t(COMMENT_TEXTS.mentionList)}>
              {matches.map((person, index) => (
                <li
                  key={person.id}
                  id={optionId(index)}
                  role="option"
                  aria-selected={index === activeIndex}
                  // The textarea keeps the focus (and its caret) while a name is clicked.
                  onMouseDown={(event) => event.preventDefault()}
                  onClick={() => pick(person)}
                  onMouseMove={() => index !== activeIndex && setActive(index)}
                  className={cn('flex cursor-pointer items-baseline justify-between gap-3 rounded-sm px-2 py-1.5 text-sm', index === activeIndex && 'bg-accent text-accent-foreground')}
                >
                  <span className="truncate font-medium">{person.name}</span>
                  <span className="shrink-0 text-xs text-muted-foreground">
                    <RoleName role={person.role} />
                  </span>
                </li>
              ))}
            </ul>
          ) : (
            <p className="px-2 py-1.5 text-sm text-muted-foreground">{people === undefined ? t(COMMENT_TEXTS.mentionLoading) : t(COMMENT_TEXTS.mentionNone)}</p>
          )}
        </div>
      ) : null}
      {/* What the list offers, said once as it changes (the list itself is not focused). */}
      <span role="status" className="sr-only">
        {showing && people !== undefined ? (matches.length === 0 ? t(COMMENT_TEXTS.mentionNone) : t(COMMENT_TEXTS.mentionCount, { count: matches.length })) : ''}
      </span>
    </div>
  );
}

/**
 * A person's role as the product names it, in the language on screen; a role the web app does not
 * know reads as stored. Its own component: only the project page lists people, so only it loads the
 * signed-in app's `domain` words (a share link's comment box never does).
 */
function RoleName({ role }: { role: string }) {
  const t = useT('domain');
  return Object.hasOwn(ROLE_LABELS, role) ? t(ROLE_LABELS[role as Role]) : role;
}
