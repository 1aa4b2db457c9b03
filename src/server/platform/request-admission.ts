// The embedded database's requests in arrival order (issue 36, decision 025): every API request
// that may reach the database takes a slot of the admission queue (db/admission-queue.ts) in its
// first hook of its own and gives it back as its answer is sent, so its statements, transactions
// included, share the one connection with a few others instead of queueing behind every
// statement of every later request. Past the queue's bound, or after its longest wait, the
// answer is 503 `server_busy` with Retry-After, sent from onRequest: before the body is read, the
// caller resolved or any handler run, so a refused request changed nothing.
import type { FastifyInstance, FastifyReply, FastifyRequest, onRequestHookHandler, RouteOptions } from 'fastify';
import { SERVER_BUSY_CODE, SERVER_BUSY_MESSAGES } from '../../domain/server-busy';
import { BACKUP_ARCHIVE_ROUTE, BACKUP_ROUTE } from './backup/server-side';
import type { Config } from './config';
import { AdmissionQueue, type AdmissionCounts, type Refusal } from './db/admission-queue';
import { errorBody } from './errors';
import { answerLocale, translate } from './i18n';
import { createJob, runWithServer } from './jobs';

/**
 * Requests sharing the embedded connection at once (decision 025). At 200 connections 1 and 2
 * gave the same tail and 4 a longer one (each request's statements interleave with more others');
 * 2, so that a request waiting on something other than the database (an Argon2 hash, a file
 * being stored) does not stop all the others.
 */
export const EMBEDDED_DATABASE_SLOTS = 2;

declare module 'fastify' {
  interface FastifyInstance {
    /** The embedded database's admission queue; none on PostgreSQL, whose pool queues by itself. */
    admissionQueue: AdmissionQueue | undefined;
  }
}

/**
 * Whether a route takes a slot: the API's routes and the dev mailbox's, except those that must
 * answer however busy the server is or that wait on their client rather than the database.
 * - the health check (a load balancer must learn the server is alive, busy or not) and the API
 *   document;
 * - the operator's backup (`npm run backup`, both routes), which holds the connection itself for its
 *   snapshot, and whose archive streams to the command for as long as it takes;
 * - uploads (multipart bodies): they stream the client's file for as long as the client takes;
 *   their few statements take their turn on the connection one by one, as before.
 * Static files and the web app's pages never touch the database and are not API routes.
 */
export function takesAdmissionSlot(route: Pick<RouteOptions, 'url' | 'method' | 'schema'>): boolean {
  const url = route.url;
  if (!url.startsWith('/api/') && !url.startsWith('/dev/')) return false;
  if (url === '/api/health' || url.startsWith('/api/health/') || url === '/api/docs' || url.startsWith('/api/docs/') || url === BACKUP_ROUTE || url === BACKUP_ARCHIVE_ROUTE) return false;
  const consumes = (route.schema as { consumes?: string[] } | undefined)?.consumes ?? [];
  return !consumes.includes('multipart/form-data');
}

/** The slot each admitted request holds, given back once (a second call does nothing). */
const slots = new WeakMap<FastifyRequest, () => void>();

/**
 * The refusal in the caller's language (issue 48): the request's Accept-Language, the language
 * on screen, as the caller is not yet known here (no session read before a slot).
 */
function sendBusy(reply: FastifyReply, refusal: Refusal): void {
  const locale = answerLocale(reply.request.headers['accept-language'], null);
  void reply
    .status(503)
    .header('retry-after', String(refusal.retryAfterSeconds))
    .send(errorBody(SERVER_BUSY_CODE, translate(locale, SERVER_BUSY_MESSAGES.refused)));
}

function releaseSlot(request: FastifyRequest): void {
  slots.get(request)?.();
}

/**
 * Puts the admission queue in front of the embedded database's routes (call before any route is
 * registered: child scopes inherit the root's onRoute hook). On PostgreSQL it does nothing.
 */
