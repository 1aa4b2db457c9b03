// Single sign-on with OpenID Connect per organization (issue 31 item 4, decision 032): the
// organization's settings (Settings -> Single Sign-On), the sign-in page's lookup, and the two
// browser redirects to and from the provider, with the second factor after it.
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { signInResultSchema } from '../../../domain/auth';
import {
  ssoCallbackQuerySchema,
  ssoDomainParamsSchema,
  ssoLookupResultSchema,
  ssoLookupSchema,
  ssoSettingsInputSchema,
  ssoSettingsStateSchema,
  ssoStartQuerySchema,
  ssoTwoFactorSchema,
} from '../../../domain/sso';
import { SSO_ERROR_PARAM, SSO_STEP_PARAM, SSO_TWO_FACTOR_STEP, type SsoRedirectError } from '../../../domain/sso-rules';
import { enforceRateLimit } from '../../platform/auth/rate-limit';
import { setSessionCookie } from '../../platform/auth/session';
import { errorResponses } from '../../platform/errors';
import type { Platform } from '../../platform/platform';
import { SSO_PENDING_MS, finishSsoSignIn, finishSsoTwoFactor, lookUpSignIn, startSsoSignIn } from './sign-in';
import { checkSsoDomainNow, readSsoSettings, removeSsoSettings, saveSsoSettings } from './settings';

const settingsConfig = { access: 'member' as const, tokens: false as const };
const security = [{ session: [] }];
const organizationTags = { tags: ['organizations'], security };
const authTags = ['auth'];
const errors = errorResponses(400, 401, 403, 404, 409, 429);

/** The browser's half of a sign-in under way: only ever sent back to the single sign-on routes. */
const COOKIE_PATH = '/api/auth/sso';
const STATE_COOKIE = 'brieflane.sso_state';
const PENDING_COOKIE = 'brieflane.sso_pending';

