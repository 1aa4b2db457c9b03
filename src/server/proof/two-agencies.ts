// The proof suites' world: organization A owns one of everything (client, two projects, template,
// task, note, file, link, share link, member), organization B owns its own. Every name of A's
// data carries the marker `alphasecret` (and its first project's `alphaproj1`, its second's
// `alphaproj2`), B's `betasecret`, so a leak is a marker in the wrong body.
import { eq, sql } from 'drizzle-orm';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { newTemplateFields } from '../../domain/templates';
import { createMember } from '../platform/auth/accounts';
import { sessions } from '../platform/db/schema/auth';
import { passkeys } from '../modules/passkeys/schema';
import { webhookDeliveries, webhooks } from '../modules/webhooks/schema';
import { developerProjectAccess } from '../modules/sharing/schema';
import { asUser, type TestUser } from '../test/as-user';
import type { TestApp } from '../test/test-app';

/** Tables the database derives from the others; they change without a write of their own. */
export const DERIVED_TABLES = ['report_counts', 'time_totals'] as const;

export const A = 'alphasecret';
export const B = 'betasecret';
/** A's first project (the assigned developer's) and its second (nobody's). */
export const P1 = 'alphaproj1';
export const P2 = 'alphaproj2';

export const PDF = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(256, 0x20), Buffer.from('\n%%EOF\n')]);

