// Clients of the caller's organization. Every query is scoped by the actor's organization.
import { and, desc, eq, ilike, or, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import {
  clientOptionsQuerySchema,
  createClientSchema,
  listClientsQuerySchema,
  updateClientSchema,
  type Client,
} from '../../../domain/clients';
import { canManageProjects, isAdmin } from '../../../domain/roles';
import { emit } from '../../services/events';
import type { Actor } from '../../platform/auth/session';
import {
  afterByName,
  afterNewestFirst,
  containsPattern,
  countAll,
  cursorTimeOf,
  decodeCursor,
  decodeNameCursor,
  encodeCursor,
  encodeNameCursor,
} from '../../platform/db/cursor';
import { profiles } from '../../platform/db/schema/tenancy';
import { clients } from './schema';
import { forbidden, notFound } from '../../platform/errors';
import type { Platform } from '../../platform/platform';
import { WEBHOOK_VIEWER } from '../../services/webhook-events';

const owner = alias(profiles, 'owner');

function assertCanManageClients(actor: Actor) {
  if (!canManageProjects(actor.role)) throw forbidden('You do not have permission to manage clients.');
}

function toClient(row: typeof clients.$inferSelect & { ownerName: string | null }, actor: Pick<Actor, 'role'>): Client {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    contactName: row.contactName,
    contactEmail: row.contactEmail,
    contactPhone: row.contactPhone,
    website: row.website,
    // Spec 2: the owner line shows for admins only.
    ownerName: isAdmin(actor.role) ? row.ownerName : null,
    createdAt: row.createdAt.toISOString(),
  };
}

function searchCondition(search: string): SQL | undefined {
  if (!search) return undefined;
  const pattern = containsPattern(search);
  return or(
    ilike(clients.name, pattern),
    ilike(clients.contactName, pattern),
    ilike(clients.contactEmail, pattern),
    ilike(clients.description, pattern),
  );
}

export async function listClients(
  { db }: Platform,
  actor: Actor,
  query: z.output<typeof listClientsQuerySchema>,
) {
  assertCanManageClients(actor);
  const inOrganization = eq(clients.organizationId, actor.organizationId);
  const matching = and(inOrganization, searchCondition(query.search));
  // Decision 021: the cursor carries created_at to the microsecond (rows of an import share
  // milliseconds), compared as one row value on clients_organization_id_idx (organization_id,
  // created_at, id).
  const cursor = query.cursor ? decodeCursor(query.cursor) : undefined;
  const page = and(matching, cursor ? afterNewestFirst(clients.createdAt, clients.id, cursor) : undefined);

  const rows = await db
    .select({ client: clients, ownerName: owner.fullName, cursorTime: cursorTimeOf(clients.createdAt) })
    .from(clients)
    .leftJoin(owner, eq(owner.id, clients.createdBy))
    .where(page)
    .orderBy(desc(clients.createdAt), desc(clients.id))
    .limit(query.limit + 1);
  const [count] = await db.select({ n: countAll }).from(clients).where(matching);

  const items = rows.slice(0, query.limit).map((r) => toClient({ ...r.client, ownerName: r.ownerName }, actor));
  const last = rows.length > query.limit ? rows[query.limit - 1] : undefined;
  return { items, nextCursor: last ? encodeCursor({ createdAt: last.cursorTime, id: last.client.id }) : null, total: count?.n ?? 0 };
}

/** One client, for the Clients tab to open it (issue 34: a search result); another organization's is not found. */
export async function getClient({ db }: Platform, actor: Actor, clientId: string) {
  // Developers cannot see clients at all: another organization's or not, it is not found.
  if (!canManageProjects(actor.role)) throw notFound('Client not found');
  const [row] = await db
    .select({ client: clients, ownerName: owner.fullName })
    .from(clients)
    .leftJoin(owner, eq(owner.id, clients.createdBy))
    .where(and(eq(clients.id, clientId), eq(clients.organizationId, actor.organizationId)));
  if (!row) throw notFound('Client not found');
  return toClient({ ...row.client, ownerName: row.ownerName }, actor);
}

/**
 * A page of names for the Create Project client select, ordered by name, then id, with an
 * optional search. Keyset-paged on that order (served by clients_organization_name_idx); it was
 * one query capped at 1,000, which left the later names out of the select.
 */
export async function listClientOptions({ db }: Platform, actor: Actor, query: z.output<typeof clientOptionsQuerySchema>) {
  assertCanManageClients(actor);
  const cursor = query.cursor ? decodeNameCursor(query.cursor) : undefined;
  const rows = await db
    .select({ id: clients.id, name: clients.name })
    .from(clients)
    .where(
      and(
        eq(clients.organizationId, actor.organizationId),
        query.search ? ilike(clients.name, containsPattern(query.search)) : undefined,
        cursor ? afterByName(clients.name, clients.id, cursor) : undefined,
      ),
    )
    .orderBy(clients.name, clients.id)
    .limit(query.limit + 1);
  const last = rows.length > query.limit ? rows[query.limit - 1] : undefined;
  return { items: rows.slice(0, query.limit), nextCursor: last ? encodeNameCursor(last) : null };
}

export async function createClient({ db, clock }: Platform, actor: Actor, input: z.output<typeof createClientSchema>) {
  assertCanManageClients(actor);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(clients)
      .values({ ...input, organizationId: actor.organizationId, createdBy: actor.profileId, createdAt: clock.now(), updatedAt: clock.now() })
      .returning();
    const client = { ...row!, ownerName: actor.fullName };
    await emit(tx, {
      type: 'client.created',
      organizationId: actor.organizationId,
      actorId: actor.profileId,
      at: row!.createdAt,
      details: { client_name: input.name, contact_name: input.contactName, contact_email: input.contactEmail },
      payload: toClient(client, WEBHOOK_VIEWER),
    });
    return toClient(client, actor);
  });
}

export async function updateClient(
  { db, clock }: Platform,
  actor: Actor,
  clientId: string,
  input: z.output<typeof updateClientSchema>,
) {
  // Developers cannot see clients at all: another organization's or not, it is not found.
  if (!canManageProjects(actor.role)) throw notFound('Client not found');
  const client = await db.transaction(async (tx) => {
    const [row] = await tx
      .update(clients)
      .set({ ...input, updatedAt: clock.now() })
      .where(and(eq(clients.id, clientId), eq(clients.organizationId, actor.organizationId)))
      .returning();
    if (!row) throw notFound('Client not found');
    const [ownerRow] = row.createdBy ? await tx.select({ fullName: profiles.fullName }).from(profiles).where(eq(profiles.id, row.createdBy)) : [];
    const updated = { ...row, ownerName: ownerRow?.fullName ?? null };
    await emit(tx, { type: 'client.updated', organizationId: actor.organizationId, actorId: actor.profileId, at: row.updatedAt, payload: toClient(updated, WEBHOOK_VIEWER) });
    return updated;
  });
  return toClient(client, actor);
}
