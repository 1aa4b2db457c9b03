// Settings -> Single Sign-On (issue 31 item 4, decision 032): the organization admin saves or
// removes the organization's OpenID provider; admins may read it. The client secret is sealed at
// rest and never leaves the server again; the issuer is checked by discovery before saving. Its
// domains act only once proven by DNS (issue 46, ./domain-proof.ts).
import { and, eq, notInArray } from 'drizzle-orm';
import { SSO_MESSAGES, type SsoDomainState, type SsoSettings, type SsoSettingsInput, type SsoSettingsState } from '../../../domain/sso';
import { ssoIssuerErrorCode, ssoVerificationRecord } from '../../../domain/sso-rules';
import { withValues } from '../../../domain/locales';
import { isAdmin } from '../../../domain/roles';
import { open, seal } from '../../platform/auth/secret-box';
import type { Actor } from '../../platform/auth/session';
import type { Executor } from '../../platform/db/client';
import { organizationSso, organizationSsoDomains } from './schema';
import { badRequest, conflict, forbidden, notFound } from '../../platform/errors';
import type { Platform } from '../../platform/platform';
import { emit } from '../../services/events';
import { checkSsoDomain, domainProvenElsewhere, domainUsedElsewhere, newVerificationToken } from './domain-proof';
import { callbackUrl, checkIssuer, ProviderError, type ProviderSettings } from './provider';

/** The secret is sealed for its organization: a sealed value copied to another row does not open. */
function sealPurpose(organizationId: string) {
  return `sso-client-secret:${organizationId}`;
}

export function sealClientSecret(platform: Platform, organizationId: string, secret: string): string {
  return seal(platform.config.authSecret, sealPurpose(organizationId), secret);
}

type SsoRow = typeof organizationSso.$inferSelect;

/** The organization's provider with its secret opened, or null (none, or AUTH_SECRET changed since). */
export async function providerOf(platform: Platform, organizationId: string): Promise<(ProviderSettings & { row: SsoRow }) | null> {
  const [row] = await platform.db.select().from(organizationSso).where(eq(organizationSso.organizationId, organizationId)).limit(1);
  if (!row) return null;
  const clientSecret = open(platform.config.authSecret, sealPurpose(organizationId), row.clientSecretSealed);
  if (clientSecret === null) return null;
  return { issuer: row.issuer, clientId: row.clientId, clientSecret, row };
}

type DomainRow = typeof organizationSsoDomains.$inferSelect;

async function domainsOf(executor: Executor, organizationId: string): Promise<DomainRow[]> {
  return executor.select().from(organizationSsoDomains).where(eq(organizationSsoDomains.organizationId, organizationId)).orderBy(organizationSsoDomains.domain);
}

function toDomainState(row: DomainRow): SsoDomainState {
  return {
    domain: row.domain,
    record: ssoVerificationRecord(row.verificationToken),
    verified: row.verifiedAt !== null,
    verifiedAt: row.verifiedAt?.toISOString() ?? null,
    checkedAt: row.checkedAt?.toISOString() ?? null,
    checkError: row.checkError ?? null,
  };
}

/** Whether the saved secret opens: after AUTH_SECRET changed it does not, and must be entered again. */
function secretOpens(platform: Platform, row: SsoRow): boolean {
  return open(platform.config.authSecret, sealPurpose(row.organizationId), row.clientSecretSealed) !== null;
}

