// Expected outcomes of every route for every kind of caller (route-matrix.test.ts walks it).
// A new route needs a row here, or the suite fails: decide who may call it before it ships.
//
// Reading a row: the status each caller gets when it calls the route with organization A's ids.
// 401: signed out. 404: the caller's organization (or, for a developer, access list) does not
// hold the resource; a resource of another organization is never a 403 (ARCHITECTURE, tenancy).
// 403: the caller sees the resource but their role may not do this.
import type { InjectOptions } from 'fastify';
import { newTemplateFields } from '../../domain/templates';
import { encodeCursor, encodeNameCursor, encodeRankedCursor, encodeRankedNameCursor, encodeTextCursor } from '../platform/db/cursor';

export const CALLERS = [
  'anonymous',
  'b_org_admin',
  'b_admin',
  'b_executive',
  'b_developer',
  'a_unassigned_developer',
  'a_developer',
  'a_executive',
  'a_admin',
  'a_org_admin',
] as const;
export type Caller = (typeof CALLERS)[number];

/** What a request needs besides its method and path (built per call, so values stay unique). */
export type RequestContext = {
  clientId: string;
  unassignedDeveloperId: string;
  /** Issue 32: A's first project (P1) and the developer assigned to it, for bodies and queries. */
  projectId: string;
  developerId: string;
  /** Issue 51: another task of the path's project, which may block its task. */
  blockedByTaskId: string;
  callerEmail?: string;
  callerName?: string;
  callerPassword?: string;
  /** A small PDF as a multipart upload. */
  upload: () => Omit<InjectOptions, 'method' | 'url'>;
};
type Extra = Omit<InjectOptions, 'method' | 'url'>;

export type Outcome = {
  status: Record<Caller, number>;
  request?: (context: RequestContext) => Extra;
  /** The call ends or changes the caller's own sessions: a new member of the same role stands in. */
  ownSession?: true;
  /** Registered only on the embedded database (absent, so a plain 404, on PostgreSQL). */
  embeddedOnly?: true;
  /**
   * Issue 30: what A's admin gets through a read-only API token when it differs from the rule
   * (route-matrix.test.ts: a read token reads as its member and is refused any other method on a
   * route that asks who calls).
   */
  readToken?: number;
  /**
   * Issue 46: requests on this route that set someone's credential (a password, a sign-in email).
   * Through any API token each is refused, 403 (token_not_allowed, or token_read_only for a read
   * token), and changes nothing, although the route otherwise takes tokens.
   */
  credentialRequests?: Record<string, (context: RequestContext) => Extra>;
};

let unique = 0;
const next = () => `${process.pid}-${++unique}`;

/** Statuses in CALLERS order. */
function row(...statuses: number[]): Record<Caller, number> {
  if (statuses.length !== CALLERS.length) throw new Error(`row needs ${CALLERS.length} statuses`);
  return Object.fromEntries(CALLERS.map((c, i) => [c, statuses[i]])) as Record<Caller, number>;
}
const all = (status: number) => row(...CALLERS.map(() => status));

const json = (payload: object): Extra => ({ payload });
/**
 * A request from an address of its own: the route's per-address limit (decision 007) is proven
 * by its own tests, and must not turn this table's later callers into 429s.
 */
const fromOwnAddress = (extra: Extra): Extra => ({ ...extra, remoteAddress: `10.${(unique >> 16) & 255}.${(unique >> 8) & 255}.${unique & 255}` });

/**
 * Lists are paged (issue 36: no list stops at a fixed number of rows): each caller asks for a
 * page of one after a cursor before every row (one the server could have made), and gets that
 * page or nothing.
 */
const newestFirstPage = (): Extra => ({ query: { limit: '1', cursor: encodeCursor({ createdAt: '2999-12-31T00:00:00.000Z', id: 'ffffffff-ffff-4fff-bfff-ffffffffffff' }) } });
/** A list oldest first (a project's assigned developers): a cursor before every row. */
const oldestFirstPage = (): Extra => ({ query: { limit: '1', cursor: encodeCursor({ createdAt: '1900-01-01T00:00:00.000Z', id: '00000000-0000-4000-8000-000000000000' }) } });
/** Lists by name (issue 36: the client and developer selects, a member's projects): a cursor before every name. */
const byNamePage = (): Extra => ({ query: { limit: '1', cursor: encodeNameCursor({ name: ' ', id: '00000000-0000-4000-8000-000000000000' }) } });
/** The skill tags' pages are by the tag itself (issue 36): a cursor before every tag. */
const byTextPage = (): Extra => ({ query: { limit: '1', cursor: encodeTextCursor('') } });
/** The assignee picker's pages: those on the project first, then by name (issue 36). */
const onProjectFirstPage = (): Extra => ({ query: { limit: '1', cursor: encodeRankedNameCursor({ rank: 0, name: ' ', id: '00000000-0000-4000-8000-000000000000' }) } });
const boardOrderPage = (): Extra => ({
  query: { limit: '1', cursor: encodeRankedCursor({ rank: 0, position: -1, createdAt: '1900-01-01T00:00:00.000Z', id: '00000000-0000-4000-8000-000000000000' }) },
});

