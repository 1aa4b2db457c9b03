// Proving a single sign-on email domain (issue 46, decision 041). An organization claims a domain
// in Settings -> Single Sign-On and publishes `brieflane-verification=<token>` as a TXT record at
// it; the claim acts (lookup, start, reset, sign-in, joining) only while that record is found.
// Check now looks at once; a job looks again periodically, so a record taken down ends the claim.
//
// What a check concludes:
// - the record is there: proven, unless another organization holds the domain proven (taken) or,
//   on a first proof, logins of another organization use it (in_use);
// - the resolver answered and the record is not there (no such domain, no TXT, other TXT): not
//   proven, and a proven domain stops acting at once;
// - the resolver did not answer (timeout, refused, SERVFAIL): nothing changes, unless the record
//   has not been seen for PROOF_GRACE_MS, after which a proven domain stops acting too.
import { randomBytes } from 'node:crypto';
import { Resolver } from 'node:dns/promises';
import { and, asc, eq, isNotNull, lte, ne, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { ssoVerificationRecord, type SsoDomainCheckError } from '../../../domain/sso-rules';
import type { Executor } from '../../platform/db/client';
import { users } from '../../platform/db/schema/auth';
import { organizationSsoDomains } from './schema';
import { profiles } from '../../platform/db/schema/tenancy';
import { isUniqueViolation } from '../../platform/auth/credentials';
import { createJob, runWithServer } from '../../platform/jobs';
import type { Platform } from '../../platform/platform';
import { emit } from '../../services/events';

/** A proven domain is looked at again this often. */
export const PROVEN_RECHECK_MS = 12 * 60 * 60 * 1000;
/** A claim not proven yet, in its first week: often, so a record just published soon counts. */
export const PENDING_RECHECK_MS = 60 * 60 * 1000;
/** An unproven claim older than a week: daily. */
export const STALE_RECHECK_MS = 24 * 60 * 60 * 1000;
const PENDING_FOR_MS = 7 * 24 * 60 * 60 * 1000;
/** A resolver that fails this long without the record seen ends a proof (never a single failure). */
export const PROOF_GRACE_MS = 72 * 60 * 60 * 1000;
/** How often the job wakes to look for due checks, and how many it takes at a time. */
const JOB_EVERY_MS = 10 * 60 * 1000;
const JOB_BATCH = 20;
/** A claimed check that did not finish (the server stopped) is free again after this. */
const CLAIM_MS = 10 * 60 * 1000;
const RESOLVER_TIMEOUT_MS = 4000;

/** A new claim's value: 128 bits, unguessable by another organization. */
export function newVerificationToken(): string {
  return randomBytes(16).toString('hex');
}

/** The TXT records at the domain, or why none could be read. */
export type TxtAnswer = { records: string[] } | { absent: true } | { failed: string };

// node:dns codes for "the resolver answered: no such name / no such record".
const ABSENT_CODES = new Set(['ENOTFOUND', 'ENODATA', 'NOTFOUND', 'NODATA']);

/** One resolver per app (tests point theirs at a DNS server on loopback, DNS_SERVERS). */
const resolvers = new WeakMap<Platform, Resolver>();

function resolverOf(platform: Platform): Resolver {
  let resolver = resolvers.get(platform);
  if (!resolver) {
    resolver = new Resolver({ timeout: RESOLVER_TIMEOUT_MS, tries: 2 });
    if (platform.config.dnsServers.length > 0) resolver.setServers(platform.config.dnsServers);
    resolvers.set(platform, resolver);
  }
  return resolver;
}

export async function readTxtRecords(platform: Platform, domain: string): Promise<TxtAnswer> {
  try {
    // A TXT record may come in several strings of up to 255 bytes each: they are one text.
    const chunks = await resolverOf(platform).resolveTxt(domain);
    return { records: chunks.map((parts) => parts.join('')) };
  } catch (error) {
    const code = (error as { code?: string }).code ?? '';
    if (ABSENT_CODES.has(code)) return { absent: true };
    return { failed: code || (error instanceof Error ? error.message : String(error)) };
  }
}

/** Whether logins of an organization other than `organizationId` have emails at the domain. */
export async function domainUsedElsewhere(executor: Executor, organizationId: string, domain: string): Promise<boolean> {
  const [row] = await executor
    .select({ id: users.id })
    .from(users)
    .innerJoin(profiles, eq(profiles.userId, users.id))
    .where(and(eq(sql`split_part(lower(${users.email}), '@', -1)`, domain), ne(profiles.organizationId, organizationId)))
    .limit(1);
  return row !== undefined;
}

/** Whether another organization holds the domain proven. */
export async function domainProvenElsewhere(executor: Executor, organizationId: string, domain: string): Promise<boolean> {
  const [row] = await executor
    .select({ domain: organizationSsoDomains.domain })
    .from(organizationSsoDomains)
    .where(and(eq(organizationSsoDomains.domain, domain), isNotNull(organizationSsoDomains.verifiedAt), ne(organizationSsoDomains.organizationId, organizationId)))
    .limit(1);
  return row !== undefined;
}

type DomainRow = typeof organizationSsoDomains.$inferSelect;

function nextCheckAfter(row: Pick<DomainRow, 'createdAt'>, proven: boolean, now: Date): Date {
  if (proven) return new Date(now.getTime() + PROVEN_RECHECK_MS);
  const young = now.getTime() - row.createdAt.getTime() < PENDING_FOR_MS;
  return new Date(now.getTime() + (young ? PENDING_RECHECK_MS : STALE_RECHECK_MS));
}

/**
 * What the answer makes of the claim: the row's new proof fields, and whether the domain became
 * proven or stopped being proven. Pure but for the two questions about other organizations.
 */
async function concludeCheck(
  executor: Executor,
  row: DomainRow,
  answer: TxtAnswer,
  now: Date,
): Promise<{ verifiedAt: Date | null; lastSeenAt: Date | null; checkError: SsoDomainCheckError | null }> {
  if ('records' in answer && answer.records.some((r) => r.trim() === ssoVerificationRecord(row.verificationToken))) {
    if (await domainProvenElsewhere(executor, row.organizationId, row.domain)) return { verifiedAt: null, lastSeenAt: now, checkError: 'taken' };
    // Once proven, a login of another organization joining later does not end it: only at the
    // first proof is the domain required to be free of them.
    if (!row.verifiedAt && (await domainUsedElsewhere(executor, row.organizationId, row.domain))) return { verifiedAt: null, lastSeenAt: now, checkError: 'in_use' };
    return { verifiedAt: row.verifiedAt ?? now, lastSeenAt: now, checkError: null };
  }
  if ('failed' in answer) {
    const seen = row.lastSeenAt ?? row.verifiedAt;
    const lapsed = row.verifiedAt !== null && (!seen || now.getTime() - seen.getTime() >= PROOF_GRACE_MS);
    return { verifiedAt: lapsed ? null : row.verifiedAt, lastSeenAt: row.lastSeenAt, checkError: 'unreachable' };
  }
  return { verifiedAt: null, lastSeenAt: row.lastSeenAt, checkError: 'not_found' };
}

/**
 * Looks for one claim's TXT record and writes what it found; a change of proof is logged in the
 * organization's activity. `actorProfileId`: who asked (Check now), null for the periodic check.
 * Answers the row as written, or null when the claim is gone.
 */
export async function checkSsoDomain(platform: Platform, organizationId: string, domain: string, actorProfileId: string | null): Promise<DomainRow | null> {
  const key = and(eq(organizationSsoDomains.organizationId, organizationId), eq(organizationSsoDomains.domain, domain));
  const [before] = await platform.db.select().from(organizationSsoDomains).where(key).limit(1);
  if (!before) return null;
  // The lookup happens outside any transaction: a slow resolver holds no connection or lock.
  const answer = await readTxtRecords(platform, domain);
  try {
    return await platform.db.transaction(async (tx) => {
      const [row] = await tx.select().from(organizationSsoDomains).where(key).limit(1).for('update');
      if (!row) return null;
      const now = platform.clock.now();
      const outcome = await concludeCheck(tx, row, answer, now);
      const [written] = await tx
        .update(organizationSsoDomains)
        .set({ ...outcome, checkedAt: now, nextCheckAt: nextCheckAfter(row, outcome.verifiedAt !== null, now) })
        .where(key)
        .returning();
      const becameProven = row.verifiedAt === null && outcome.verifiedAt !== null;
      const stoppedProving = row.verifiedAt !== null && outcome.verifiedAt === null;
      if (becameProven || stoppedProving) {
        await emit(tx, {
          type: becameProven ? 'sso.domain_proven' : 'sso.domain_lapsed',
          organizationId,
          actorId: actorProfileId,
          at: now,
          details: { domain, ...(stoppedProving ? { reason: outcome.checkError ?? 'not_found' } : {}) },
        });
      }
      return written ?? null;
    });
  } catch (error) {
    // Another organization proved the same domain between our read and our write.
    if (!isUniqueViolation(error)) throw error;
    const now = platform.clock.now();
    const [written] = await platform.db
      .update(organizationSsoDomains)
      .set({ verifiedAt: null, checkError: 'taken', checkedAt: now, nextCheckAt: nextCheckAfter(before, false, now) })
      .where(key)
      .returning();
    return written ?? null;
  }
}

/**
 * Takes up to a batch of due checks, marking them so another server's job (or this one's next
 * run) does not take them too, and checks them.
 */
export async function runDueDomainChecks(platform: Platform): Promise<number> {
  const now = platform.clock.now();
  const due = await platform.db.transaction(async (tx) => {
    const rows = await tx
      .select({ organizationId: organizationSsoDomains.organizationId, domain: organizationSsoDomains.domain })
      .from(organizationSsoDomains)
      .where(lte(organizationSsoDomains.nextCheckAt, now))
      .orderBy(asc(organizationSsoDomains.nextCheckAt))
      .limit(JOB_BATCH)
      .for('update', { skipLocked: true });
    for (const row of rows) {
      await tx
        .update(organizationSsoDomains)
        .set({ nextCheckAt: new Date(now.getTime() + CLAIM_MS) })
        .where(and(eq(organizationSsoDomains.organizationId, row.organizationId), eq(organizationSsoDomains.domain, row.domain)));
    }
    return rows;
  });
  for (const row of due) await checkSsoDomain(platform, row.organizationId, row.domain, null);
  return due.length;
}

export function scheduleSsoDomainChecks(app: FastifyInstance, platform: Platform) {
  const log = app.log.child({ job: 'sso-domain-checks' });
  const job = createJob({
    name: 'sso-domain-checks',
    everyMs: JOB_EVERY_MS,
    firstAfterMs: 30_000,
    log,
    run: async () => ((await runDueDomainChecks(platform)) === JOB_BATCH ? 'again' : undefined),
  });
  runWithServer(app, job);
}