function toSettings(platform: Platform, row: SsoRow, domains: DomainRow[]): SsoSettings {
  return {
    issuer: row.issuer,
    clientId: row.clientId,
    hasClientSecret: secretOpens(platform, row),
    domains: domains.map(toDomainState),
    newMembers: row.newMembers,
    joinRole: row.joinRole,
    passwordSignIn: row.passwordSignIn,
    emailVerifiedOptional: row.emailVerifiedOptional,
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The organization admin changes it; admins may read it (they answer members' questions). */
function assertMayRead(actor: Actor) {
  if (!isAdmin(actor.role)) throw forbidden(SSO_MESSAGES.onlyAdmins);
}

function assertMayChange(actor: Actor) {
  if (actor.role !== 'organization_admin') throw forbidden(SSO_MESSAGES.onlyOrganizationAdmin);
}

export async function readSsoSettings(platform: Platform, actor: Actor): Promise<SsoSettingsState> {
  assertMayRead(actor);
  const [row] = await platform.db.select().from(organizationSso).where(eq(organizationSso.organizationId, actor.organizationId)).limit(1);
  return { callbackUrl: callbackUrl(platform), settings: row ? toSettings(platform, row, await domainsOf(platform.db, actor.organizationId)) : null };
}

/**
 * Saves the provider. The issuer is read by discovery first (400 `sso_issuer_<problem>`, issue 49
 * item 12: a plain sentence, the technical cause in the error's detail). A domain another
 * organization holds proven is 409 `sso_domain_taken`; one whose emails sign in to another
 * organization is 409 `sso_domain_in_use` (issue 46). A new domain is only claimed: it acts once
 * its TXT record is found (Check now, or the periodic check). Domains kept keep their value and
 * proof. Settings, domains and the activity row commit together.
 */
export async function saveSsoSettings(platform: Platform, actor: Actor, input: SsoSettingsInput): Promise<SsoSettingsState> {
  assertMayChange(actor);
  const organizationId = actor.organizationId;
  const [existing] = await platform.db.select().from(organizationSso).where(eq(organizationSso.organizationId, organizationId)).limit(1);
  if (!input.clientSecret && (!existing || !secretOpens(platform, existing))) throw badRequest(SSO_MESSAGES.secretRequired, 'sso_secret_required');
  const kept = new Set((await domainsOf(platform.db, organizationId)).map((d) => d.domain));
  const added = input.domains.filter((d) => !kept.has(d));
  await assertDomainsClaimable(platform.db, organizationId, added);
  try {
    await checkIssuer(platform, input.issuer);
  } catch (error) {
    if (error instanceof ProviderError) throw badRequest(error.text, ssoIssuerErrorCode(error.problem), error.detailText ?? error.detail ?? undefined);
    throw error;
  }
  const now = platform.clock.now();
  const values = {
    issuer: input.issuer,
    clientId: input.clientId,
    newMembers: input.newMembers,
    joinRole: input.joinRole,
    passwordSignIn: input.passwordSignIn,
    emailVerifiedOptional: input.emailVerifiedOptional,
    updatedBy: actor.profileId,
    updatedAt: now,
    ...(input.clientSecret ? { clientSecretSealed: sealClientSecret(platform, organizationId, input.clientSecret) } : {}),
  };
  await platform.db.transaction(async (tx) => {
    if (existing) {
      const updated = await tx.update(organizationSso).set(values).where(eq(organizationSso.organizationId, organizationId)).returning({ id: organizationSso.organizationId });
      if (updated.length === 0) throw notFound();
    } else {
      await tx.insert(organizationSso).values({ organizationId, clientSecretSealed: '', ...values, createdAt: now });
    }
    await tx
      .delete(organizationSsoDomains)
      .where(and(eq(organizationSsoDomains.organizationId, organizationId), notInArray(organizationSsoDomains.domain, input.domains)));
    await tx
      .insert(organizationSsoDomains)
      .values(input.domains.map((domain) => ({ domain, organizationId, verificationToken: newVerificationToken(), nextCheckAt: now, createdAt: now })))
      .onConflictDoNothing();
    await emit(tx, {
      type: 'sso.updated',
      organizationId,
      actorId: actor.profileId,
      at: now,
      details: {
        issuer: input.issuer,
        client_id: input.clientId,
        domains: input.domains.join(', '),
        // The settings' own values, never words (issue 48: the log is read in many languages).
        new_members: input.newMembers,
        ...(input.newMembers === 'join' ? { join_role: input.joinRole } : {}),
        password_sign_in: input.passwordSignIn ? 'on' : 'off',
        email_verified: input.emailVerifiedOptional ? 'optional' : 'required',
        // Never the secret itself: only whether this save replaced it.
        client_secret: input.clientSecret ? (existing ? 'replaced' : 'set') : 'kept',
      },
    });
  });
  return readSsoSettings(platform, actor);
}

/**
 * A domain may be claimed unless another organization holds it proven, or people of another
 * organization sign in with emails at it (a claim would send them to this organization's provider
 * and pull their domain's newcomers here).
 */
async function assertDomainsClaimable(executor: Executor, organizationId: string, domains: string[]) {
  for (const domain of domains) {
    if (await domainProvenElsewhere(executor, organizationId, domain)) throw conflict(withValues(SSO_MESSAGES.domainTaken, { domain }), 'sso_domain_taken');
    if (await domainUsedElsewhere(executor, organizationId, domain)) throw conflict(withValues(SSO_MESSAGES.domainInUse, { domain }), 'sso_domain_in_use');
  }
}

/** Check now: looks for the domain's TXT record at once and answers the settings as they are after. */
export async function checkSsoDomainNow(platform: Platform, actor: Actor, domain: string): Promise<SsoSettingsState> {
  assertMayChange(actor);
  const row = await checkSsoDomain(platform, actor.organizationId, domain, actor.profileId);
  if (!row) throw notFound(withValues(SSO_MESSAGES.domainNotClaimed, { domain }), 'sso_domain_not_claimed');
  return readSsoSettings(platform, actor);
}

/** Removes the provider: its members sign in with passwords again (they may need to reset one). */
export async function removeSsoSettings(platform: Platform, actor: Actor): Promise<void> {
  assertMayChange(actor);
  await platform.db.transaction(async (tx) => {
    const removed = await tx
      .delete(organizationSso)
      .where(eq(organizationSso.organizationId, actor.organizationId))
      .returning({ issuer: organizationSso.issuer });
    if (removed.length === 0) throw notFound('Single sign-on is not set up', 'sso_not_configured');
    await emit(tx, { type: 'sso.removed', organizationId: actor.organizationId, actorId: actor.profileId, at: platform.clock.now(), details: { issuer: removed[0]!.issuer } });
  });
}
