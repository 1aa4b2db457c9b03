// Passkeys (issue 31 item 3, decision 031): Settings for one's own (session only: an API token is
// not a person at a browser, `tokens: false`), and the sign-in with one beside the password's.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { meSchema } from '../../../domain/auth';
import {
  addPasskeySchema,
  PASSKEY_MESSAGES,
  passkeyCreationOptionsSchema,
  passkeyRegistrationOptionsInputSchema,
  passkeyRequestOptionsSchema,
  passkeySchema,
  passkeySignInSchema,
  renamePasskeySchema,
} from '../../../domain/passkeys';
import { enforceRateLimit, limitPasswordAttempt, refundRateLimit, rememberSignInAddress } from '../../platform/auth/rate-limit';
import { setSessionCookie } from '../../platform/auth/session';
import { errorResponses } from '../../platform/errors';
import type { Platform } from '../../platform/platform';
import { addPasskey, listPasskeys, removePasskey, renamePasskey, signInWithPasskey, startPasskeyRegistration, startPasskeySignIn } from './service';

const config = { access: 'member' as const, tokens: false as const };
const settings = { tags: ['settings'], security: [{ session: [] }] };
const auth = { tags: ['auth'] };
const errors = errorResponses(400, 401, 403, 404, 409, 429);
const passkeyParams = z.object({ passkeyId: z.uuid({ message: PASSKEY_MESSAGES.notFound.id }) });

export async function passkeyRoutes(app: FastifyInstance, options: { platform: Platform }) {
  const { platform } = options;
  const typed = app.withTypeProvider<ZodTypeProvider>();

  typed.get(
    '/api/settings/passkeys',
    { config, schema: { ...settings, summary: 'Your passkeys, newest first: name, when added, when last used', response: { 200: z.array(passkeySchema), ...errors } } },
    async (request) => listPasskeys(platform, request.actor),
  );

  typed.post(
    '/api/settings/passkeys/options',
    {
      config,
      schema: {
        ...settings,
        summary: 'Begin adding a passkey with your password: the options for navigator.credentials.create(), with a challenge good for 5 minutes',
        body: passkeyRegistrationOptionsInputSchema,
        response: { 200: passkeyCreationOptionsSchema, ...errors },
      },
    },
    async (request) =>
      // The password is guessed no faster here than in Settings' password change.
      limitPasswordAttempt(platform, 'current-password', { userId: request.actor.userId, address: request.ip }, () =>
        startPasskeyRegistration(platform, request.actor, request.body.password),
      ),
  );

  typed.post(
    '/api/settings/passkeys',
    {
      config,
      schema: {
        ...settings,
        summary: "Add a passkey: the browser's answer to the challenge, and its name; you are emailed",
        body: addPasskeySchema,
        response: { 201: passkeySchema, ...errors },
      },
    },
    async (request, reply) => reply.status(201).send(await addPasskey(platform, request.actor, request.body)),
  );

  typed.patch(
    '/api/settings/passkeys/:passkeyId',
    { config, schema: { ...settings, summary: 'Rename one of your passkeys', params: passkeyParams, body: renamePasskeySchema, response: { 200: passkeySchema, ...errors } } },
    async (request) => renamePasskey(platform, request.actor, request.params.passkeyId, request.body.name),
  );

  typed.delete(
    '/api/settings/passkeys/:passkeyId',
    { config, schema: { ...settings, summary: 'Remove one of your passkeys: it signs no one in from now on; you are emailed', params: passkeyParams, response: { 204: z.null(), ...errors } } },
    async (request, reply) => {
      await removePasskey(platform, request.actor, request.params.passkeyId);
      return reply.status(204).send(null);
    },
  );

  typed.post(
    '/api/auth/passkey/options',
    {
      schema: {
        ...auth,
        summary: 'Begin signing in with a passkey: the options for navigator.credentials.get(), with a single-use challenge good for 5 minutes',
        response: { 200: passkeyRequestOptionsSchema, ...errors },
      },
    },
    async (request) => {
      // Each answer stores a challenge: a client address gets only so many.
      await enforceRateLimit(platform, 'passkey-options', { address: request.ip });
      return startPasskeySignIn(platform);
    },
  );

  typed.post(
    '/api/auth/passkey/sign-in',
    {
      schema: {
        ...auth,
        summary: "Sign in with a passkey's answer to a sign-in challenge; it stands for both factors (no two-factor code is asked)",
        body: passkeySignInSchema,
        response: { 200: meSchema, ...errors },
      },
    },
    async (request, reply) => {
      const who = { address: request.ip };
      // Counted first and taken back on success, as the password's sign-in counts (rate-limit.ts).
      await enforceRateLimit(platform, 'passkey-sign-in', who);
      const { me, token, email } = await signInWithPasskey(platform, { response: request.body.response, address: request.ip, userAgent: request.headers['user-agent'] });
      await refundRateLimit(platform, 'passkey-sign-in', who);
      // As after a right password: this address is known to the account (issue 19's per-email limit).
      await rememberSignInAddress(platform, { email, address: request.ip });
      setSessionCookie(platform, reply, token);
      return me;
    },
  );
}
