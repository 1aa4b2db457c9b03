// API token routes (issue 30 item 1): the signed-in member's own tokens. Closed to tokens
// themselves (`tokens: false`): a token cannot make or keep others.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { API_TOKEN_TEXTS, apiTokenSchema, createApiTokenSchema, createdApiTokenSchema } from '../../../domain/api-tokens';
import { errorResponses } from '../../platform/errors';
import type { Platform } from '../../platform/platform';
import { createApiToken, listApiTokens, revokeApiToken } from './service';

const tags = ['settings'];
const errors = errorResponses(400, 401, 403, 404);
const tokenParams = z.object({ tokenId: z.uuid({ message: API_TOKEN_TEXTS.notFound.id }) });

export async function apiTokenRoutes(app: FastifyInstance, options: { platform: Platform }) {
  const { platform } = options;
  const typed = app.withTypeProvider<ZodTypeProvider>();

  typed.get(
    '/api/settings/api-tokens',
    { config: { access: 'member', tokens: false }, schema: { tags, summary: 'Your API tokens, newest first (never the tokens themselves)', response: { 200: z.array(apiTokenSchema), ...errors } } },
    async (request) => listApiTokens(platform, request.actor),
  );

  typed.post(
    '/api/settings/api-tokens',
    {
      config: { access: 'member', tokens: false },
      schema: { tags, summary: 'Create an API token; the answer holds the token, this once', body: createApiTokenSchema, response: { 201: createdApiTokenSchema, ...errors } },
    },
    async (request, reply) => reply.status(201).send(await createApiToken(platform, request.actor, request.body)),
  );

  typed.delete(
    '/api/settings/api-tokens/:tokenId',
    { config: { access: 'member', tokens: false }, schema: { tags, summary: 'Revoke one of your API tokens', params: tokenParams, response: { 204: z.null(), ...errors } } },
    async (request, reply) => {
      await revokeApiToken(platform, request.actor, request.params.tokenId);
      return reply.status(204).send(null);
    },
  );
}
