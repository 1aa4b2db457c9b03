// Live updates (ARCHITECTURE "realtime"): WebSockets that tell a page "this changed" so it
// refetches. Members listen at /api/live, share-link viewers at /api/project-access/:token/live.
// Who may hear what is checked at the upgrade (HTTP 401/404 before any socket exists) and again
// on every event, so a removed assignment or a revoked link stops the stream.
import fastifyWebsocket from '@fastify/websocket';
import { and, eq, gt } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError, unauthorized } from '../../platform/errors';
import { findSession, type ActorSession } from '../../platform/auth/session';
import { sessions } from '../../platform/db/schema/auth';
import type { Platform } from '../../platform/platform';
import { LiveHub, type GateDecision, type LiveConnection, type LiveSocket } from '../../platform/realtime/hub';
import { listenForChanges } from '../../platform/realtime/listener';
import type { ChangeEvent, ChangeTopic } from '../../platform/realtime/publisher';
import { LINK_GRANT_COOKIE } from '../../services/project-access/link-grant';
import { resolveSharedLink } from '../../services/project-access/link';
import { seesProject, visibleProjectIds } from '../../services/project-access/member';

/** Per app server; beyond it new sockets get 503 and the page works as without live updates. */
export const MAX_LIVE_CONNECTIONS = 2000;

/** The lists a developer has (canUseTab): their projects, and the organization's name. */
const DEVELOPER_LIST_TOPICS: ReadonlySet<ChangeTopic> = new Set(['projects', 'organization']);

export type LiveRoutesOptions = { platform: Platform; maxConnections?: number; heartbeatMs?: number };

export async function liveRoutes(app: FastifyInstance, options: LiveRoutesOptions) {
  const { platform } = options;
  const hub = new LiveHub(options.maxConnections ?? MAX_LIVE_CONNECTIONS, app.log, options.heartbeatMs);
  app.metrics.gauge('brieflane_live_sockets', 'Live sockets open on this server', () => hub.size);
  const listener = await listenForChanges(
    platform.database,
    platform.config.databaseUrl,
    { onEvent: (event) => hub.dispatch(event), onResync: () => hub.resync() },
    app.log,
  );
  // Before @fastify/websocket's own preClose (registered below), so clients learn why: 1001.
  app.addHook('preClose', async () => hub.close());
  app.addHook('onClose', async () => listener.stop());

  // Clients never talk back; a small limit keeps anyone from pushing large frames at us.
  await app.register(fastifyWebsocket, { options: { maxPayload: 1024 } });

  // What the upgrade checks found, for the handler that runs once the socket is open.
  const admitted = new WeakMap<FastifyRequest, LiveConnection>();
  const publicOrigin = new URL(platform.config.publicUrl).origin;
  const roomCheck = (request: FastifyRequest) => {
    // A plain GET on a socket address gets the JSON error shape, not the plugin's empty 404.
    if (!request.ws) throw new AppError(426, 'upgrade_required', 'This address takes a WebSocket connection');
    // Browsers send cookies with a WebSocket handshake from any page: only our own pages may open one.
    const origin = request.headers.origin;
    if (origin && origin !== publicOrigin && safeHost(origin) !== request.headers.host) {
      throw new AppError(403, 'forbidden_origin', 'Live updates are only for this site');
    }
    if (!hub.hasRoom()) throw new AppError(503, 'live_unavailable', 'Live updates are not available right now');
  };

  app.get(
    '/api/live',
    {
      websocket: true,
      schema: { hide: true },
      preValidation: async (request) => {
        roomCheck(request);
        const session = await findSession(platform, request);
        if (!session) throw unauthorized();
        admitted.set(request, await memberConnection(platform, request, session));
      },
    },
    (socket, request) => admit(socket as LiveSocket, request),
  );

  app.get<{ Params: { token: string } }>(
    '/api/project-access/:token/live',
    {
      websocket: true,
      schema: { hide: true },
      preValidation: async (request) => {
        roomCheck(request);
        const { token } = request.params as { token: string };
        const grant = request.cookies[LINK_GRANT_COOKIE];
        // The same checks as every shared route: 404 invalid_link, 401 password_required.
        const project = (await resolveSharedLink(platform, { token, grant, viewer: null, address: request.ip })).link.project;
        admitted.set(request, linkConnection(platform, project, token, grant, request.ip));
      },
    },
    (socket, request) => admit(socket as LiveSocket, request),
  );

  function admit(socket: LiveSocket, request: FastifyRequest) {
    const connection = admitted.get(request);
    admitted.delete(request);
    if (!connection) {
      socket.close(1011, 'Not admitted');
      return;
    }
    hub.add(socket, connection);
  }
}

