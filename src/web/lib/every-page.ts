// A select or picker needs every name it offers (issue 36): it reads a keyset-paged list page
// after page, following nextCursor to the last, before it opens (decision 021).
import { api } from './api-client';

type Page<T> = { items: T[]; nextCursor: string | null };

/** Every item of the paged list at `path` (which may hold a query already), in the server's order. */
export async function readEveryPage<T>(path: string): Promise<T[]> {
  const items: T[] = [];
  let cursor: string | null = null;
  do {
    const url: string = cursor ? `${path}${path.includes('?') ? '&' : '?'}${new URLSearchParams({ cursor })}` : path;
    const page: Page<T> = await api.get<Page<T>>(url);
    items.push(...page.items);
    cursor = page.nextCursor;
  } while (cursor);
  return items;
}
