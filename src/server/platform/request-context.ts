// One request context (decision 012): a route declares who may call it in its config
// (`config: { access: 'member' }`), and one preHandler hook resolves the caller once, after
// validation and before the handler: `request.actor` (with `request.actorSession`) for members,
// `request.projectAccess` for the project page's and the shared page's routes. Services keep
// taking explicit arguments.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { requireSession, type Actor, type ActorSession } from './auth/session';
import type { Platform } from './platform';
import type { ProjectAccess } from './project-access/access';
import { linkReadAccess, linkWriteAccess } from './project-access/link';
import { memberProjectAccess } from './project-access/member';

/**
 * - member: a signed-in member (401 otherwise): `request.actor`, `request.actorSession`.
 * - member-project: and the project of `:projectId` they can see: `request.projectAccess` too.
 * - link-read / link-write: through the share link of `:token` (a read is recorded in the
 *   link's access log once an hour): `request.projectAccess`.
 */
export type RouteAccess = 'member' | 'member-project' | 'link-read' | 'link-write';

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: RouteAccess;
  }
  interface FastifyRequest {
    /** The signed-in caller of a route with access 'member' or 'member-project'. */
    readonly actor: Actor;
    readonly actorSession: ActorSession;
    /** The project access of a route with access 'member-project', 'link-read' or 'link-write'. */
    readonly projectAccess: ProjectAccess;
  }
}

type Resolved = { session?: ActorSession; projectAccess?: ProjectAccess };
const resolved = new WeakMap<FastifyRequest, Resolved>();

function take<K extends keyof Resolved>(request: FastifyRequest, key: K): NonNullable<Resolved[K]> {
  const value = resolved.get(request)?.[key];
  // A programming error, never a caller's: the route reads what its config does not declare.
  if (!value) throw new Error(`${request.routeOptions.url} reads request.${key} without config.access providing it`);
  return value as NonNullable<Resolved[K]>;
}

export function registerRequestContext(app: FastifyInstance, platform: Platform): void {
  app.decorateRequest('actorSession', { getter: function (this: FastifyRequest) { return take(this, 'session'); } });
  app.decorateRequest('actor', { getter: function (this: FastifyRequest) { return take(this, 'session').actor; } });
  app.decorateRequest('projectAccess', { getter: function (this: FastifyRequest) { return take(this, 'projectAccess'); } });

  app.addHook('preHandler', async (request, reply) => {
    const access = request.routeOptions.config.access;
    if (!access) return;
    const params = request.params as { projectId?: string; token?: string };
    if (access === 'member' || access === 'member-project') {
      const session = await requireSession(platform, request, reply);
      const projectAccess = access === 'member-project' ? memberProjectAccess(session.actor, params.projectId!) : undefined;
      resolved.set(request, { session, projectAccess });
      return;
    }
    const linkRequest = request as FastifyRequest<{ Params: { token: string } }>;
    const projectAccess = access === 'link-read' ? await linkReadAccess(platform, linkRequest) : await linkWriteAccess(platform, linkRequest);
    resolved.set(request, { projectAccess });
  });
}
