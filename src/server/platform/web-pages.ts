// Which HTML file the server sends for a path of the web app (decision 013). Beside index.html,
// the build writes one file per page whose <head> also names that page's chunks, so a phone
// downloads them beside the entry instead of one round trip after it, and route-pages.json
// saying which path gets which (scripts/route-pages.ts). A page only signed-in users see goes only
// to a request with a live session whose cookie this server signed, so a signed-out visitor's sign-in page
// downloads no signed-in page. The files are static: nothing of the request is written into them.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

export const ROUTE_PAGES_FILE = 'route-pages.json';
export const INDEX_HTML = 'index.html';

/** One entry of route-pages.json. */
export type RoutePage = {
  /** A regular expression for the path (no query string). */
  pattern: string;
  /** Sent only to a request that carries a session cookie. */
  signedIn: boolean;
  /** The HTML file beside index.html. */
  file: string;
  /** Only for these values of these query parameters (null: absent or empty). */
  query?: Record<string, (string | null)[]>;
  /** Only when the server finds this true of the path (`holds` below; page-paths.ts's PageCondition). */
  when?: string;
};

/** What the server can tell of a request, asked only when a page's entry needs it. */
export type PageFacts = {
  /** Whether the request carries a live session (a lookup, so asked only for a signed-in page). */
  signedIn: () => boolean | Promise<boolean>;
  /** Whether `condition` (a page's `when`) holds for the path; false for one the server does not know. */
  holds: (condition: string, pathname: string) => Promise<boolean>;
};

export type WebPages = {
  /** The HTML file for a request path: the first page entry that matches it and whose facts hold. */
  fileFor(url: string, facts: PageFacts): Promise<string>;
};

const HTML_FILE = /^[\w-]+\.html$/;

/** route-pages.json of a built web app; without one (an older build, a test's folder) every path gets index.html. */
export function readWebPages(webRoot: string): WebPages {
  const file = path.join(webRoot, ROUTE_PAGES_FILE);
  const pages = existsSync(file) ? parseRoutePages(readFileSync(file, 'utf8'), webRoot) : [];
  return {
    async fileFor(url, facts) {
      const [pathname = '', search = ''] = url.split('#', 1)[0]!.split('?', 2);
      const params = new URLSearchParams(search);
      for (const entry of pages) {
        const matches =
          entry.pattern.test(pathname) &&
          Object.entries(entry.query ?? {}).every(([name, values]) => values.includes(params.get(name) || null));
        if (!matches) continue;
        if (entry.when !== undefined && !(await facts.holds(entry.when, pathname))) continue;
        return entry.signedIn && !(await facts.signedIn()) ? INDEX_HTML : entry.file;
      }
      return INDEX_HTML;
    },
  };
}

function parseRoutePages(json: string, webRoot: string): { pattern: RegExp; signedIn: boolean; file: string; query?: RoutePage['query']; when?: string }[] {
  const parsed = JSON.parse(json) as { pages?: RoutePage[] };
  return (parsed.pages ?? [])
    .filter((page) => HTML_FILE.test(page.file) && existsSync(path.join(webRoot, page.file)))
    .map((page) => ({ pattern: new RegExp(page.pattern), signedIn: page.signedIn === true, file: page.file, query: page.query, when: page.when }));
}
