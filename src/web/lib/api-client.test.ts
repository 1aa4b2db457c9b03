import { afterEach, describe, expect, it, vi } from 'vitest';
import { api, ApiError, errorMessage, FALLBACK_ERROR_MESSAGE } from './api-client';

function respond(status: number, body?: unknown, raw?: string) {
  const text = raw ?? (body === undefined ? '' : JSON.stringify(body));
  const fetchMock = vi.fn(async () => new Response(status === 204 ? null : text, { status }));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

afterEach(() => vi.unstubAllGlobals());

describe('api client', () => {
  it('sends JSON with same-origin credentials and returns the parsed body', async () => {
    const fetchMock = respond(200, { valid: true });
    await expect(api.post('/api/auth/sign-up/verify-code', { email: 'a@b.c', code: '123456' })).resolves.toEqual({ valid: true });
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/auth/sign-up/verify-code');
    expect(init.method).toBe('POST');
    expect(init.credentials).toBe('same-origin');
    expect((init.headers as Record<string, string>)['Content-Type']).toBe('application/json');
    expect(init.body).toBe(JSON.stringify({ email: 'a@b.c', code: '123456' }));
  });

  it('returns undefined for 204 No Content', async () => {
    respond(204);
    await expect(api.post('/api/auth/sign-out')).resolves.toBeUndefined();
  });

  it("throws an ApiError carrying the server's code and message", async () => {
    respond(401, { error: { code: 'invalid_credentials', message: 'Invalid email or password.' } });
    const error = await api.post('/api/auth/sign-in', {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 401, code: 'invalid_credentials', message: 'Invalid email or password.' });
  });

  it("falls back to 'An error occurred' when the body has no message", async () => {
    respond(502, undefined, '<html>Bad gateway</html>');
    const error = await api.get('/api/me').catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 502, code: 'http_502', message: FALLBACK_ERROR_MESSAGE });
  });

  it('maps a network failure to status 0 with the fallback message', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))));
    const error = await api.get('/api/me').catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 0, code: 'network_error', message: FALLBACK_ERROR_MESSAGE });
  });
});

describe('errorMessage', () => {
  it('prefers the error message and falls back otherwise', () => {
    expect(errorMessage(new ApiError(400, 'x', 'Current password is incorrect'))).toBe('Current password is incorrect');
    expect(errorMessage(new Error('boom'))).toBe('boom');
    expect(errorMessage('nope')).toBe(FALLBACK_ERROR_MESSAGE);
    expect(errorMessage(undefined, 'Failed to reset password')).toBe('Failed to reset password');
  });
});
