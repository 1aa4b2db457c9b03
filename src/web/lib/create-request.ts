// "Create" from anywhere (issue 34): the command palette and the `c` shortcut ask a page to open
// its create dialog with `?create=<kind>` in the URL; the list that owns the dialog opens it and
// takes the parameter away, so Back and a reload do not open it again.
import { useEffect, useEffectEvent } from 'react';
import { useSearchParams } from 'react-router';

export type CreateKind = 'project' | 'task' | 'client';

/** Opens the caller's create dialog when the URL asks for `kind` and `allowed` (the button shows). */
export function useCreateRequest(kind: CreateKind, allowed: boolean, open: () => void): void {
  const [searchParams, setSearchParams] = useSearchParams();
  const requested = searchParams.get('create') === kind;
  const opener = useEffectEvent(open);
  useEffect(() => {
    if (!requested) return;
    if (allowed) opener();
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('create');
        return next;
      },
      { replace: true },
    );
  }, [requested, allowed, setSearchParams]);
}

/**
 * Opens one item named in the URL (issue 34: a search result, `?client=<id>`): reads it with
 * `load`, hands it to `open`, and takes the parameter away. An item that cannot be read (gone,
 * or not the caller's) opens nothing.
 */
export function useOpenRequest<T>(param: string, load: (id: string) => Promise<T>, open: (item: T) => void): void {
  const [searchParams, setSearchParams] = useSearchParams();
  const id = searchParams.get(param);
  const loader = useEffectEvent(load);
  const opener = useEffectEvent(open);
  useEffect(() => {
    if (!id) return;
    let current = true;
    void loader(id).then(
      (item) => {
        if (current) opener(item);
      },
      () => undefined,
    );
    setSearchParams(
      (now) => {
        const next = new URLSearchParams(now);
        next.delete(param);
        return next;
      },
      { replace: true },
    );
    return () => {
      current = false;
    };
  }, [id, param, setSearchParams]);
}
