// Which browser tab made a change (issue 9 step 5). The web app sends its tab's random id with
// each request; a change event published while serving it carries the id back, so that tab can
// skip refetching what its own change already refreshed. An id, not an identity: random per
// tab, chosen by the browser, read by nothing that decides access.
import { AsyncLocalStorage } from 'node:async_hooks';
import type { FastifyInstance } from 'fastify';

export const CHANGE_ORIGIN_HEADER = 'x-brieflane-tab';
const ORIGIN_PATTERN = /^[A-Za-z0-9_-]{8,64}$/;

const origins = new AsyncLocalStorage<string>();

export function isChangeOrigin(value: unknown): value is string {
  return typeof value === 'string' && ORIGIN_PATTERN.test(value);
}

/** Runs each request whose header holds a well-formed tab id with that id as its change origin. */
export function registerChangeOrigin(app: FastifyInstance): void {
  app.addHook('onRequest', (request, _reply, done) => {
    const origin = request.headers[CHANGE_ORIGIN_HEADER];
    if (isChangeOrigin(origin)) origins.run(origin, done);
    else done();
  });
}

/** The tab id of the request being served, if it sent one. */
export function currentChangeOrigin(): string | undefined {
  return origins.getStore();
}