export function multipart(fileName: string, content: Buffer) {
  const boundary = `----brieflane${Math.random().toString(16).slice(2)}`;
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: application/octet-stream\r\n\r\n`),
    content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

export type Org = { orgAdmin: TestUser; admin: TestUser; executive: TestUser; developer: TestUser };

/** One project with one of everything in it. */
export type ProjectKit = { projectId: string; taskId: string; blockerTaskId: string; commentId: string; noteId: string; fileId: string; linkId: string; accessLinkId: string; token: string };

export type TwoAgencies = {
  a: Org & { unassigned: TestUser; target: TestUser };
  b: Org;
  clientId: string;
  templateId: string;
  p1: ProjectKit;
  p2: ProjectKit;
  /** Path parameter values: the shared fixtures, or fresh ones for a write that may succeed. */
  pathValues: (url: string, fresh: boolean) => Promise<Record<string, string>>;
  /** A new signed-in member of `user`'s organization and role. */
  standIn: (user: TestUser) => Promise<TestUser>;
  /** A fingerprint of every tenant table: a refused write must leave it as it was. */
  fingerprint: () => Promise<Record<string, string>>;
};

let sequence = 0;

export async function ok(res: Promise<LightMyRequestResponse>): Promise<{ id: string; token?: string }> {
  const r = await res;
  if (r.statusCode >= 300) throw new Error(`fixture request failed ${r.statusCode}: ${r.body}`);
  return r.json();
}

export function fillPath(url: string, values: Record<string, string>): string {
  return url.replace(/:(\w+)/g, (_, name: string) => {
    const value = values[name];
    if (!value) throw new Error(`no fixture for :${name} in ${url}`);
    return value;
  });
}

export async function seedTwoAgencies(t: TestApp): Promise<TwoAgencies> {
  const member = (role: TestUser['role'], organizationId: string | undefined, marker: string, label: string) => {
    sequence += 1;
    return asUser(t, role, {
      organizationId,
      organizationName: `${marker} Agency`,
      fullName: `${marker} ${label}`,
      email: `${marker}.${label.toLowerCase()}.${process.pid}-${sequence}@test.brieflane`,
    });
  };
  const org = async (marker: string): Promise<Org> => {
    const orgAdmin = await member('organization_admin', undefined, marker, 'Owner');
    const id = orgAdmin.organizationId;
    return {
      orgAdmin,
      admin: await member('admin', id, marker, 'Admin'),
      executive: await member('account_executive', id, marker, 'Executive'),
      developer: await member('developer', id, marker, 'Developer'),
    };
  };
  // With a template, the kit's share link is an intake link with that questionnaire (issue 15)
  // that also shows the project (issue 27), so one link reaches every shared route.
  const projectKit = async (owner: TestUser, clientId: string, marker: string, developer?: TestUser, templateId?: string): Promise<ProjectKit> => {
    const as = (o: InjectOptions) => ok(owner.inject(o));
    const projectId = (await as({ method: 'POST', url: '/api/projects', payload: { name: `${marker} Project`, clientId } })).id;
    const base = `/api/projects/${projectId}`;
    if (developer) await t.db.insert(developerProjectAccess).values({ projectId, developerProfileId: developer.profileId });
    const taskId = (await as({ method: 'POST', url: `${base}/tasks`, payload: { title: `${marker} Task` } })).id;
    // Issue 51: a second task, which may block the first.
    const blockerTaskId = (await as({ method: 'POST', url: `${base}/tasks`, payload: { title: `${marker} Blocker` } })).id;
    const commentId = (await as({ method: 'POST', url: `${base}/tasks/${taskId}/comments`, payload: { body: `${marker} Comment` } })).id;
    const noteId = (await as({ method: 'POST', url: `${base}/notes`, payload: { content: `${marker} Note` } })).id;
    const fileId = (await as({ method: 'POST', url: `${base}/files`, ...multipart(`${marker}-brief.pdf`, PDF) })).id;
    const linkId = (await as({ method: 'POST', url: `${base}/links`, payload: { name: `${marker} Link`, url: 'https://example.com/brief' } })).id;
    // Issue 33: the kit's file awaits the client's approval, and its share link may decide; it also
    // shows the project (issue 49 item 10: off by default), so the matrix reaches every link route.
    const approval = await owner.inject({ method: 'PUT', url: `${base}/files/${fileId}/approval`, payload: { message: `${marker} Approve` } });
    if (approval.statusCode !== 204) throw new Error(`approval request failed: ${approval.body}`);
    const link = await as({
      method: 'POST',
      url: `${base}/access-links`,
      payload: { name: `${marker} Share`, viewersMayApprove: true, showProject: true, ...(templateId ? { intake: true, templateId } : {}) },
    });
    return { projectId, taskId, blockerTaskId, commentId, noteId, fileId, linkId, accessLinkId: link.id, token: link.token! };
  };

  const a = await org(A);
  const b = await org(B);
  const owner = a.orgAdmin;
  const unassigned = await member('developer', owner.organizationId, A, 'Unassigned');
  const target = await member('developer', owner.organizationId, A, 'Target');
  const newClient = async () => (await ok(owner.inject({ method: 'POST', url: '/api/clients', payload: { name: `${A} Client` } }))).id;
  const newTemplate = async () =>
    (await ok(owner.inject({ method: 'POST', url: '/api/templates', payload: { name: `${A} Template`, fields: newTemplateFields() } }))).id;
  const clientId = await newClient();
  const templateId = await newTemplate();
  // Issue 30: one of the organization admin's API tokens (deleting it: a fresh one each time).
  const newToken = async () =>
    (await ok(owner.inject({ method: 'POST', url: '/api/settings/api-tokens', payload: { name: `${A} Token`, scope: 'read', expiresInDays: 30 } }))).id;
  const tokenId = await newToken();
  // Issue 30: a webhook of A, off, with one delivery in its log. Written directly: its URL is on
  // loopback, which the API refuses, so nothing the matrix queues leaves the machine.
  const newWebhook = async () => {
    const [hook] = await t.db
      .insert(webhooks)
      .values({ organizationId: owner.organizationId, url: 'http://127.0.0.1:9/matrix', secret: 'whsec_matrix', events: ['task'], enabled: false, disabledReason: 'by_hand' })
      .returning({ id: webhooks.id });
    return hook!.id;
  };
  const webhookId = await newWebhook();
  const [delivery] = await t.db
    .insert(webhookDeliveries)
    .values({ webhookId, organizationId: owner.organizationId, eventId: crypto.randomUUID(), eventType: 'task.updated', body: '{}', status: 'delivered', giveUpAt: new Date() })
    .returning({ id: webhookDeliveries.id });
  // Issue 31: a session of A's target member, which nobody else may end.
  const [targetSession] = await t.db.select({ id: sessions.id }).from(sessions).where(eq(sessions.userId, target.userId)).limit(1);
  // Issue 31 item 3: a passkey of A's target member, which nobody else may rename or remove.
  const [targetPasskey] = await t.db
    .insert(passkeys)
    .values({ organizationId: owner.organizationId, userId: target.userId, name: `${A} Passkey`, credentialId: `${A}-credential-${process.pid}-${sequence}`, publicKey: 'AA' })
    .returning({ id: passkeys.id });
  const p1 = await projectKit(owner, clientId, `${A} ${P1}`, a.developer, templateId);
  // Issue 32: a time entry of A's developer on P1, each on its own day so a day never fills.
  let entryDay = 0;
  const newEntry = async () => {
    entryDay += 1;
    const workDate = new Date(Date.UTC(2025, 0, entryDay)).toISOString().slice(0, 10);
    return (await ok(a.developer.inject({ method: 'POST', url: '/api/time/entries', payload: { projectId: p1.projectId, workDate, duration: '10m', note: `${A} ${P1} time` } }))).id;
  };
  const entryId = await newEntry();
  const p2 = await projectKit(owner, clientId, `${A} ${P2}`);
  // B has data of its own, so B's lists are not trivially empty.
  const bClient = (await ok(b.orgAdmin.inject({ method: 'POST', url: '/api/clients', payload: { name: `${B} Client` } }))).id;
  await projectKit(b.orgAdmin, bClient, `${B} Project`, b.developer);

  return {
    a: { ...a, unassigned, target },
    b,
    clientId,
    templateId,
    p1,
    p2,
    pathValues: async (url, fresh) => {
      const uses = (name: string) => url.includes(`:${name}`);
      const kit = fresh && (uses('projectId') || uses('token')) ? await projectKit(owner, clientId, `${A} ${P1} fresh`, a.developer, templateId) : p1;
      const memberId =
        fresh && uses('memberId')
          ? (await createMember(t.db, { organizationId: owner.organizationId, fullName: `${A} Target fresh`, role: 'developer', email: null })).profileId
          : target.profileId;
      return {
        projectId: kit.projectId,
        taskId: kit.taskId,
        blockedByTaskId: kit.blockerTaskId,
        commentId: kit.commentId,
        noteId: kit.noteId,
        fileId: kit.fileId,
        linkId: kit.accessLinkId,
        token: kit.token,
        clientId: fresh && uses('clientId') ? await newClient() : clientId,
        templateId: fresh && uses('templateId') ? await newTemplate() : templateId,
        memberId,
        profileId: a.developer.profileId,
        tokenId: fresh && uses('tokenId') ? await newToken() : tokenId,
        webhookId: fresh && uses('webhookId') && !uses('deliveryId') ? await newWebhook() : webhookId,
        deliveryId: delivery!.id,
        sessionId: targetSession!.id,
        passkeyId: targetPasskey!.id,
        entryId: fresh && uses('entryId') ? await newEntry() : entryId,
        version: '1',
        // Issue 46: a single sign-on domain no organization of the fixture claimed.
        domain: 'matrix-unclaimed.test',
      };
    },
    standIn: (user) => member(user.role, user.organizationId, user.fullName.startsWith(B) ? B : A, 'Standin'),
    fingerprint: async () => {
      const { rows } = (await t.db.execute(
        sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`,
      )) as unknown as { rows: { table_name: string }[] };
      // Sessions, rate-limit counters, link opens and API tokens' last use legitimately change on a refused call.
      // report_counts is derived from the other tables by triggers, and the minute's fold job
      // rewrites it (same sums, fewer rows) at any moment: a write shows in its source table
      // (issue 26: `npm run fuzz` reported 'refused but wrote' whenever a fold ran mid-check).
      // An API token's last use is written on a refused call too, like a session's extension.
      const skip = new Set(['sessions', 'rate_limits', 'project_access_opens', 'verifications', 'api_tokens', ...DERIVED_TABLES]);
      const union = rows
        .map((r) => r.table_name)
        .filter((n) => !skip.has(n))
        .map((n) => `select '${n}' as t, md5(coalesce(string_agg(x::text, '|' order by x::text), '')) as h from "${n}" x`)
        .join(' union all ');
      const result = (await t.db.execute(sql.raw(union))) as unknown as { rows: { t: string; h: string }[] };
      return Object.fromEntries(result.rows.map((r) => [r.t, r.h]));
    },
  };
}
