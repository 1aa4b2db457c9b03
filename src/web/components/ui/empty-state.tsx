import type { ReactNode } from 'react';

/**
 * What an empty list says: the list's own line (the spec's wording), what goes there, and the
 * action that fills it, so a first visit is never a dead end (issue 14).
 */
export function EmptyState({ title, text, action }: { title: string; text?: string; action?: ReactNode }) {
  return (
    <div className="flex flex-col items-center gap-3 rounded-xl border border-dashed p-10 text-center">
      <p className="font-medium">{title}</p>
      {text ? <p className="max-w-md text-sm text-muted-foreground">{text}</p> : null}
      {action}
    </div>
  );
}