export function registerRequestAdmission(app: FastifyInstance, config: Config, databaseKind: 'pglite' | 'postgres'): void {
  const queue =
    databaseKind === 'pglite'
      ? new AdmissionQueue({ slots: EMBEDDED_DATABASE_SLOTS, maxQueued: config.embeddedQueue.maxQueued, maxWaitMs: config.embeddedQueue.maxWaitMs })
      : undefined;
  app.decorate('admissionQueue', queue);
  if (!queue) return;

  const admit: onRequestHookHandler = (request, reply, done) => {
    const response = reply.raw;
    let settled = false;
    // The client left while waiting: its place in line goes to the next, and its answer to nobody.
    const leftWhileWaiting = () => {
      cancel();
      sendBusy(reply, { reason: 'waited_too_long', retryAfterSeconds: queue.retryAfterSeconds() });
    };
    const cancel = queue.enter(
      (release) => {
        settled = true;
        response.off('close', leftWhileWaiting);
        slots.set(request, release);
        // The connection closed (the client went away mid-request, or anything the hooks below
        // did not see): a slot is never kept by a request that nobody will answer.
        response.once('close', release);
        // The request goes on in a turn of the event loop of its own. PGlite answers without
        // I/O, so a request runs start to end in promise callbacks: run from here, every request
        // read in one turn, and every one handed a slot after it, would run in that turn, while
        // Node reads no socket and accepts no connection (libuv accepts at most one per turn).
        // At 200 connections that kept new connections waiting 20 s and more for a first answer.
        setImmediate(() => {
          if (request.raw.socket?.destroyed) {
            release();
            sendBusy(reply, { reason: 'waited_too_long', retryAfterSeconds: queue.retryAfterSeconds() });
            return;
          }
          done();
        });
      },
      (refusal) => {
        settled = true;
        response.off('close', leftWhileWaiting);
        sendBusy(reply, refusal);
      },
    );
    if (!settled) response.once('close', leftWhileWaiting);
  };

  // The handler is done once its answer is sent, its transaction committed: the slot is given
  // back as the answer starts, and writing it goes at the client's pace. A stream (a download, a
  // CSV export's later pages) reads what it still needs statement by statement, as before.
  const onSend = (request: FastifyRequest, _reply: FastifyReply, payload: unknown, done: (error: null, payload: unknown) => void) => {
    releaseSlot(request);
    done(null, payload);
  };

  // A live socket's upgrade is checked (session, project, link) with its slot; the open socket holds none.
  const beforeSocket = (request: FastifyRequest, _reply: FastifyReply, done: () => void) => {
    releaseSlot(request);
    done();
  };

  app.addHook('onRoute', (route) => {
    if (!takesAdmissionSlot(route)) return;
    const hooksOf = route as unknown as Record<'onRequest' | 'onSend' | 'preHandler', unknown>;
    const add = (name: keyof typeof hooksOf, hook: unknown) => {
      const current = hooksOf[name];
      const hooks = current === undefined ? [] : Array.isArray(current) ? current : [current];
      // The HEAD route Fastify adds for a GET comes through here with the GET's hooks.
      if (!hooks.includes(hook)) hooksOf[name] = [...hooks, hook];
    };
    add('onRequest', admit);
    add('onSend', onSend);
    if ((route as { websocket?: boolean }).websocket) add('preHandler', beforeSocket);
  });

  const logRefusals = refusalLog(queue, app.log);
  runWithServer(app, createJob({ name: 'admission-log', everyMs: 60_000, firstAfterMs: 60_000, run: async () => logRefusals(), log: app.log }));
}

/**
 * One line a minute while requests are being refused (none while none are): how many since the
 * last line, by reason, and the totals since start.
 */
export function refusalLog(queue: AdmissionQueue, log: { warn: (obj: object, msg: string) => void }): () => void {
  let last: AdmissionCounts = { ...queue.counts };
  return () => {
    const now = { ...queue.counts };
    const queueFull = now.queueFull - last.queueFull;
    const waitedTooLong = now.waitedTooLong - last.waitedTooLong;
    last = now;
    if (queueFull + waitedTooLong === 0) return;
    log.warn(
      { queueFull, waitedTooLong, totalRefused: now.queueFull + now.waitedTooLong, admitted: now.admitted, waiting: queue.waiting },
      'server busy: requests answered 503 in the last minute',
    );
  };
}
