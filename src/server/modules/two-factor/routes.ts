// Two-factor sign-in (issue 31 item 1): Settings for one's own, Team for an admin's reset.
// Signed in only: an API token is not a person at a browser (`tokens: false`).
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  disableTwoFactorSchema,
  enableTwoFactorSchema,
  newRecoveryCodesSchema,
  recoveryCodesSchema,
  startTwoFactorSetupSchema,
  TWO_FACTOR_GRACE_DAYS,
  twoFactorPolicyInputSchema,
  twoFactorPolicySchema,
  twoFactorSetupSchema,
  twoFactorStatusSchema,
} from '../../../domain/two-factor';
import { limitPasswordAttempt } from '../../platform/auth/rate-limit';
import { errorResponses } from '../../platform/errors';
import type { Platform } from '../../platform/platform';
import {
  disableTwoFactor,
  enableTwoFactor,
  readMemberTwoFactor,
  readTwoFactorPolicy,
  readTwoFactorStatus,
  setTwoFactorPolicy,
  renewRecoveryCodes,
  resetMemberTwoFactor,
  startTwoFactorSetup,
} from './service';

const config = { access: 'member' as const, tokens: false as const };
/** Settings -> Two-factor stays open to a member whose set-up is overdue (issue 31 item 2). */
const setupConfig = { ...config, twoFactorSetup: true as const };
/** The organization admin, overdue too, may still change the requirement (or turn it off). */
const policyConfig = setupConfig;
const security = [{ session: [] }];
const settings = { tags: ['settings'], security };
const team = { tags: ['team'], security };
const errors = errorResponses(400, 401, 403, 404, 409, 429);
const memberParams = z.object({ memberId: z.uuid('Team member not found') });

export async function twoFactorRoutes(app: FastifyInstance, options: { platform: Platform }) {
  const { platform } = options;
  const typed = app.withTypeProvider<ZodTypeProvider>();

  typed.get(
    '/api/settings/two-factor',
    { config: setupConfig, schema: { ...settings, summary: 'Whether two-factor sign-in is on, and how many recovery codes are left', response: { 200: twoFactorStatusSchema, ...errors } } },
    async (request) => readTwoFactorStatus(platform, request.actor),
  );

  typed.post(
    '/api/settings/two-factor/setup',
    {
      config: setupConfig,
      schema: {
        ...settings,
        summary: 'Begin setting up two-factor with your password: a new secret, its otpauth URI and QR code (nothing changes until a code proves it)',
        body: startTwoFactorSetupSchema,
        response: { 200: twoFactorSetupSchema, ...errors },
      },
    },
    async (request) =>
      // The password is guessed no faster here than in Settings' password change.
      limitPasswordAttempt(platform, 'current-password', { userId: request.actor.userId, address: request.ip }, () =>
        startTwoFactorSetup(platform, request.actor, request.body.password),
      ),
  );

  typed.post(
    '/api/settings/two-factor/enable',
    {
      config: setupConfig,
      schema: {
        ...settings,
        summary: 'Turn two-factor on with a code from the app; answers ten recovery codes, shown only now',
        body: enableTwoFactorSchema,
        response: { 200: recoveryCodesSchema, ...errors },
      },
    },
    async (request) => ({ recoveryCodes: await enableTwoFactor(platform, request.actor, request.body.code) }),
  );

  typed.post(
    '/api/settings/two-factor/recovery-codes',
    {
      config: setupConfig,
      schema: {
        ...settings,
        summary: 'Ten new recovery codes for a code from the app; the old ones stop working',
        body: newRecoveryCodesSchema,
        response: { 200: recoveryCodesSchema, ...errors },
      },
    },
    async (request) => ({ recoveryCodes: await renewRecoveryCodes(platform, request.actor, request.body.code) }),
  );

  typed.post(
    '/api/settings/two-factor/disable',
    {
      config: setupConfig,
      schema: {
        ...settings,
        summary: 'Turn two-factor off with your password and an app code or a recovery code',
        body: disableTwoFactorSchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await limitPasswordAttempt(platform, 'current-password', { userId: request.actor.userId, address: request.ip }, () =>
        disableTwoFactor(platform, request.actor, request.body),
      );
      return reply.status(204).send(null);
    },
  );

  typed.get(
    '/api/team/:memberId/two-factor',
    {
      config,
      schema: { ...team, summary: "Whether a member below your rank has two-factor on", params: memberParams, response: { 200: z.object({ enabled: z.boolean() }), ...errors } },
    },
    async (request) => readMemberTwoFactor(platform, request.actor, request.params.memberId),
  );

  typed.post(
    '/api/team/:memberId/two-factor/reset',
    {
      config,
      schema: {
        ...team,
        summary: "Turn off a member's two-factor (below your rank): their sessions end everywhere and they are emailed",
        params: memberParams,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await resetMemberTwoFactor(platform, request.actor, request.params.memberId);
      return reply.status(204).send(null);
    },
  );

  typed.get(
    '/api/organization/two-factor-policy',
    {
      config: policyConfig,
      schema: {
        tags: ['organizations'],
        security,
        summary: "The organization's two-factor requirement and how many members it applies to lack it (organization admin and admins)",
        response: { 200: twoFactorPolicySchema, ...errors },
      },
    },
    async (request) => readTwoFactorPolicy(platform, request.actor),
  );

  typed.put(
    '/api/organization/two-factor-policy',
    {
      config: policyConfig,
      schema: {
        tags: ['organizations'],
        security,
        summary: `Require two-factor of staff or of everyone, or not (the organization admin); members without it get ${TWO_FACTOR_GRACE_DAYS} days`,
        body: twoFactorPolicyInputSchema,
        response: { 200: twoFactorPolicySchema, ...errors },
      },
    },
    async (request) => setTwoFactorPolicy(platform, request.actor, request.body.policy),
  );
}
