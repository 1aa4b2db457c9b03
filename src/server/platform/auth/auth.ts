// The better-auth instance (docs/decisions/002-authentication.md). Its HTTP handler is not
// mounted: our routes call its server API, so nothing can bypass the sign-up code check.
import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { accounts, rateLimits, sessions, users, verifications } from '../db/schema/auth';
import type { Platform } from '../platform';
import { hashPassword, verifyPassword } from './password';

/** The session cookie is `brieflane.session_token` (`__Secure-` prefixed behind HTTPS). */
export const SESSION_COOKIE_PREFIX = 'brieflane';
/** A session lasts 30 days, extended again when used more than a day after its last extension. */
export const SESSION_SECONDS = 30 * 24 * 60 * 60;
export const SESSION_UPDATE_AGE_SECONDS = 24 * 60 * 60;

function createAuth(platform: Platform) {
  const { config } = platform;
  const secure = config.publicUrl.startsWith('https:');
  return betterAuth({
    appName: 'Brieflane',
    secret: config.authSecret,
    baseURL: config.publicUrl,
    basePath: '/api/auth',
    trustedOrigins: [config.publicUrl],
    database: drizzleAdapter(platform.db, {
      provider: 'pg',
      schema: { users, sessions, accounts, verifications, rateLimits },
    }),
    user: { modelName: 'users' },
    session: {
      modelName: 'sessions',
      expiresIn: SESSION_SECONDS,
      updateAge: SESSION_UPDATE_AGE_SECONDS,
      // No cookie cache: a revoked session must stop working at once (sign-out, password change).
      cookieCache: { enabled: false },
    },
    account: { modelName: 'accounts' },
    verification: { modelName: 'verifications' },
    // Our routes rate limit themselves (rate-limit.ts) in this same table; the library's limiter
    // only runs inside its HTTP handler, which we do not mount.
    rateLimit: { enabled: false, storage: 'database', modelName: 'rateLimits' },
    emailAndPassword: {
      enabled: true,
      // Accounts are created by our sign-up route (code checked) and the Team tab, never by the library.
      disableSignUp: true,
      minPasswordLength: 6,
      maxPasswordLength: 256,
      password: {
        hash: hashPassword,
        verify: ({ hash, password }) => verifyPassword(hash, password),
      },
    },
    advanced: {
      cookiePrefix: SESSION_COOKIE_PREFIX,
      useSecureCookies: secure,
      defaultCookieAttributes: { httpOnly: true, sameSite: 'lax', secure },
    },
    logger: { disabled: config.env === 'test' },
    telemetry: { enabled: false },
  });
}

export type Auth = ReturnType<typeof createAuth>;

// One instance per app: buildApp makes one Platform per app, so the platform is the key.
const instances = new WeakMap<Platform, Auth>();

export function authFor(platform: Platform): Auth {
  let auth = instances.get(platform);
  if (!auth) {
    auth = createAuth(platform);
    instances.set(platform, auth);
  }
  return auth;
}
