// Same-origin JSON client for /api. The session lives in an httpOnly cookie, so every call sends
// credentials; every failure becomes an ApiError carrying the server's own message.
import { noteOwnChangeSettled, ownChangeHeaders } from './own-changes';

/** Spec 8: the fallback when a failure carries no message of its own. */
export const FALLBACK_ERROR_MESSAGE = 'An error occurred';

export class ApiError extends Error {
  override name = 'ApiError';
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

type ErrorBody = { error?: { code?: unknown; message?: unknown } };

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** Maps a failed response to an ApiError, keeping the server's `{ error: { code, message } }`. */
export async function toApiError(response: Response): Promise<ApiError> {
  const body = (await readJson(response)) as ErrorBody | undefined;
  const code = typeof body?.error?.code === 'string' ? body.error.code : `http_${response.status}`;
  const message =
    typeof body?.error?.message === 'string' && body.error.message.trim() !== ''
      ? body.error.message
      : FALLBACK_ERROR_MESSAGE;
  return new ApiError(response.status, code, message);
}

type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

export async function apiRequest<T>(method: Method, path: string, body?: unknown): Promise<T> {
  const change = method !== 'GET';
  let response: Response;
  try {
    response = await fetch(path, {
      method,
      credentials: 'same-origin',
      headers: {
        Accept: 'application/json',
        ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
        // Its live echo is recognised, and what it refreshes is not fetched twice.
        ...(change ? ownChangeHeaders() : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch {
    throw new ApiError(0, 'network_error', FALLBACK_ERROR_MESSAGE);
  }
  if (change) noteOwnChangeSettled();
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
