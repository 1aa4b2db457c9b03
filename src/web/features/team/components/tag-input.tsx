import { Plus, X } from 'lucide-react';
import { useId, useRef, useState, type KeyboardEvent } from 'react';
import { normalizeTags } from '@/domain/team';
import { Input } from '@/web/components/ui/input';
import { useT } from '@/web/lib/i18n';
import { TEAM_TEXTS } from '../texts';

type Props = {
  value: string[];
  onChange: (tags: string[]) => void;
  suggestions: string[];
  id?: string;
  'aria-invalid'?: boolean;
  'aria-describedby'?: string;
};

/** Spec 9: the tag suggestions close 100 ms after focus leaves the picker. */
const CLOSE_DELAY_MS = 100;

/** Skill tags as removable chips, with typed tags (Enter or comma) and clickable suggestions. */
export function TagInput({ value, onChange, suggestions, id, ...aria }: Props) {
  const t = useT('team');
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  const closeTimer = useRef<number | undefined>(undefined);
  const inputRef = useRef<HTMLInputElement>(null);
  const listId = useId();

  const chosen = new Set(value.map((tag) => tag.toLowerCase()));
  const query = text.trim().toLowerCase();
  const offered = suggestions.filter((s) => !chosen.has(s.toLowerCase()) && (!query || s.toLowerCase().includes(query))).slice(0, 12);

  const add = (tag: string) => {
    onChange(normalizeTags([...value, tag]));
    setText('');
  };
  const remove = (tag: string) => onChange(value.filter((other) => other !== tag));

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if ((event.key === 'Enter' || event.key === ',') && text.trim()) {
      event.preventDefault();
      add(text);
    } else if (event.key === 'Enter') {
      event.preventDefault();
    } else if (event.key === 'Backspace' && !text && value.length > 0) {
      remove(value[value.length - 1]!);
    } else if (event.key === 'Escape' && open) {
      event.stopPropagation();
      setOpen(false);
    }
  };

  return (
    <div
      className="grid gap-2"
      onFocus={(event) => {
        window.clearTimeout(closeTimer.current);
        // Only the text box opens the suggestions: opening them when a chip's remove button is
        // pressed would grow the centred dialog under the pointer and the click would miss.
        if (event.target === inputRef.current) setOpen(true);
      }}
      onBlur={(event) => {
        if (event.currentTarget.contains(event.relatedTarget as Node | null)) return;
        closeTimer.current = window.setTimeout(() => setOpen(false), CLOSE_DELAY_MS);
      }}
    >
      {value.length > 0 ? (
        <ul className="flex flex-wrap gap-1.5" aria-label={t(TEAM_TEXTS.selectedSkills)}>
          {value.map((tag) => (
            <li key={tag} className="inline-flex max-w-full items-center gap-1 rounded-full bg-accent py-0.5 pr-1 pl-2.5 text-xs font-medium text-accent-foreground">
              <span className="truncate">{tag}</span>
              <button
                type="button"
                className="grid size-5 place-items-center rounded-full outline-none hover:bg-foreground/10 focus-visible:ring-2 focus-visible:ring-ring"
                aria-label={t(TEAM_TEXTS.removeSkill, { tag })}
                onClick={() => remove(tag)}
              >
                <X className="size-3" aria-hidden />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      <Input
        ref={inputRef}
        id={id}
        {...aria}
        value={text}
        placeholder={t(TEAM_TEXTS.skillPlaceholder)}
        autoComplete="off"
        aria-controls={open ? listId : undefined}
        onChange={(e) => setText(e.target.value)}
        onKeyDown={onKeyDown}
      />
      {open && (offered.length > 0 || query) ? (
        <div id={listId} className="flex flex-wrap gap-1.5" role="group" aria-label={t(TEAM_TEXTS.suggestedSkills)}>
          {offered.map((tag) => (
            <button
              key={tag}
              type="button"
              className="inline-flex items-center gap-1 rounded-full border border-dashed px-2.5 py-0.5 text-xs text-muted-foreground outline-none hover:border-primary hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring"
              onClick={() => add(tag)}
            >
              <Plus className="size-3" aria-hidden />
              {tag}
            </button>
          ))}
          {query && !offered.some((s) => s.toLowerCase() === query) && !chosen.has(query) ? (
            <button
              type="button"
              className="inline-flex items-center gap-1 rounded-full border border-dashed border-primary/50 px-2.5 py-0.5 text-xs text-primary outline-none focus-visible:ring-2 focus-visible:ring-ring"
              onClick={() => add(text)}
            >
              <Plus className="size-3" aria-hidden />
              {t(TEAM_TEXTS.addSkill, { tag: text.trim() })}
            </button>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
