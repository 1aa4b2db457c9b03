// Account routes: sign-up with an emailed code, sign-in/out, who am I, password reset.
// Thin: parse (the domain schemas), rate limit, call the service, shape the answer.
import { answerLocale } from '../../platform/i18n';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  completePasswordResetSchema,
  meSchema,
  requestPasswordResetSchema,
  sendCodeSchema,
  signInResultSchema,
  signInSchema,
  signUpSchema,
  validateResetTokenSchema,
  verifyCodeSchema,
} from '../../../domain/auth';
import { TWO_FACTOR_ERRORS } from '../../../domain/two-factor';
import { loadMe } from './me';
import { ssoDomainOf } from '../sso/public';
import {
  enforceRateLimit,
  refundRateLimit,
  rememberSignInAddress,
  signInAddressIsKnown,
  withinRateLimit,
} from '../../platform/auth/rate-limit';
import { endSession, findSession, forwardCookies, requestHeaders } from '../../platform/auth/session';
import { AppError, errorResponseSchema, tooManyRequests } from '../../platform/errors';
import type { Platform } from '../../platform/platform';
import {
  checkSignUpCode,
  completePasswordReset,
  isResetTokenValid,
  requestPasswordReset,
  sendSignUpCode,
  signIn,
  signUp,
} from './service';
import { passSignInStepUp } from './sign-in-step-up';

const okSchema = z.object({ ok: z.literal(true) });
const validSchema = z.object({ valid: z.boolean() });
const tags = ['auth'];

