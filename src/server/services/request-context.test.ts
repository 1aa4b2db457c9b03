// The request context resolves the caller a route declares, and only that.
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError, errorBody } from '../platform/errors';
import type { Platform } from '../platform/platform';
import { registerRequestContext } from './request-context';

describe('request context', () => {
  const app = Fastify();
  beforeAll(async () => {
    app.setErrorHandler((error, _request, reply) =>
      error instanceof AppError ? reply.status(error.statusCode).send(errorBody(error.code, error.message)) : reply.status(500).send(errorBody('internal_error', 'boom')),
    );
    // Anonymous calls never reach the platform: no cookie, no session lookup.
    registerRequestContext(app, {} as Platform);
    app.get('/member', { config: { access: 'member' } }, async (request) => ({ name: request.actor.fullName }));
    app.get('/undeclared', async (request) => ({ name: request.actor.fullName }));
    app.get('/public', async () => ({ ok: true }));
    await app.ready();
  });
  afterAll(() => app.close());

  it('answers 401 before the handler when a member route has no signed-in caller', async () => {
    const res = await app.inject({ method: 'GET', url: '/member' });
    expect(res.statusCode).toBe(401);
    expect(res.json().error.code).toBe('unauthorized');
  });

  it('leaves routes without config.access alone', async () => {
    expect((await app.inject({ method: 'GET', url: '/public' })).json()).toEqual({ ok: true });
  });

  it('fails loudly, not as someone, when a route reads request.actor without declaring it', async () => {
    const res = await app.inject({ method: 'GET', url: '/undeclared' });
    expect(res.statusCode).toBe(500);
  });
});
