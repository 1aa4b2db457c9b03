// A select on a page's first screen (the projects list's status filter) whose code (Radix's select,
// its positioning and focus handling: about 20 KB gzip with what it brings) loads when it is first
// opened, or earlier on intent (hover, focus), instead of with the page (decision 013). Until then
// a button of the same look and role names the chosen option and opens on the same keys and
// pointer press as Radix's; then the real select takes its place, open. Selects in dialogs and in
// lazily loaded tabs use select.tsx, which loads with them.
import { ChevronDown } from 'lucide-react';
import { Suspense, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { cn } from '@/web/lib/class-names';
import { lazyComponent } from '@/web/lib/lazy-component';
import { SELECT_TRIGGER_CLASS } from './select-trigger-class';

export type LazySelectOption = { value: string; label: string };

export type LazySelectProps = {
  value: string;
  onValueChange: (value: string) => void;
  options: readonly LazySelectOption[];
  'aria-label': string;
  className?: string;
};

const OpenedSelect = lazyComponent(async () => (await import('./lazy-select-parts')).OpenedSelect);

/** Radix's select opens on these keys. */
const OPEN_KEYS = [' ', 'Enter', 'ArrowUp', 'ArrowDown'];

export function LazySelect(props: LazySelectProps) {
  const [opened, setOpened] = useState(false);
  const { value, options, className } = props;
  const stand = (
    <button
      type="button"
      role="combobox"
      aria-label={props['aria-label']}
      aria-expanded={false}
      aria-autocomplete="none"
      data-state="closed"
      className={cn(SELECT_TRIGGER_CLASS, className)}
      // As Radix's trigger: a mouse opens it on press, touch and pen on click.
      onPointerDown={(event: PointerEvent<HTMLButtonElement>) => {
        if (event.pointerType !== 'mouse' || event.button !== 0 || event.ctrlKey) return;
        event.preventDefault();
        setOpened(true);
      }}
      onClick={(event) => {
        if ((event.nativeEvent as globalThis.PointerEvent).pointerType === 'mouse') return;
        setOpened(true);
      }}
      onKeyDown={(event: KeyboardEvent<HTMLButtonElement>) => {
        if (!OPEN_KEYS.includes(event.key)) return;
        event.preventDefault();
        setOpened(true);
      }}
      onPointerEnter={OpenedSelect.preload}
      onFocus={OpenedSelect.preload}
    >
      <span>{options.find((option) => option.value === value)?.label ?? ''}</span>
      <ChevronDown className="size-4 opacity-60" aria-hidden />
    </button>
  );
  if (!opened) return stand;
  return (
    <Suspense fallback={stand}>
      <OpenedSelect {...props} defaultOpen />
    </Suspense>
  );
}
