// Reading a cursor-paged list to its end in API tests (issue 36's lists that never hide rows).
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';

export type CursorPage<T> = { items: T[]; nextCursor: string | null };

export type ReadPagesOptions = {
  /** Parameters of every request besides `cursor` ('a=1&tag=x&tag=y' keeps repeated ones). */
  query?: string | Record<string, string>;
  /** `limit` of every request (none: the route's default page size). */
  limit?: number;
  /** `limit` of the first request only, when it differs. */
  firstLimit?: number;
  /** Fails past this many pages: a cursor that never ends would loop. */
  maxPages?: number;
};

/**
 * Every page of a list, following nextCursor until it is null, each answer checked to be 200.
 * `get` receives the query string with its '?' ('' when there is none).
 */
export async function readAllPages<P extends CursorPage<unknown>>(
  get: (query: string) => Promise<Pick<LightMyRequestResponse, 'statusCode' | 'body' | 'json'>>,
  options: ReadPagesOptions = {},
): Promise<{ pages: P[]; items: P['items'] }> {
  const pages: P[] = [];
  let cursor: string | null = null;
  do {
    const params = new URLSearchParams(options.query);
    const limit = pages.length === 0 ? (options.firstLimit ?? options.limit) : options.limit;
    if (limit) params.set('limit', String(limit));
    if (cursor) params.set('cursor', cursor);
    const res = await get(params.size ? `?${params}` : '');
    expect(res.statusCode, res.body).toBe(200);
    const page = res.json() as P;
    pages.push(page);
    cursor = page.nextCursor;
    expect(pages.length).toBeLessThan(options.maxPages ?? 200);
  } while (cursor);
  return { pages, items: pages.flatMap((page) => page.items) as P['items'] };
}

/** A `get` for readAllPages: GET `path` with the query, through `inject` (a TestUser's, or the app's). */
export function getPath(inject: (options: InjectOptions) => Promise<LightMyRequestResponse>, path: string) {
  return (query: string) => inject({ method: 'GET', url: `${path}${query}` });
}
