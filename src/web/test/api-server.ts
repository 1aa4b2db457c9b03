// The web test kit's stand-in for the server (issue 28 item 4): an msw server answers the app's
// fetch calls in component tests, through handlers built per resource (api-handlers.ts).
// Importing this file wires it into the test file: listening before the tests, forgetting the
// test's handlers and requests after each one, closed after the last. A request no handler
// answers fails its test, and so does a handler that cannot answer.
import { http, HttpResponse, type JsonBodyType, type PathParams } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll } from 'vitest';

/** A request as it left the app: `path` is its path and query, `body` its parsed JSON. */
export type SentRequest = { method: string; path: string; query: URLSearchParams; params: PathParams; body: unknown };

/** What a handler answers with: a JSON body (200, or 201 for a create), or an `HttpResponse`. */
export type Answer<T> = T | HttpResponse<JsonBodyType> | Promise<T | HttpResponse<JsonBodyType>>;

/** A fixed answer, or one worked out from the request (its query, body or path parameters). */
export type Responder<T> = Answer<T> | ((request: SentRequest) => Answer<T>);

export const apiServer = setupServer();

/** The requests the handlers answered in this test, in order: what the app sent. */
export const sentRequests: SentRequest[] = [];

/** Requests no handler answered, and handlers that threw: each fails the test it happened in. */
const problems: string[] = [];

beforeAll(() =>
  apiServer.listen({
    onUnhandledRequest(request, print) {
      const url = new URL(request.url);
      problems.push(`no handler for ${request.method} ${url.pathname}${url.search}`);
      // msw's 'error' strategy: logged, and the app's fetch fails as on a network error.
      print.error();
    },
  }),
);

/**
 * Resolves once the requests the app has sent so far have reached their handlers (msw passes a
 * request on within microtasks; this waits for the next task): then `sentRequests` has them all,
 * for a test that checks nothing was sent.
 */
export function requestsArrived(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

/** What went wrong so far in this test, taken: the check after each test fails on what is left. */
export function takeApiProblems(): string[] {
  return problems.splice(0);
}

afterEach(() => {
  apiServer.resetHandlers();
  sentRequests.length = 0;
  const failed = takeApiProblems();
  if (failed.length > 0) throw new Error(`The test's API requests went wrong:\n  ${failed.join('\n  ')}`);
});

afterAll(() => apiServer.close());

type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

const HTTP = { GET: http.get, POST: http.post, PATCH: http.patch, PUT: http.put, DELETE: http.delete };

async function readBody(request: Request): Promise<unknown> {
  const text = await request.text();
  return text ? JSON.parse(text) : undefined;
}

/**
 * A handler for `METHOD path` (msw's path syntax: '/api/team/:memberId'). It records the request
 * in `sentRequests`, body and all, before it answers: a test that has seen the answer on screen
 * has what was sent.
 */
export function route<T>(method: Method, path: string, respond: Responder<T>, { status = 200 } = {}) {
  return HTTP[method](path, async ({ request, params }) => {
    const url = new URL(request.url);
    const sent: SentRequest = { method, path: url.pathname + url.search, query: url.searchParams, params, body: undefined };
    try {
      if (method !== 'GET') sent.body = await readBody(request);
      sentRequests.push(sent);
      const answer = await (typeof respond === 'function' ? (respond as (request: SentRequest) => Answer<T>)(sent) : respond);
      // A fixed HttpResponse answers every call: each gets its own copy of the unread body.
      return answer instanceof Response ? answer.clone() : HttpResponse.json(answer as JsonBodyType, { status });
    } catch (error) {
      problems.push(`${method} ${sent.path}: ${error instanceof Error ? error.message : String(error)}`);
      return apiError(500, 'test_handler_failed', 'The test handler failed');
    }
  });
}

/** The server's error shape (errors.ts): `{ error: { code, message } }` with its status, and `detail` when given. */
export function apiError(status: number, code: string, message = code, detail?: string) {
  return HttpResponse.json({ error: { code, message, ...(detail === undefined ? {} : { detail }) } }, { status });
}

/** Answers the calls with `answers` in turn; one call more than there are answers fails the test. */
export function inTurn<T>(...answers: Answer<T>[]): (request: SentRequest) => Answer<T> {
  let call = 0;
  return () => {
    call += 1;
    if (call > answers.length) throw new Error(`call ${call}, but only ${answers.length} answers were given`);
    return answers[call - 1]!;
  };
}

/** Answers a paged list by its `cursor` query parameter: '' is the first page. */
export function byCursor<T>(pages: Record<string, T>): (request: SentRequest) => T {
  return ({ query }) => {
    const cursor = query.get('cursor') ?? '';
    const page = pages[cursor];
    if (page === undefined) throw new Error(`no page for cursor '${cursor}'`);
    return page;
  };
}
