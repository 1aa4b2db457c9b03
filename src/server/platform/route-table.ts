// The app's own list of routes, as Fastify registers them. The route × caller proof suite walks
// it, so a route added without an entry in that suite's table fails the tests.
import type { FastifyInstance } from 'fastify';

export type RouteEntry = {
  method: string;
  url: string;
  /** The route's zod schemas, for the proof suites that derive requests from them. */
  schema?: { body?: unknown; querystring?: unknown; params?: unknown };
  /** Who may call it (config.access) and whether a personal API token may (config.tokens). */
  config?: { access?: string; tokens?: false };
};

declare module 'fastify' {
  interface FastifyInstance {
    routeTable: readonly RouteEntry[];
  }
}

/** Call before any route is registered: child scopes inherit the root's onRoute hook. */
export function collectRouteTable(app: FastifyInstance): void {
  const routes: RouteEntry[] = [];
  app.decorate('routeTable', routes);
  app.addHook('onRoute', (route) => {
    const config = route.config as RouteEntry['config'];
    for (const method of [route.method].flat()) routes.push({ method, url: route.url, schema: route.schema as RouteEntry['schema'], config });
  });
}

/**
 * The routes the proofs walk: the API and the dev mailbox. The built web app's files (one route
 * each, present only after `npm run build`) are public and hold no tenant's data.
 */
export function isServiceRoute(route: Pick<RouteEntry, 'url'>): boolean {
  return route.url.startsWith('/api/') || route.url.startsWith('/dev/');
}