/**
 * Whether the session a socket was opened with still stands (not signed out, revoked or expired),
 * without a query per event and socket (issue 28: 50 open pages were 50 session reads per drag).
 * The session is read again only when it may have changed: on its organization's 'sessions'
 * event (published in the transaction of every sign-out, password change and reset), once its
 * known expiry has passed (it is extended on use), and after the change feed was interrupted.
 * Events queue behind a read in flight, so none is sent after a sign-out it follows.
 */
export class SessionWatch {
  private last: Promise<boolean> | null = null;
  private stale = false;

  constructor(
    private readonly platform: Platform,
    private readonly sessionId: string,
    private expiresAt: Date,
  ) {}

  /** Events may have been missed: read the session at the next event. */
  invalidate(): void {
    this.stale = true;
  }

  /** Called for every event, in order; reads the session only when it may have changed. */
  stands(event: ChangeEvent): boolean | Promise<boolean> {
    if (this.stale || event.topic === 'sessions' || this.platform.clock.now() >= this.expiresAt) {
      this.stale = false;
      // A failed read (the database away) is tried again at the next event.
      this.last = this.read().catch((error: unknown) => {
        this.stale = true;
        throw error;
      });
    }
    return this.last ?? true;
  }

  private async read(): Promise<boolean> {
    const [row] = await this.platform.db
      .select({ expiresAt: sessions.expiresAt })
      .from(sessions)
      .where(and(eq(sessions.id, this.sessionId), gt(sessions.expiresAt, this.platform.clock.now())))
      .limit(1);
    if (row) this.expiresAt = row.expiresAt;
    return row !== undefined;
  }
}

async function memberConnection(platform: Platform, request: FastifyRequest, session: ActorSession): Promise<LiveConnection> {
  const { actor } = session;
  const watch = new SessionWatch(platform, session.sessionId, session.expiresAt);
  // A developer's projects as last seen (services/project-access decides who sees what), so the
  // unassignment itself still reaches their page.
  const assigned = new Set(actor.role === 'developer' ? await visibleProjectIds(platform.db, actor) : []);
  return {
    organizationId: actor.organizationId,
    resync: () => watch.invalidate(),
    gate: async (event: ChangeEvent): Promise<GateDecision> => {
      // Signed out, a password changed elsewhere, removed, or expired: the stream ends before
      // this event (decision 008; read again only when it may have changed: SessionWatch).
      if (!(await watch.stands(event))) return 'close';
      // Sessions ended elsewhere (decision 014): for the session caches and the check above only.
      if (event.topic === 'sessions') return 'skip';
      // A team change may be this member's removal or a new role: look at the session again.
      if (event.topic === 'team') {
        const current = (await findSession(platform, request))?.actor;
        if (!current || current.organizationId !== actor.organizationId || current.role !== actor.role) return 'close';
      }
      // A notification is for its recipient's sockets only (issue 16).
      // So is a change to one member's time or timer (issue 32): their other tabs follow.
      if (event.topic === 'inbox' || event.topic === 'time') return event.recipientId === actor.profileId ? 'send' : 'skip';
      if (actor.role !== 'developer') return 'send';
      if (event.topic !== 'project') return DEVELOPER_LIST_TOPICS.has(event.topic) ? 'send' : 'skip';
      // Developers hear only projects in their access list, read now: an unassignment counts at once.
      const projectId = event.projectId!;
      if (await seesProject(platform.db, actor, projectId)) {
        assigned.add(projectId);
        return 'send';
      }
      return assigned.delete(projectId) ? 'send' : 'skip';
    },
  };
}

function linkConnection(
  platform: Platform,
  project: { id: string; organizationId: string },
  token: string,
  grant: string | undefined,
  address: string,
): LiveConnection {
  return {
    organizationId: project.organizationId,
    gate: async (event: ChangeEvent): Promise<GateDecision> => {
      if (event.topic !== 'project' || event.projectId !== project.id) return 'skip';
      try {
        // Revoked, expired, deleted with its project, or a grant that ran out: the stream ends.
        await resolveSharedLink(platform, { token, grant, viewer: null, address });
        return 'send';
      } catch (error) {
        if (error instanceof AppError) return 'close';
        throw error;
      }
    },
  };
}

function safeHost(origin: string): string | null {
  try {
    return new URL(origin).host;
  } catch {
    return null;
  }
}
