import type { Highlighted } from '@/domain/search-rules';

/** A text with its marked ranges in <mark>: React escapes every piece, nothing is HTML. */
export function HighlightedText({ value }: { value: Highlighted }) {
  const pieces: React.ReactNode[] = [];
  let at = 0;
  for (const [start, end] of value.marks) {
    if (start < at || end > value.text.length) continue;
    if (start > at) pieces.push(value.text.slice(at, start));
    pieces.push(
      <mark key={start} className="rounded-sm bg-primary/15 px-0.5 text-foreground">
        {value.text.slice(start, end)}
      </mark>,
    );
    at = end;
  }
  if (at < value.text.length) pieces.push(value.text.slice(at));
  return <>{pieces}</>;
}
