// One request context (decision 012): a route declares who may call it in its config
// (`config: { access: 'member' }`), and one preParsing hook resolves the caller once, before the
// body is read (decision 019: a caller the route refuses never gets a body parsed):
// `request.actor` (with `request.actorSession`) for members, `request.projectAccess` for the
// project page's and the shared page's routes, `request.sharedLink` for the shared page's.
// Services keep taking explicit arguments.
import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Locale } from '../../domain/locales';
import { profiles } from '../platform/db/schema/tenancy';
import { answerLocale } from '../platform/i18n';
import { memberLocale } from './reader-locale';
import { requireSession, type Actor, type ActorSession } from '../platform/auth/session';
import type { Platform } from '../platform/platform';
import { TWO_FACTOR_ENROLMENT_REQUIRED, TWO_FACTOR_POLICY_MESSAGES } from '../../domain/two-factor';
import { forbidden } from '../platform/errors';
import { API_TOKEN_TEXTS } from '../../domain/api-tokens';
import type { ProjectAccess } from './project-access/access';
import { resolveLinkRoute, type ResolvedSharedLink } from './project-access/link';
import { memberProjectAccess } from './project-access/member';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in caller of a route with access 'member' or 'member-project'. */
    readonly actor: Actor;
    readonly actorSession: ActorSession;
    /** The project access of a route with access 'member-project', 'link-read' or 'link-write'. */
    readonly projectAccess: ProjectAccess;
    /** The share link of a route with access 'link-read' or 'link-write', as the gate read it. */
    readonly sharedLink: ResolvedSharedLink;
  }
}

type Resolved = { session?: ActorSession; projectAccess?: ProjectAccess; sharedLink?: ResolvedSharedLink };
const resolved = new WeakMap<FastifyRequest, Resolved>();

function take<K extends keyof Resolved>(request: FastifyRequest, key: K): NonNullable<Resolved[K]> {
  const value = resolved.get(request)?.[key];
  // A programming error, never a caller's: the route reads what its config does not declare.
  if (!value) throw new Error(`${request.routeOptions.url} reads request.${key} without config.access providing it`);
  return value as NonNullable<Resolved[K]>;
}

/** Routes closed to personal API tokens (issue 30); a read token's writes are refused when it is read. */
function checkTokenCall(request: FastifyRequest): void {
  if (request.routeOptions.config.tokens === false) throw forbidden(API_TOKEN_TEXTS.notWithToken, 'token_not_allowed');
}

export function registerRequestContext(app: FastifyInstance, platform: Platform): void {
  app.decorateRequest('actorSession', { getter: function (this: FastifyRequest) { return take(this, 'session'); } });
  app.decorateRequest('actor', { getter: function (this: FastifyRequest) { return take(this, 'session').actor; } });
  app.decorateRequest('projectAccess', { getter: function (this: FastifyRequest) { return take(this, 'projectAccess'); } });
  app.decorateRequest('sharedLink', { getter: function (this: FastifyRequest) { return take(this, 'sharedLink'); } });

  // Before the body is read; the path's parameters are not validated yet, and need not be: a
  // token of the wrong shape names no link, and a member's project is read only by the handler.
  app.addHook('preParsing', async (request, reply) => {
    const access = request.routeOptions.config.access;
    if (!access) return;
    const params = request.params as { projectId?: string; token?: string };
    if (access === 'member' || access === 'member-project') {
      const session = await requireSession(platform, request, reply);
      if (session.via === 'token') checkTokenCall(request);
      if (session.twoFactor.overdue && request.routeOptions.config.twoFactorSetup !== true) {
        throw forbidden(TWO_FACTOR_POLICY_MESSAGES.enrolmentRequired, TWO_FACTOR_ENROLMENT_REQUIRED);
      }
      const projectAccess = access === 'member-project' ? memberProjectAccess(session.actor, params.projectId!) : undefined;
      resolved.set(request, { session, projectAccess });
      return;
    }
    const sharedLink = await resolveLinkRoute(platform, request as FastifyRequest<{ Params: { token: string } }>, access === 'link-read' ? 'read' : 'write', {
      reach: request.routeOptions.config.questionnaire === true ? 'link' : request.routeOptions.config.approvals === true ? 'approvals' : 'work',
    });
    resolved.set(request, { projectAccess: sharedLink.access, sharedLink });
  });
}

/**
 * The language to answer a request in (issue 48): the signed-in caller's saved language, else
 * the request's Accept-Language (the web app sends its own), else English. One read of the
 * caller's profile; a database that cannot answer leaves the header to decide.
 */
export async function requestLocale(platform: Platform, request: FastifyRequest): Promise<Locale> {
  const profileId = resolved.get(request)?.session?.actor.profileId;
  let saved: Locale | null = null;
  if (profileId) {
    try {
      const [row] = await platform.db.select({ locale: profiles.locale }).from(profiles).where(eq(profiles.id, profileId)).limit(1);
      saved = row?.locale ?? null;
    } catch {
      saved = null;
    }
  }
  return answerLocale(request.headers['accept-language'], saved);
}

/**
 * The language of a file the caller downloads and keeps (a CSV export's header row, issue 48):
 * the signed-in member's as an email reads it, their saved language, else their organization's;
 * without a member, the request's Accept-Language. A database that cannot answer leaves the
 * header to decide, as requestLocale does.
 */
export async function documentLocale(platform: Platform, request: FastifyRequest): Promise<Locale> {
  const actor = resolved.get(request)?.session?.actor;
  if (actor) {
    try {
      return await memberLocale(platform.db, actor.organizationId, actor.profileId);
    } catch {
      // The header decides.
    }
  }
  return answerLocale(request.headers['accept-language'], null);
}