export async function ssoRoutes(app: FastifyInstance, options: { platform: Platform }) {
  const { platform } = options;
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const secure = platform.config.publicUrl.startsWith('https:');
  const cookieName = (name: string) => `${secure ? '__Secure-' : ''}${name}`;
  const setCookie = (reply: FastifyReply, name: string, value: string) =>
    reply.setCookie(cookieName(name), value, { path: COOKIE_PATH, httpOnly: true, sameSite: 'lax', secure, maxAge: SSO_PENDING_MS / 1000 });
  const clearCookie = (reply: FastifyReply, name: string) => reply.setCookie(cookieName(name), '', { path: COOKIE_PATH, httpOnly: true, sameSite: 'lax', secure, maxAge: 0 });
  /** Back to the sign-in page (`/` signed out), saying why by a code the page has words for. */
  const toSignIn = (reply: FastifyReply, error: SsoRedirectError) => reply.redirect(`/?${SSO_ERROR_PARAM}=${error}`, 302);

  typed.get(
    '/api/organization/sso',
    {
      config: settingsConfig,
      schema: {
        ...organizationTags,
        summary: "The organization's single sign-on (the organization admin and admins), and the callback URL to register at the provider; never the client secret",
        response: { 200: ssoSettingsStateSchema, ...errors },
      },
    },
    async (request) => readSsoSettings(platform, request.actor),
  );

  typed.put(
    '/api/organization/sso',
    {
      config: settingsConfig,
      schema: {
        ...organizationTags,
        summary: 'Save single sign-on through an OpenID provider (the organization admin): issuer, client, domains, who may join, password sign-in',
        description:
          'The issuer is read by discovery first: 400 sso_issuer_not_found, sso_issuer_refused, sso_issuer_unreachable, sso_issuer_timeout, sso_issuer_certificate, sso_issuer_secure_connection, sso_issuer_not_allowed, sso_issuer_not_openid, sso_issuer_mismatch or sso_issuer_unsupported, with a plain message and the technical cause in error.detail. A domain another organization holds proven: 409 sso_domain_taken; one used by logins of another organization: 409 sso_domain_in_use. A new domain acts only once its TXT record proves it (POST .../domains/:domain/check, or the periodic check). The client secret is write-only: left out, the saved one is kept.',
        body: ssoSettingsInputSchema,
        response: { 200: ssoSettingsStateSchema, ...errors },
      },
    },
    async (request) => saveSsoSettings(platform, request.actor, request.body),
  );

  typed.post(
    '/api/organization/sso/domains/:domain/check',
    {
      config: settingsConfig,
      schema: {
        ...organizationTags,
        summary: "Check now (the organization admin): look for the domain's brieflane-verification TXT record and answer the settings with the domain's proof",
        description:
          'A claimed domain acts for sign-in only once proven (issue 46); the server also checks every claimed domain periodically. 404 sso_domain_not_claimed for a domain the organization did not claim.',
        params: ssoDomainParamsSchema,
        response: { 200: ssoSettingsStateSchema, ...errors },
      },
    },
    async (request) => checkSsoDomainNow(platform, request.actor, request.params.domain),
  );

  typed.delete(
    '/api/organization/sso',
    {
      config: settingsConfig,
      schema: { ...organizationTags, summary: "Remove the organization's single sign-on (the organization admin)", response: { 204: z.null(), ...errors } },
    },
    async (request, reply) => {
      await removeSsoSettings(platform, request.actor);
      return reply.status(204).send(null);
    },
  );

  typed.post(
    '/api/auth/sso/lookup',
    {
      schema: {
        tags: authTags,
        summary: "Which sign-in applies to an email: whether its domain signs in through its organization's provider, and whether a password is still offered. Never whether an account exists",
        body: ssoLookupSchema,
        response: { 200: ssoLookupResultSchema, 400: errors[400], 429: errors[429] },
      },
    },
    async (request) => {
      await enforceRateLimit(platform, 'sso-lookup', { address: request.ip });
      return lookUpSignIn(platform, request.body.email);
    },
  );

  typed.get(
    '/api/auth/sso/start',
    {
      schema: {
        tags: authTags,
        summary: "Go to the email's organization's provider (a browser navigation): 302 there with state, nonce and PKCE kept by the server, or back to /?sso_error=...",
        querystring: ssoStartQuerySchema,
        response: { 302: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      const outcome = await startSsoSignIn(platform, { email: request.query.email, address: request.ip, log: request.log });
      if ('error' in outcome) return toSignIn(reply, outcome.error);
      setCookie(reply, STATE_COOKIE, outcome.state);
      clearCookie(reply, PENDING_COOKIE);
      return reply.redirect(outcome.redirect.href, 302);
    },
  );

  typed.get(
    '/api/auth/sso/callback',
    {
      schema: {
        tags: authTags,
        summary:
          "Where the provider sends the browser back: 302 into the app signed in, to /?sso=two-factor when the account's second factor comes next, or to /?sso_error=... when anything is refused",
        querystring: ssoCallbackQuerySchema,
        response: { 302: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      const search = request.url.includes('?') ? request.url.slice(request.url.indexOf('?')) : '';
      const outcome = await finishSsoSignIn(platform, {
        query: request.query,
        search,
        cookieState: request.cookies[cookieName(STATE_COOKIE)],
        userAgent: request.headers['user-agent'],
        address: request.ip,
        log: request.log,
      });
      clearCookie(reply, STATE_COOKIE);
      if ('error' in outcome) return toSignIn(reply, outcome.error);
      if ('secondFactor' in outcome) {
        setCookie(reply, PENDING_COOKIE, outcome.secondFactor);
        return reply.redirect(`/?${SSO_STEP_PARAM}=${SSO_TWO_FACTOR_STEP}`, 302);
      }
      setSessionCookie(platform, reply, outcome.signedIn);
      return reply.redirect('/', 302);
    },
  );

  typed.post(
    '/api/auth/sso/two-factor',
    {
      schema: {
        tags: authTags,
        summary: "After the provider, an account with two-factor on signs in with an app code or a recovery code (401 two_factor_invalid; 401 sso_pending_missing when the step expired)",
        body: ssoTwoFactorSchema,
        response: { 200: signInResultSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { me, token, recoveryCodesLeft } = await finishSsoTwoFactor(platform, {
        ticket: request.cookies[cookieName(PENDING_COOKIE)],
        twoFactorCode: request.body.twoFactorCode,
        recoveryCode: request.body.recoveryCode,
        userAgent: request.headers['user-agent'],
        address: request.ip,
      });
      clearCookie(reply, PENDING_COOKIE);
      setSessionCookie(platform, reply, token);
      return recoveryCodesLeft === undefined ? me : { ...me, recoveryCodesLeft };
    },
  );
}