/** WebAuthn answers of the right shape to a challenge the server never gave (base64url throughout). */
const clientData = (type: string) => Buffer.from(JSON.stringify({ type, challenge: `matrix-never-given-${next()}`, origin: 'http://localhost:3000' })).toString('base64url');
const unansweredRegistration = () => ({
  id: 'bWF0cml4',
  rawId: 'bWF0cml4',
  type: 'public-key',
  response: { clientDataJSON: clientData('webauthn.create'), attestationObject: 'o2NmbXRkbm9uZQ' },
  clientExtensionResults: {},
});
const unansweredSignIn = () => ({
  id: 'bWF0cml4',
  rawId: 'bWF0cml4',
  type: 'public-key',
  response: { clientDataJSON: clientData('webauthn.get'), authenticatorData: 'AAAA', signature: 'AAAA' },
  clientExtensionResults: {},
});

const projectEdit = json({ name: 'Matrix edited', status: 'active', description: null, dueDate: null, companyOverview: null });

export const EXPECTED: Record<string, Outcome> = {
  // Public and platform routes.
  'GET /api/health': { status: all(200) },
  // Issue 35: the probes answer everyone (/metrics is not an API route: metrics.test.ts).
  'GET /api/health/live': { status: all(200) },
  'GET /api/health/ready': { status: all(200) },
  'GET /api/dev/mailbox': { status: all(200) },
  'GET /dev/mailbox': { status: all(200) },
  // The CLI's backup through the running server: loopback and the backup key only; without the key
  // the route does not exist for anyone (decision 010).
  'POST /api/internal/backup': { status: all(404), embeddedOnly: true },
  // The same, sent as the archive for a command given a BACKUP_DIR of its own (issue 46 point 5).
  'POST /api/internal/backup/archive': { status: all(404), embeddedOnly: true },

  // Authentication: none of these take a tenant's id.
  'POST /api/auth/sign-up/send-code': { status: all(200), request: () => json({ email: `new-${next()}@test.brieflane` }) },
  'POST /api/auth/sign-up/verify-code': { status: all(200), request: () => json({ email: `new-${next()}@test.brieflane`, code: '000000' }) },
  'POST /api/auth/sign-up': {
    status: all(400),
    request: () => json({ fullName: 'New Person', email: `new-${next()}@test.brieflane`, password: 'a-long-password', code: '000000' }),
  },
  'POST /api/auth/sign-in': { status: all(401), request: () => json({ email: `nobody-${next()}@test.brieflane`, password: 'wrong-password' }) },
  'POST /api/auth/sign-out': { status: all(204), ownSession: true },
  // Issue 31 item 3: signing in with a passkey. Options for anyone; an answer to a challenge never
  // given signs no one in.
  'POST /api/auth/passkey/options': { status: all(200), request: () => fromOwnAddress({}) },
  'POST /api/auth/passkey/sign-in': { status: all(401), request: () => fromOwnAddress(json({ response: unansweredSignIn() })) },
  'POST /api/auth/password-reset/request': { status: all(200), request: () => json({ email: `nobody-${next()}@test.brieflane` }) },
  'POST /api/auth/password-reset/validate': { status: all(200), request: () => fromOwnAddress(json({ token: `not-a-token-${next()}` })) },
  'POST /api/auth/password-reset/complete': {
    status: all(400),
    // It asks who calls (to keep that session): a read token is refused before the token's check.
    readToken: 403,
    request: () => fromOwnAddress(json({ token: `not-a-token-${next()}`, password: 'a-long-password' })),
  },
  // Issue 31 item 4, single sign-on. The lookup answers everyone alike (no organization here uses
  // it); the browser redirects answer 302 to the sign-in page (no domain, no state); the step after
  // the provider needs the browser's pending cookie (401 without). None asks who calls.
  'POST /api/auth/sso/lookup': { status: all(200), request: () => fromOwnAddress(json({ email: `someone-${next()}@test.brieflane` })) },
  'GET /api/auth/sso/start': { status: all(302), request: () => fromOwnAddress({ query: { email: `someone-${next()}@test.brieflane` } }) },
  'GET /api/auth/sso/callback': { status: all(302), request: () => fromOwnAddress({ query: { code: 'not-a-code', state: `not-a-state-${next()}` } }) },
  'POST /api/auth/sso/two-factor': { status: all(401), request: () => json({ twoFactorCode: '000000' }) },

  // The caller's own account and organization.
  'GET /api/me': { status: row(401, 200, 200, 200, 200, 200, 200, 200, 200, 200) },
  // Issue 16: every member has My Work and an inbox of their own.
  'GET /api/my-work': { status: row(401, 200, 200, 200, 200, 200, 200, 200, 200, 200) },
  'GET /api/inbox': { status: row(401, 200, 200, 200, 200, 200, 200, 200, 200, 200) },
  // Issue 34: every member searches; what each finds is theirs (search.test.ts).
  'GET /api/search': { status: row(401, 200, 200, 200, 200, 200, 200, 200, 200, 200), request: () => ({ query: { q: 'matrix' } }) },
  'POST /api/inbox/read': { status: row(401, 200, 200, 200, 200, 200, 200, 200, 200, 200), request: () => json({ all: true }) },
  'PATCH /api/settings/profile': { status: row(401, 200, 200, 200, 200, 200, 200, 200, 200, 200), request: (c) => json({ fullName: c.callerName ?? 'Nobody', email: c.callerEmail ?? 'nobody@test.brieflane' }) },
  'POST /api/settings/password': {
    status: row(401, 204, 204, 204, 204, 204, 204, 204, 204, 204),
    ownSession: true,
    request: (c) => json({ currentPassword: c.callerPassword ?? 'wrong-password', newPassword: c.callerPassword ?? 'another-password' }),
  },
  // Issue 30: each member's own API tokens (closed to tokens themselves; see the token callers below).
  'GET /api/settings/api-tokens': { status: row(401, 200, 200, 200, 200, 200, 200, 200, 200, 200) },
  'POST /api/settings/api-tokens': { status: row(401, 201, 201, 201, 201, 201, 201, 201, 201, 201), request: () => json({ name: 'Matrix token', scope: 'read', expiresInDays: 30 }) },
  'DELETE /api/settings/api-tokens/:tokenId': { status: row(401, 404, 404, 404, 404, 404, 404, 404, 404, 204) },
  // Issue 29: each member's own notification settings.
  'GET /api/settings/notifications': { status: row(401, 200, 200, 200, 200, 200, 200, 200, 200, 200) },
  'PATCH /api/settings/notifications': { status: row(401, 200, 200, 200, 200, 200, 200, 200, 200, 200), request: () => json({ levels: { comment: 'email' }, digest: true }) },
  // Issue 48: one's own language; null follows the browser.
  'PUT /api/settings/language': { status: row(401, 200, 200, 200, 200, 200, 200, 200, 200, 200), request: () => json({ locale: null }) },
  // Issue 48 item 3: one's own region (the conventions of dates and numbers); null follows the browser.
  'PUT /api/settings/region': { status: row(401, 200, 200, 200, 200, 200, 200, 200, 200, 200), request: () => json({ region: 'GB' }) },
  // Issue 49 item 22: the member's own time zone, which their digest follows.
  'PUT /api/settings/time-zone': { status: row(401, 200, 200, 200, 200, 200, 200, 200, 200, 200), request: () => json({ timeZone: 'Europe/Berlin' }) },
  // Issue 31: one's own sessions; another member's session is not found, whoever asks.
  'GET /api/settings/sessions': { status: row(401, 200, 200, 200, 200, 200, 200, 200, 200, 200) },
  'DELETE /api/settings/sessions/:sessionId': { status: row(401, 404, 404, 404, 404, 404, 404, 404, 404, 404) },
  'POST /api/settings/sessions/end-others': { status: row(401, 200, 200, 200, 200, 200, 200, 200, 200, 200), ownSession: true },
  // Issue 31: one's own two-factor sign-in. The matrix's callers have it off, so a code anywhere
  // answers 400 (no set-up, or not on) once the caller is let in; two-factor.test.ts turns it on.
  'GET /api/settings/two-factor': { status: row(401, 200, 200, 200, 200, 200, 200, 200, 200, 200) },
  'POST /api/settings/two-factor/setup': { status: row(401, 200, 200, 200, 200, 200, 200, 200, 200, 200), request: (c) => json({ password: c.callerPassword ?? 'wrong-password' }) },
  'POST /api/settings/two-factor/enable': { status: row(401, 400, 400, 400, 400, 400, 400, 400, 400, 400), request: () => json({ code: '000000' }) },
  'POST /api/settings/two-factor/recovery-codes': { status: row(401, 400, 400, 400, 400, 400, 400, 400, 400, 400), request: () => json({ code: '000000' }) },
  'POST /api/settings/two-factor/disable': { status: row(401, 400, 400, 400, 400, 400, 400, 400, 400, 400), request: (c) => json({ password: c.callerPassword ?? 'wrong-password', code: '000000' }) },
  // Issue 31 item 3: one's own passkeys. The password asks for a set-up's options; an answer to no
  // challenge of the caller's is refused (passkeys.test.ts answers real ones); another member's
  // passkey is not found, whoever asks.
  'GET /api/settings/passkeys': { status: row(401, 200, 200, 200, 200, 200, 200, 200, 200, 200) },
  'POST /api/settings/passkeys/options': { status: row(401, 200, 200, 200, 200, 200, 200, 200, 200, 200), request: (c) => json({ password: c.callerPassword ?? 'wrong-password' }) },
  'POST /api/settings/passkeys': { status: row(401, 400, 400, 400, 400, 400, 400, 400, 400, 400), request: () => json({ name: 'Matrix key', response: unansweredRegistration() }) },
  'PATCH /api/settings/passkeys/:passkeyId': { status: row(401, 404, 404, 404, 404, 404, 404, 404, 404, 404), request: () => json({ name: 'Matrix renamed' }) },
  'DELETE /api/settings/passkeys/:passkeyId': { status: row(401, 404, 404, 404, 404, 404, 404, 404, 404, 404) },
  // Issue 31 item 2: the organization's two-factor requirement: its admins read it, its organization admin sets it.
  'GET /api/organization/two-factor-policy': { status: row(401, 200, 200, 403, 403, 403, 403, 403, 200, 200) },
  'PUT /api/organization/two-factor-policy': { status: row(401, 200, 403, 403, 403, 403, 403, 403, 403, 200), request: () => json({ policy: 'off' }) },
  // Issue 31 item 4: the organization's single sign-on: its admins read it, its organization admin
  // changes it. The save is checked before anything is written: an http issuer without the
  // operator's WEBHOOK_ALLOW_PRIVATE is 400 before any request leaves; removing none is 404.
  'GET /api/organization/sso': { status: row(401, 200, 200, 403, 403, 403, 403, 403, 200, 200) },
  'PUT /api/organization/sso': {
    status: row(401, 400, 403, 403, 403, 403, 403, 403, 403, 400),
    request: () => json({ issuer: 'http://127.0.0.1:9/', clientId: 'matrix', clientSecret: 'matrix-secret', domains: [`matrix-${next()}.test`], newMembers: 'join', joinRole: 'developer', passwordSignIn: true }),
  },
  'DELETE /api/organization/sso': { status: row(401, 404, 403, 403, 403, 403, 403, 403, 403, 404) },
  // Issue 46: Check now for a claimed domain, the organization admin's; one not claimed is 404.
  'POST /api/organization/sso/domains/:domain/check': { status: row(401, 404, 403, 403, 403, 403, 403, 403, 403, 404) },
  // Issue 30: an organization's webhooks, its admins only; other roles are refused outright (403),
  // another organization's admins find nothing (404).
  'GET /api/webhooks': { status: row(401, 200, 200, 403, 403, 403, 403, 403, 200, 200) },
  'POST /api/webhooks': { status: row(401, 201, 201, 403, 403, 403, 403, 403, 201, 201), request: () => json({ url: 'https://93.184.215.14/matrix', events: ['task'] }) },
  'PATCH /api/webhooks/:webhookId': { status: row(401, 404, 404, 403, 403, 403, 403, 403, 200, 200), request: () => json({ description: `Matrix ${next()}` }) },
  'POST /api/webhooks/:webhookId/secret': { status: row(401, 404, 404, 403, 403, 403, 403, 403, 200, 200) },
  'DELETE /api/webhooks/:webhookId': { status: row(401, 404, 404, 403, 403, 403, 403, 403, 204, 204) },
  'GET /api/webhooks/:webhookId/deliveries': { status: row(401, 404, 404, 403, 403, 403, 403, 403, 200, 200), request: newestFirstPage },
  'POST /api/webhooks/:webhookId/test': { status: row(401, 404, 404, 403, 403, 403, 403, 403, 201, 201) },
  'POST /api/webhooks/:webhookId/deliveries/:deliveryId/redeliver': { status: row(401, 404, 404, 403, 403, 403, 403, 403, 201, 201) },
  // Issue 30: each member's own calendar feed. The feed itself needs no session: its token is
  // the key, and A's share-link token (of a feed token's shape) names no feed, for anyone.
  'GET /api/settings/calendar': { status: row(401, 200, 200, 200, 200, 200, 200, 200, 200, 200) },
  'POST /api/settings/calendar': { status: row(401, 201, 201, 201, 201, 201, 201, 201, 201, 201), request: () => json({}) },
  'DELETE /api/settings/calendar': { status: row(401, 204, 204, 204, 204, 204, 204, 204, 204, 204) },
  'GET /api/calendar/:token.ics': { status: all(404), request: () => fromOwnAddress({}) },
  'PATCH /api/organization': { status: row(401, 200, 200, 403, 403, 403, 403, 403, 200, 200), request: () => json({ name: 'Renamed Agency' }) },
  // Issue 32: the organization's currency, its admins (like its name).
  'PUT /api/organization/currency': { status: row(401, 200, 200, 403, 403, 403, 403, 403, 200, 200), request: () => json({ currency: 'USD' }) },
  // Issue 48: the organization's language, its admins (like its name).
  'PUT /api/organization/time-zone': { status: row(401, 200, 200, 403, 403, 403, 403, 403, 200, 200), request: () => json({ timeZone: 'Europe/Berlin' }) },
  'PUT /api/organization/locale': { status: row(401, 200, 200, 403, 403, 403, 403, 403, 200, 200), request: () => json({ locale: 'en' }) },

  // Organization-wide lists and pages.
  'GET /api/activities': { status: row(401, 200, 200, 200, 403, 403, 403, 200, 200, 200) },
  'GET /api/activities/export': { status: row(401, 200, 200, 200, 403, 403, 403, 200, 200, 200) },
  'GET /api/reports': { status: row(401, 200, 200, 200, 403, 403, 403, 200, 200, 200) },
  // Issue 32: time reports hold money: staff only, like the tab; each organization's own time.
  'GET /api/reports/time': { status: row(401, 200, 200, 200, 403, 403, 403, 200, 200, 200), request: () => ({ query: { from: '2026-01-01', to: '2026-12-31', groupBy: 'member' } }) },
  'GET /api/reports/time/weeks': { status: row(401, 200, 200, 200, 403, 403, 403, 200, 200, 200), request: () => ({ query: { from: '2026-01-01', to: '2026-12-31' } }) },
  'GET /api/reports/time/export': { status: row(401, 200, 200, 200, 403, 403, 403, 200, 200, 200), request: () => ({ query: { from: '2026-01-01', to: '2026-12-31' } }) },
  // Issue 49 item 15: a task's entries (here the time on P1's no task) and the filter lists. Another
  // organization's project id names nothing of the caller's: an empty answer, not a 404.
  'GET /api/reports/time/entries': {
    status: row(401, 200, 200, 200, 403, 403, 403, 200, 200, 200),
    request: (c) => ({ query: { from: '2026-01-01', to: '2026-12-31', projectId: c.projectId, taskId: 'none' } }),
  },
  'GET /api/reports/time/filters': { status: row(401, 200, 200, 200, 403, 403, 403, 200, 200, 200) },
  'GET /api/live': { status: all(426) },
  'GET /api/clients': { status: row(401, 200, 200, 200, 403, 403, 403, 200, 200, 200), request: newestFirstPage },
  'POST /api/clients': { status: row(401, 201, 201, 201, 403, 403, 403, 201, 201, 201), request: () => json({ name: `Matrix Client ${next()}` }) },
  'GET /api/clients/export': { status: row(401, 200, 200, 200, 403, 403, 403, 200, 200, 200) },
  'GET /api/clients/options': { status: row(401, 200, 200, 200, 403, 403, 403, 200, 200, 200), request: byNamePage },
  'GET /api/clients/:clientId': { status: row(401, 404, 404, 404, 404, 404, 404, 200, 200, 200) },
  'PATCH /api/clients/:clientId': { status: row(401, 404, 404, 404, 404, 404, 404, 200, 200, 200), request: () => json({ name: 'Matrix Client edited' }) },
  'GET /api/projects': { status: row(401, 200, 200, 200, 200, 200, 200, 200, 200, 200) },
  // Developers never export, not even their own projects (issue 15).
  'GET /api/projects/export': { status: row(401, 200, 200, 200, 403, 403, 403, 200, 200, 200) },
  'POST /api/projects': { status: row(401, 400, 400, 400, 403, 403, 403, 201, 201, 201), request: (c) => json({ name: `Matrix Project ${next()}`, clientId: c.clientId }) },
  'GET /api/templates': { status: row(401, 200, 200, 200, 403, 403, 403, 200, 200, 200) },
  'POST /api/templates': { status: row(401, 201, 201, 201, 403, 403, 403, 201, 201, 201), request: () => json({ name: `Matrix Template ${next()}`, fields: newTemplateFields() }) },
  'GET /api/templates/:templateId': { status: row(401, 404, 404, 404, 403, 403, 403, 200, 200, 200) },
  'PATCH /api/templates/:templateId': { status: row(401, 404, 404, 404, 403, 403, 403, 200, 200, 200), request: () => json({ name: 'Matrix Template edited', fields: newTemplateFields() }) },
  'DELETE /api/templates/:templateId': { status: row(401, 404, 404, 404, 403, 403, 403, 204, 204, 204) },
  'GET /api/team': { status: row(401, 200, 200, 200, 403, 403, 403, 200, 200, 200), request: newestFirstPage },
  'POST /api/team': {
    status: row(401, 201, 201, 201, 403, 403, 403, 201, 201, 201),
    request: () => json({ fullName: 'Matrix Newcomer', email: `newcomer-${next()}@test.brieflane`, role: 'developer' }),
    credentialRequests: { 'with a password': () => json({ fullName: 'Matrix Newcomer', email: `newcomer-${next()}@test.brieflane`, role: 'developer', password: 'token-chosen-1' }) },
  },
  'GET /api/team/tags': { status: row(401, 200, 200, 200, 403, 403, 403, 200, 200, 200), request: byTextPage },
  'GET /api/team/:memberId': { status: row(401, 404, 404, 404, 403, 403, 403, 200, 200, 200) },
  'GET /api/team/:memberId/projects': { status: row(401, 404, 404, 404, 403, 403, 403, 200, 200, 200), request: byNamePage },
  'PATCH /api/team/:memberId': {
    status: row(401, 404, 404, 404, 403, 403, 403, 200, 200, 200),
    request: () => json({ fullName: 'Matrix Target edited', email: null, role: 'developer' }),
    credentialRequests: {
      'with a sign-in email': () => json({ fullName: 'Matrix Target edited', email: `taken-over-${next()}@test.brieflane`, role: 'developer' }),
      'with an email and a password': () => json({ fullName: 'Matrix Target edited', email: `taken-over-${next()}@test.brieflane`, role: 'developer', password: 'token-chosen-1' }),
    },
  },
  // Issue 31: a member's two-factor, for the organization admin and admins who outrank them (issue
  // 46: not account executives); the target has it off: 400 once let in.
  'GET /api/team/:memberId/two-factor': { status: row(401, 404, 404, 403, 403, 403, 403, 403, 200, 200) },
  'POST /api/team/:memberId/two-factor/reset': { status: row(401, 404, 404, 403, 403, 403, 403, 403, 400, 400) },
  // Issue 32: a member's default rate, by rank like any change to them; developers never (403).
  'PUT /api/team/:memberId/rate': { status: row(401, 404, 404, 404, 403, 403, 403, 200, 200, 200), request: () => json({ hourlyRateMinor: 9000 }) },
  'DELETE /api/team/:memberId': { status: row(401, 404, 404, 404, 403, 403, 403, 204, 204, 204) },

  // One project and what is in it.
  'GET /api/projects/:projectId': { status: row(401, 404, 404, 404, 404, 404, 200, 200, 200, 200) },
  'PATCH /api/projects/:projectId': { status: row(401, 404, 404, 404, 404, 404, 403, 200, 200, 200), request: () => projectEdit },
  'DELETE /api/projects/:projectId': { status: row(401, 404, 404, 404, 404, 404, 403, 403, 204, 204) },
  // Issue 32: a project's rate and budget hold money: staff only; an assigned developer is refused (403).
  'GET /api/projects/:projectId/budget': { status: row(401, 404, 404, 404, 404, 404, 403, 200, 200, 200) },
  'PUT /api/projects/:projectId/budget': { status: row(401, 404, 404, 404, 404, 404, 403, 200, 200, 200), request: () => json({ hourlyRateMinor: 9000, budgetKind: 'hours', budgetAmount: 6000 }) },
  'PATCH /api/projects/:projectId/status': { status: row(401, 404, 404, 404, 404, 404, 403, 200, 200, 200), request: () => json({ status: 'on_hold' }) },
  'GET /api/projects/:projectId/tasks': { status: row(401, 404, 404, 404, 404, 404, 200, 200, 200, 200), request: boardOrderPage },
  'POST /api/projects/:projectId/tasks': { status: row(401, 404, 404, 404, 404, 404, 403, 201, 201, 201), request: () => json({ title: 'Matrix New task' }) },
  'GET /api/projects/:projectId/assignees': { status: row(401, 404, 404, 404, 404, 404, 403, 200, 200, 200), request: onProjectFirstPage },
  // Issue 29: a task's page, its activity (staff), its comments and who they may mention.
  'GET /api/projects/:projectId/tasks/:taskId': { status: row(401, 404, 404, 404, 404, 404, 200, 200, 200, 200) },
  'GET /api/projects/:projectId/tasks/:taskId/activity': { status: row(401, 404, 404, 404, 404, 404, 403, 200, 200, 200), request: newestFirstPage },
  'GET /api/projects/:projectId/tasks/:taskId/comments': { status: row(401, 404, 404, 404, 404, 404, 200, 200, 200, 200), request: newestFirstPage },
  'POST /api/projects/:projectId/tasks/:taskId/comments': { status: row(401, 404, 404, 404, 404, 404, 201, 201, 201, 201), request: () => json({ body: 'Matrix **comment**' }) },
  // The comment is the organization admin's: only they edit it, and nobody outranks them.
  'PATCH /api/projects/:projectId/tasks/:taskId/comments/:commentId': { status: row(401, 404, 404, 404, 404, 404, 403, 403, 403, 200), request: () => json({ body: 'Matrix edited comment' }) },
  'DELETE /api/projects/:projectId/tasks/:taskId/comments/:commentId': { status: row(401, 404, 404, 404, 404, 404, 403, 403, 403, 204) },
  'GET /api/projects/:projectId/tasks/:taskId/follow': { status: row(401, 404, 404, 404, 404, 404, 200, 200, 200, 200) },
  'PUT /api/projects/:projectId/tasks/:taskId/follow': { status: row(401, 404, 404, 404, 404, 404, 200, 200, 200, 200), request: () => json({ following: true }) },
  // Issue 51: dependencies and shifting the dependents are staff's; an assigned developer reads them with the task.
  'POST /api/projects/:projectId/tasks/:taskId/dependencies': { status: row(401, 404, 404, 404, 404, 404, 403, 201, 201, 201), request: (c) => json({ blockedByTaskId: c.blockedByTaskId }) },
  'DELETE /api/projects/:projectId/tasks/:taskId/dependencies/:blockedByTaskId': { status: row(401, 404, 404, 404, 404, 404, 403, 204, 204, 204) },
  'POST /api/projects/:projectId/tasks/:taskId/shift-dependents': { status: row(401, 404, 404, 404, 404, 404, 403, 200, 200, 200) },
  'GET /api/projects/:projectId/mentionable': { status: row(401, 404, 404, 404, 404, 404, 200, 200, 200, 200) },
  // Issue 51 item 4: a task's rule (staff). A fresh task repeats on nothing, so skipping it is a 400 that writes nothing.
  'PUT /api/projects/:projectId/tasks/:taskId/recurrence': { status: row(401, 404, 404, 404, 404, 404, 403, 200, 200, 200), request: () => json({ rule: 'FREQ=WEEKLY;BYDAY=MO,TH' }) },
  'DELETE /api/projects/:projectId/tasks/:taskId/recurrence': { status: row(401, 404, 404, 404, 404, 404, 403, 200, 200, 200) },
  'POST /api/projects/:projectId/tasks/:taskId/skip': { status: row(401, 404, 404, 404, 404, 404, 403, 400, 400, 400) },
  'PATCH /api/projects/:projectId/tasks/:taskId': { status: row(401, 404, 404, 404, 404, 404, 200, 200, 200, 200), request: () => json({ status: 'completed' }) },
  'GET /api/projects/:projectId/notes': { status: row(401, 404, 404, 404, 404, 404, 200, 200, 200, 200), request: newestFirstPage },
  'POST /api/projects/:projectId/notes': { status: row(401, 404, 404, 404, 404, 404, 201, 201, 201, 201), request: () => json({ content: 'Matrix New note' }) },
  'PATCH /api/projects/:projectId/notes/:noteId': { status: row(401, 404, 404, 404, 404, 404, 403, 403, 403, 200), request: () => json({ content: 'Matrix Edited note' }) },
  'DELETE /api/projects/:projectId/notes/:noteId': { status: row(401, 404, 404, 404, 404, 404, 403, 403, 403, 204) },
  'GET /api/projects/:projectId/files': { status: row(401, 404, 404, 404, 404, 404, 200, 200, 200, 200), request: newestFirstPage },
  'POST /api/projects/:projectId/files': { status: row(401, 404, 404, 404, 404, 404, 201, 201, 201, 201), request: (c) => c.upload() },
  'DELETE /api/projects/:projectId/files/:fileId': { status: row(401, 404, 404, 404, 404, 404, 403, 204, 204, 204) },
  'GET /api/projects/:projectId/files/:fileId/download': { status: row(401, 404, 404, 404, 404, 404, 200, 200, 200, 200) },
  // Issue 33: versions (developers replace only their own files; the kit's is the owner's),
  // previews (the kit's file is a PDF: no thumbnail, so 404 past the gate) and approvals (staff).
  'POST /api/projects/:projectId/files/:fileId/versions': { status: row(401, 404, 404, 404, 404, 404, 403, 201, 201, 201), request: (c) => c.upload() },
  'GET /api/projects/:projectId/files/:fileId/versions': { status: row(401, 404, 404, 404, 404, 404, 200, 200, 200, 200) },
  'GET /api/projects/:projectId/files/:fileId/versions/:version/download': { status: row(401, 404, 404, 404, 404, 404, 200, 200, 200, 200) },
  'GET /api/projects/:projectId/files/:fileId/thumbnail': { status: row(401, 404, 404, 404, 404, 404, 404, 404, 404, 404) },
  'PUT /api/projects/:projectId/files/:fileId/approval': { status: row(401, 404, 404, 404, 404, 404, 403, 204, 204, 204), request: () => json({ message: 'Matrix approval', dueDate: '2026-12-24' }) },
  'DELETE /api/projects/:projectId/files/:fileId/approval': { status: row(401, 404, 404, 404, 404, 404, 403, 204, 204, 204) },
  'POST /api/projects/:projectId/links': { status: row(401, 404, 404, 404, 404, 404, 201, 201, 201, 201), request: () => json({ name: 'Matrix New link', url: 'https://example.com/x' }) },
  'GET /api/projects/:projectId/access-links': { status: row(401, 404, 404, 404, 404, 404, 403, 200, 200, 200), request: newestFirstPage },
  'POST /api/projects/:projectId/access-links': { status: row(401, 404, 404, 404, 404, 404, 403, 201, 201, 201), request: () => json({ name: 'Matrix New share' }) },
  'POST /api/projects/:projectId/access-links/:linkId/revoke': { status: row(401, 404, 404, 404, 404, 404, 403, 200, 200, 200) },
  'GET /api/projects/:projectId/access-links/:linkId/opens': { status: row(401, 404, 404, 404, 404, 404, 403, 200, 200, 200), request: newestFirstPage },
  'GET /api/projects/:projectId/developers': { status: row(401, 404, 404, 404, 404, 404, 403, 200, 200, 200), request: oldestFirstPage },
  'GET /api/projects/:projectId/developers/available': { status: row(401, 404, 404, 404, 404, 404, 403, 200, 200, 200), request: byNamePage },
  'POST /api/projects/:projectId/developers': { status: row(401, 404, 404, 404, 404, 404, 403, 201, 201, 201), request: (c) => json({ developerProfileId: c.unassignedDeveloperId }) },
  'DELETE /api/projects/:projectId/developers/:profileId': { status: row(401, 404, 404, 404, 404, 404, 403, 204, 204, 204) },

  // The shared project page, through A's link: anyone holding it may read; signed in, contribute.
  'GET /api/project-access/:token': { status: all(200) },
  // Opening the link records who opened it: a POST that asks who calls, so not a read token's.
  'POST /api/project-access/:token/session': { status: all(200), request: () => json({}), readToken: 403 },
  'GET /api/project-access/:token/live': { status: all(426) },
  'GET /api/project-access/:token/intake': { status: all(200) },
  'PUT /api/project-access/:token/intake/draft': { status: all(200), request: () => json({ answers: {} }) },
  'POST /api/project-access/:token/intake/submit': { status: all(200), request: () => json({ answers: {} }) },
  'POST /api/projects/:projectId/access-links/:linkId/intake': { status: row(401, 404, 404, 404, 404, 404, 403, 200, 200, 200), request: () => json({ action: 'lock' }) },
  'GET /api/project-access/:token/tasks': { status: all(200), request: boardOrderPage },
  'PATCH /api/project-access/:token/tasks/:taskId': { status: row(401, 200, 200, 200, 200, 200, 200, 200, 200, 200), request: () => json({ status: 'completed' }) },
  'GET /api/project-access/:token/files': { status: all(200), request: newestFirstPage },
  'POST /api/project-access/:token/files': { status: row(401, 201, 201, 201, 201, 201, 201, 201, 201, 201), request: (c) => c.upload() },
  'GET /api/project-access/:token/files/:fileId/download': { status: all(200) },
  // Issue 33: anyone holding a link that may approve decides, signed in or not.
  'GET /api/project-access/:token/approvals': { status: all(200) },
  'POST /api/project-access/:token/files/:fileId/approval': { status: all(200), readToken: 403, request: () => json({ decision: 'approved', version: 1, name: 'Matrix Client' }) },
  'GET /api/project-access/:token/files/:fileId/versions/:version/download': { status: all(200) },
  'GET /api/project-access/:token/files/:fileId/thumbnail': { status: all(404) },
  'POST /api/project-access/:token/links': { status: row(401, 201, 201, 201, 201, 201, 201, 201, 201, 201), request: () => json({ name: 'Matrix Shared link', url: 'https://example.com/y' }) },
  'GET /api/project-access/:token/tasks/:taskId': { status: all(200) },
  'GET /api/project-access/:token/tasks/:taskId/comments': { status: all(200), request: newestFirstPage },
  'POST /api/project-access/:token/tasks/:taskId/comments': { status: row(401, 201, 201, 201, 201, 201, 201, 201, 201, 201), request: () => json({ body: 'Matrix shared comment' }) },
  'PATCH /api/project-access/:token/tasks/:taskId/comments/:commentId': { status: row(401, 403, 403, 403, 403, 403, 403, 403, 403, 200), request: () => json({ body: 'Matrix edited' }) },
  'DELETE /api/project-access/:token/tasks/:taskId/comments/:commentId': { status: row(401, 403, 403, 403, 403, 403, 403, 403, 403, 204) },
  'GET /api/project-access/:token/notes': { status: all(200), request: newestFirstPage },
  'POST /api/project-access/:token/notes': { status: row(401, 201, 201, 201, 201, 201, 201, 201, 201, 201), request: () => json({ content: 'Matrix Shared note' }) },
  'PATCH /api/project-access/:token/notes/:noteId': { status: row(401, 403, 403, 403, 403, 403, 403, 403, 403, 200), request: () => json({ content: 'Matrix Edited' }) },
  'DELETE /api/project-access/:token/notes/:noteId': { status: row(401, 403, 403, 403, 403, 403, 403, 403, 403, 204) },
  // Issue 32: time. Entries, timer and timesheet are a member's own; staff reach those ranked
  // below them; a project's or another member's time is not found outside the organization, and
  // a developer sees only assigned projects and only their own time. The entry is A's
  // developer's, on P1. Timer rows run in order: start, stop (each caller's own), discard (none left).
  'GET /api/time/entries': { status: row(401, 404, 404, 404, 404, 404, 200, 200, 200, 200), request: (c) => ({ query: { from: '2026-01-01', to: '2026-02-28', projectId: c.projectId } }) },
  'POST /api/time/entries': { status: row(401, 404, 404, 404, 404, 404, 201, 201, 201, 201), request: (c) => json({ projectId: c.projectId, workDate: '2026-03-02', duration: '5m', note: 'Matrix time' }) },
  'PATCH /api/time/entries/:entryId': { status: row(401, 404, 404, 404, 404, 404, 200, 200, 200, 200), request: () => json({ duration: '2m', note: 'Matrix fixed' }) },
  'DELETE /api/time/entries/:entryId': { status: row(401, 404, 404, 404, 404, 404, 204, 204, 204, 204) },
  'GET /api/time/timer': { status: row(401, 200, 200, 200, 200, 200, 200, 200, 200, 200) },
  'POST /api/time/timer': { status: row(401, 404, 404, 404, 404, 404, 201, 201, 201, 201), request: (c) => json({ projectId: c.projectId, note: 'Matrix timer' }) },
  // Stopped at once, so saving is confirmed (under a minute it asks first: 409 timer_short).
  'POST /api/time/timer/stop': { status: row(401, 404, 404, 404, 404, 404, 200, 200, 200, 200), request: () => json({ confirm: 'save' }) },
  'DELETE /api/time/timer': { status: row(401, 404, 404, 404, 404, 404, 404, 404, 404, 404) },
  'GET /api/time/timesheet': { status: row(401, 404, 404, 404, 404, 403, 200, 200, 200, 200), request: (c) => ({ query: { week: '2026-03-02', profileId: c.developerId } }) },
  'PUT /api/time/timesheet/cell': { status: row(401, 404, 404, 404, 404, 404, 200, 200, 200, 200), request: (c) => json({ projectId: c.projectId, taskId: null, workDate: '2026-03-03', duration: '1:15' }) },
};