export const authRoutes: FastifyPluginAsyncZod<{ platform: Platform }> = async (app, { platform }) => {
  app.post(
    '/api/auth/sign-up/send-code',
    {
      schema: {
        tags,
        summary: 'Email a 6-digit sign-up code (an address with an account gets a notice instead; the answer is the same)',
        body: sendCodeSchema,
        response: { 200: okSchema, 400: errorResponseSchema, 429: errorResponseSchema },
      },
    },
    async (request) => {
      await enforceRateLimit(platform, 'send-code', { email: request.body.email, address: request.ip });
      await sendSignUpCode(platform, request.body.email, request.log, answerLocale(request.headers['accept-language'], null));
      return { ok: true as const };
    },
  );

  app.post(
    '/api/auth/sign-up/verify-code',
    {
      schema: {
        tags,
        summary: 'Check a sign-up code without using it',
        body: verifyCodeSchema,
        response: { 200: validSchema, 400: errorResponseSchema, 429: errorResponseSchema },
      },
    },
    async (request) => {
      await enforceRateLimit(platform, 'verify-code', { email: request.body.email, address: request.ip });
      return { valid: await checkSignUpCode(platform, request.body.email, request.body.code) };
    },
  );

  app.post(
    '/api/auth/sign-up',
    {
      schema: {
        tags,
        summary: "Create an account and its organization (named organizationName, else \"<fullName>'s Agency\" in the request's language, which the organization speaks); signs in",
        body: signUpSchema,
        response: { 201: meSchema, 400: errorResponseSchema, 409: errorResponseSchema, 429: errorResponseSchema },
      },
    },
    async (request, reply) => {
      const { email, password } = request.body;
      await enforceRateLimit(platform, 'sign-up', { email, address: request.ip });
      await signUp(platform, request.body, answerLocale(request.headers['accept-language'], null));
      const { me, headers } = await signIn(platform, { email, password, headers: requestHeaders(request) });
      forwardCookies(reply, headers);
      return reply.status(201).send(me);
    },
  );

  app.post(
    '/api/auth/sign-in',
    {
      schema: {
        tags,
        summary:
          'Sign in with email and password; past the per-email limit, from a new address, also with the code it emails (401 sign_in_code_required); with two-factor on, also with an app code or a recovery code (401 two_factor_required)',
        body: signInSchema,
        description:
          'When the email\'s organization signs in only through its OpenID provider (issue 31 item 4), 403 sso_required for its members, a wrong password and an unknown email alike.',
        response: { 200: signInResultSchema, 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema, 429: errorResponseSchema },
      },
    },
    async (request, reply) => {
      const { email, password, code, twoFactorCode, recoveryCode } = request.body;
      const who = { email, address: request.ip };
      // Issue 19: an address that signed in to this account before is spared the per-email limit,
      // so strangers guessing from elsewhere cannot keep the owner out.
      const known = await signInAddressIsKnown(platform, who);
      const skip = known ? (['email'] as const) : [];
      // Every attempt is counted first and a success taken back below (limitPasswordAttempt's
      // rule), so only failures add up and concurrent guesses cannot all pass an early check.
      const [withinStrict, withinPerEmail] = await Promise.all([
        withinRateLimit(platform, 'sign-in', who, ['email']),
        known ? true : withinRateLimit(platform, 'sign-in', who, ['emailAndAddress', 'address']),
      ]);
      if (!withinStrict) throw tooManyRequests();
      // Issue 26: past the per-email limit a new address is not refused (that locked the owner out
      // everywhere else) but needs the password and a code emailed to the account.
      const stepUp = withinPerEmail ? undefined : await passSignInStepUp(platform, { email, password, code, twoFactorCode, recoveryCode });
      const domain = await ssoDomainOf(platform.db, email);
      const ssoOnly = domain && !domain.passwordSignIn ? domain : null;
      const { me, headers, recoveryCodesLeft } = await signIn(platform, { email, password, twoFactorCode, recoveryCode, stepUp, ssoOnly, headers: requestHeaders(request) }).catch(
        async (error: unknown) => {
          // Issue 31: "two-factor required" means the password was right; like a success, it does
          // not count against the password's limit (the code's guesses have their own).
          if (error instanceof AppError && error.code === TWO_FACTOR_ERRORS.required) await refundRateLimit(platform, 'sign-in', who, skip);
          throw error;
        },
      );
      await refundRateLimit(platform, 'sign-in', who, skip);
      await rememberSignInAddress(platform, who);
      forwardCookies(reply, headers);
      return recoveryCodesLeft === undefined ? me : { ...me, recoveryCodesLeft };
    },
  );

  app.post(
    '/api/auth/sign-out',
    { schema: { tags, summary: 'End the session (also on the server)', response: { 204: z.null() } } },
    async (request, reply) => {
      await endSession(platform, request, reply);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/api/me',
    {
      config: { access: 'member', twoFactorSetup: true },
      schema: {
        tags,
        summary: 'The signed-in user, their profile and organization',
        security: [{ session: [] }],
        response: { 200: meSchema, 401: errorResponseSchema },
      },
    },
    async (request) => loadMe(platform, request.actor),
  );

  app.post(
    '/api/auth/password-reset/request',
    {
      schema: {
        tags,
        summary: 'Email a reset link (the answer never says whether the account exists)',
        description: 'For every email of a domain whose organization signs in only through its OpenID provider: 403 sso_required (issue 31 item 4).',
        body: requestPasswordResetSchema,
        response: { 200: okSchema, 400: errorResponseSchema, 403: errorResponseSchema, 429: errorResponseSchema },
      },
    },
    async (request) => {
      await enforceRateLimit(platform, 'password-reset', { email: request.body.email, address: request.ip });
      const domain = await ssoDomainOf(platform.db, request.body.email);
      await requestPasswordReset(platform, request.body.email, domain && !domain.passwordSignIn ? domain : null, answerLocale(request.headers['accept-language'], null));
      return { ok: true as const };
    },
  );

  app.post(
    '/api/auth/password-reset/validate',
    {
      schema: {
        tags,
        summary: 'Whether a reset token is unused and unexpired',
        body: validateResetTokenSchema,
        response: { 200: validSchema, 400: errorResponseSchema, 429: errorResponseSchema },
      },
    },
    async (request) => {
      await enforceRateLimit(platform, 'reset-token', { address: request.ip });
      return { valid: await isResetTokenValid(platform, request.body.token) };
    },
  );

  app.post(
    '/api/auth/password-reset/complete',
    {
      schema: {
        tags,
        summary: 'Set a new password with a reset token; ends the other sessions',
        body: completePasswordResetSchema,
        response: { 200: okSchema, 400: errorResponseSchema, 429: errorResponseSchema },
      },
    },
    async (request) => {
      await enforceRateLimit(platform, 'reset-token', { address: request.ip });
      const current = await findSession(platform, request);
      await completePasswordReset(platform, { ...request.body, keepSessionId: current?.sessionId });
      return { ok: true as const };
    },
  );
};
