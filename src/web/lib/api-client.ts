// Same-origin JSON client for /api. The session lives in an httpOnly cookie, so every call sends
// credentials; every failure becomes an ApiError carrying the server's own message.
import { SERVER_BUSY_CODE, SERVER_BUSY_MESSAGES } from '@/domain/server-busy';
import { noteOwnChangeSettled, ownChangeHeaders } from './own-changes';
import { isLocale, type Locale } from '@/domain/locales';
import { i18n } from './i18n';

/** Spec 8: the fallback when a failure carries no message of its own. */
export const FALLBACK_ERROR_MESSAGE = 'An error occurred';

export class ApiError extends Error {
  override name = 'ApiError';
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    /** The server's technical cause behind the message (`error.detail`), for a "Details" disclosure. */
    readonly detail?: string,
    /** The language of what the error is about (a protected share link's, issue 48 item 4). */
    readonly locale?: Locale,
  ) {
    super(message);
  }
}

type ErrorBody = { error?: { code?: unknown; message?: unknown; detail?: unknown; locale?: unknown } };

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** Maps a failed response to an ApiError, keeping the server's `{ error: { code, message, detail? } }`. */
export async function toApiError(response: Response): Promise<ApiError> {
  const body = (await readJson(response)) as ErrorBody | undefined;
  const code = typeof body?.error?.code === 'string' ? body.error.code : `http_${response.status}`;
  const message =
    typeof body?.error?.message === 'string' && body.error.message.trim() !== ''
      ? body.error.message
      : FALLBACK_ERROR_MESSAGE;
  const detail = typeof body?.error?.detail === 'string' && body.error.detail.trim() !== '' ? body.error.detail : undefined;
  return new ApiError(response.status, code, message, detail, isLocale(body?.error?.locale) ? body.error.locale : undefined);
}

type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

/** The longest a refused read waits before its one more try, whatever the server advises. */
export const MAX_RETRY_AFTER_MS = 5_000;

/**
 * A Retry-After header (seconds, or an HTTP date) as the wait in milliseconds, at most
 * MAX_RETRY_AFTER_MS; null when there is none or it cannot be read.
 */
export function retryAfterMs(header: string | null, now: number = Date.now()): number | null {
  if (header === null || header.trim() === '') return null;
  const value = header.trim();
  const ms = /^\d+$/.test(value) ? Number(value) * 1000 : Date.parse(value) - now;
  if (Number.isNaN(ms)) return null;
  return Math.min(Math.max(ms, 0), MAX_RETRY_AFTER_MS);
}

/**
 * The error of a change the server answered 503 `server_busy` (decision 025), or 503 without
 * an answer of ours (a proxy's): the server refused it before doing anything, and the user is
 * told it was not saved. Other 503s keep the server's own message (storage or the database away).
 */
async function changeError(response: Response): Promise<ApiError> {
  const error = await toApiError(response);
  if (response.status === 503 && (error.code === SERVER_BUSY_CODE || error.code === 'http_503')) {
    return new ApiError(503, error.code, busyMessage());
  }
  return error;
}

/** What a refused change says, in the language on screen: its words are core's, loaded on every page (issue 48). */
function busyMessage(): string {
  return i18n._(SERVER_BUSY_MESSAGES.changeNotSaved);
}

export async function apiRequest<T>(method: Method, path: string, body?: unknown): Promise<T> {
  const change = method !== 'GET';
  const send = async () => {
    try {
      return await fetch(path, {
        method,
        credentials: 'same-origin',
        headers: {
          Accept: 'application/json',
          // The server's messages in the language on screen (issue 48), not the browser's.
          ...(isLocale(i18n.locale) ? { 'Accept-Language': i18n.locale } : {}),
          ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
          // Its live echo is recognised, and what it refreshes is not fetched twice.
          ...(change ? ownChangeHeaders() : {}),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
    } catch {
      throw new ApiError(0, 'network_error', FALLBACK_ERROR_MESSAGE);
    }
  };
  let response = await send();
  if (change) {
    noteOwnChangeSettled();
    if (!response.ok) throw await changeError(response);
    return (await readJson(response)) as T;
  }
  // A busy server refuses a read before doing anything and says when to come back: one more
  // try after that (at most MAX_RETRY_AFTER_MS), never more, so that clients do not pile on.
  const wait = response.status === 503 ? retryAfterMs(response.headers.get('retry-after')) : null;
  if (wait !== null) {
    await response.text().catch(() => '');
    await new Promise((resolve) => setTimeout(resolve, wait));
    response = await send();
  }
  if (!response.ok) throw await toApiError(response);
  return (await readJson(response)) as T;
}

export const api = {
  get: <T>(path: string) => apiRequest<T>('GET', path),
  post: <T>(path: string, body?: unknown) => apiRequest<T>('POST', path, body ?? {}),
  patch: <T>(path: string, body: unknown) => apiRequest<T>('PATCH', path, body),
  put: <T>(path: string, body: unknown) => apiRequest<T>('PUT', path, body),
  delete: <T>(path: string) => apiRequest<T>('DELETE', path),
};

/** The message to show for any thrown value. */
export function errorMessage(error: unknown, fallback: string = FALLBACK_ERROR_MESSAGE): string {
  if (error instanceof ApiError) return error.message;
  if (error instanceof Error && error.message) return error.message;
  return fallback;
}
