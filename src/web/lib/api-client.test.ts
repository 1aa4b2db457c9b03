import { afterEach, describe, expect, it, vi } from 'vitest';
import { SERVER_BUSY_MESSAGES } from '@/domain/server-busy';
import { api, ApiError, errorMessage, FALLBACK_ERROR_MESSAGE, MAX_RETRY_AFTER_MS, retryAfterMs } from './api-client';
import { activateLocale } from './i18n';

function respond(status: number, body?: unknown, raw?: string) {
  const text = raw ?? (body === undefined ? '' : JSON.stringify(body));
  const fetchMock = vi.fn(async () => new Response(status === 204 ? null : text, { status }));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

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

  it('asks for the server’s messages in the language on screen (issue 48)', async () => {
    const fetchMock = respond(200, {});
    await api.get('/api/me');
    expect((fetchMock.mock.calls[0] as unknown as [string, RequestInit])[1].headers).not.toHaveProperty('Accept-Language');
    await activateLocale('de');
    await api.get('/api/me');
    expect((fetchMock.mock.calls[1] as unknown as [string, RequestInit])[1].headers).toMatchObject({ 'Accept-Language': 'de' });
    await activateLocale('en');
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

  it("keeps the server's technical detail apart from its message, when it sends one", async () => {
    respond(400, { error: { code: 'sso_issuer_refused', message: 'Brieflane could not reach your identity provider.', detail: 'Could not connect to login.example (ECONNREFUSED)' } });
    const error = await api.put('/api/organization/sso', {}).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'sso_issuer_refused', message: 'Brieflane could not reach your identity provider.', detail: 'Could not connect to login.example (ECONNREFUSED)' });
    respond(400, { error: { code: 'bad_request', message: 'No.' } });
    expect(((await api.put('/api/organization/sso', {}).catch((e: unknown) => e)) as ApiError).detail).toBeUndefined();
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

describe('a busy server (decision 025)', () => {
  const busy = (retryAfter?: string) =>
    new Response(JSON.stringify({ error: { code: 'server_busy', message: 'The server is busy. Please try again in a moment.' } }), {
      status: 503,
      headers: retryAfter === undefined ? {} : { 'Retry-After': retryAfter },
    });

  it('reads Retry-After as seconds or a date, never past the cap', () => {
    const now = Date.parse('2026-11-27T10:00:00Z');
    expect(retryAfterMs('2', now)).toBe(2000);
    expect(retryAfterMs('0', now)).toBe(0);
    expect(retryAfterMs('120', now)).toBe(MAX_RETRY_AFTER_MS);
    expect(retryAfterMs('Fri, 27 Nov 2026 10:00:03 GMT', now)).toBe(3000);
    expect(retryAfterMs('Fri, 27 Nov 2026 09:00:00 GMT', now)).toBe(0);
    expect(retryAfterMs(null, now)).toBeNull();
    expect(retryAfterMs('soon', now)).toBeNull();
  });

  it('asks again for a read once, after the advised delay', async () => {
    vi.useFakeTimers();
    const fetchMock = vi.fn().mockResolvedValueOnce(busy('2')).mockResolvedValueOnce(new Response(JSON.stringify({ ok: 1 }), { status: 200 }));
    vi.stubGlobal('fetch', fetchMock);
    const read = api.get('/api/projects');
    await vi.advanceTimersByTimeAsync(1999);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    await expect(read).resolves.toEqual({ ok: 1 });
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('does not ask again without a Retry-After, or for a change', async () => {
    const fetchMock = vi.fn(async () => busy());
    vi.stubGlobal('fetch', fetchMock);
    await expect(api.get('/api/projects')).rejects.toMatchObject({ status: 503, code: 'server_busy' });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    fetchMock.mockImplementation(async () => busy('0'));
    await expect(api.post('/api/projects', { name: 'x' })).rejects.toMatchObject({ status: 503, message: SERVER_BUSY_MESSAGES.changeNotSaved.message });
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it("says a change was not saved for a proxy's bare 503, and keeps the message of the server's other 503s", async () => {
    respond(503, undefined, '<html>Service Unavailable</html>');
    await expect(api.patch('/api/projects/p', {})).rejects.toMatchObject({ status: 503, code: 'http_503', message: SERVER_BUSY_MESSAGES.changeNotSaved.message });
    respond(503, { error: { code: 'database_unavailable', message: 'The service is briefly unavailable. Please try again in a moment.' } });
    await expect(api.patch('/api/projects/p', {})).rejects.toMatchObject({ code: 'database_unavailable', message: 'The service is briefly unavailable. Please try again in a moment.' });
  });

  it('says a refused change was not saved in the language on screen, on every page (issue 48)', async () => {
    // Only core is loaded, as on the sign-in screen or a share link: the words are core's.
    respond(503, { error: { code: 'server_busy', message: 'Der Server ist ausgelastet.' } });
    await activateLocale('de');
    await expect(api.post('/api/projects', {})).rejects.toMatchObject({
      code: 'server_busy',
      message: 'Der Server ist ausgelastet. Ihre Änderung wurde nicht gespeichert – bitte versuchen Sie es erneut.',
    });
    await activateLocale('en');
  });
});
