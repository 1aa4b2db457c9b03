// Settings -> Two-factor sign-in (issue 31 item 1, decision 029): set up with a password and a
// code, recovery codes shown once, new codes, turning it off with the password and a code; and an
// admin's reset of a member's two-factor (decision 006's rank). Each change and its email commit
// together.
import { and, count, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import { canManageUsers, isAdmin, ROLES } from '../../../domain/roles';
import { checkMemberChange, TEAM_MESSAGES } from '../../../domain/team';
import QRCode from 'qrcode';
import {
  enrolmentDeadline,
  looksLikeTotp,
  policyApplies,
  TWO_FACTOR_ERRORS,
  TWO_FACTOR_MESSAGES,
  TWO_FACTOR_POLICY_MESSAGES,
  type TwoFactorPolicy,
  type TwoFactorPolicyState,
  type TwoFactorSetup,
  type TwoFactorStatus,
} from '../../../domain/two-factor';
import { assertCurrentPassword, revokeSessions } from '../../platform/auth/credentials';
import type { Actor } from '../../platform/auth/session';
import {
  findTwoFactor,
  hasTwoFactor,
  newTotpSecret,
  replaceRecoveryCodes,
  sealTotpSecret,
  totpFor,
  checkSecondFactor,
  countRecoveryCodesLeft,
  wrongFactorMessage,
  type SecondFactor,
  type TwoFactorRow,
} from './factor';
import { twoFactorRecoveryCodes, twoFactors } from './schema';
import type { Transaction } from '../../platform/db/client';
import { users } from '../../platform/db/schema/auth';
import { organizations, profiles } from '../../platform/db/schema/tenancy';
import { badRequest, conflict, forbidden, notFound } from '../../platform/errors';
import { enqueueEmail } from '../../platform/mail/outbox';
import { memberLocale } from '../../services/reader-locale';
import type { Executor } from '../../platform/db/client';
import type { Platform } from '../../platform/platform';
import { emit } from '../../services/events';
import { twoFactorOffEmail, twoFactorOnEmail, twoFactorResetEmail } from './emails';

/** A set-up not proven with a code within this time must be started again. */
export const SETUP_LIFETIME_MS = 60 * 60 * 1000;

/** A second factor typed in Settings: 400 with the field's message when it does not pass. */
async function requireSecondFactor(platform: Platform, row: TwoFactorRow, factor: SecondFactor): Promise<void> {
  if (!(await checkSecondFactor(platform, row, factor))) throw badRequest(wrongFactorMessage(factor), TWO_FACTOR_ERRORS.invalid);
}

/** The account's owner, whom its emails tell in their language (issue 48). */
const ownerOf = async (tx: Executor, actor: Actor) => ({
  email: actor.email,
  fullName: actor.fullName,
  organizationId: actor.organizationId,
  locale: await memberLocale(tx, actor.organizationId, actor.profileId),
});

async function enabledRow(platform: Platform, userId: string): Promise<TwoFactorRow> {
  const row = await findTwoFactor(platform.db, userId);
  if (!row?.enabledAt) throw badRequest(TWO_FACTOR_MESSAGES.notOn, TWO_FACTOR_ERRORS.notOn);
  return row;
}

export async function readTwoFactorStatus(platform: Platform, actor: Actor): Promise<TwoFactorStatus> {
  const row = await findTwoFactor(platform.db, actor.userId);
  if (!row?.enabledAt) return { enabled: false, enabledAt: null, recoveryCodesLeft: 0 };
  return { enabled: true, enabledAt: row.enabledAt.toISOString(), recoveryCodesLeft: await countRecoveryCodesLeft(platform.db, actor.userId) };
}

/**
 * Begins a set-up: a new secret, sealed, replacing any earlier unfinished one. Nothing changes
 * for sign-in until a code proves it (enableTwoFactor). The caller checked the password.
 */
export async function startTwoFactorSetup(platform: Platform, actor: Actor, password: string): Promise<TwoFactorSetup> {
  await assertCurrentPassword(platform, actor.userId, password);
  const existing = await findTwoFactor(platform.db, actor.userId);
  if (existing?.enabledAt) throw conflict(TWO_FACTOR_MESSAGES.alreadyOn, 'two_factor_on');
  const secret = newTotpSecret();
  const now = platform.clock.now();
  const values = { secretSealed: sealTotpSecret(platform, secret), enabledAt: null, lastUsedStep: null, createdAt: now };
  await platform.db
    .insert(twoFactors)
    .values({ userId: actor.userId, ...values })
    .onConflictDoUpdate({ target: twoFactors.userId, set: values, where: isNull(twoFactors.enabledAt) });
  const uri = totpFor(secret, actor.email).toString();
  return {
    secret: secret.match(/.{1,4}/g)!.join(' '),
    uri,
    qrSvg: await QRCode.toString(uri, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' }),
  };
}

/** Proves the set-up with a code from the app, turns two-factor on and answers the recovery codes. */
export async function enableTwoFactor(platform: Platform, actor: Actor, code: string): Promise<string[]> {
  const row = await findTwoFactor(platform.db, actor.userId);
  if (row?.enabledAt) throw conflict(TWO_FACTOR_MESSAGES.alreadyOn, 'two_factor_on');
  const now = platform.clock.now();
  if (!row || now.getTime() - row.createdAt.getTime() > SETUP_LIFETIME_MS) {
    throw badRequest(TWO_FACTOR_MESSAGES.noSetup, TWO_FACTOR_ERRORS.setupMissing);
  }
  await requireSecondFactor(platform, row, { totpCode: code });
  return platform.db.transaction(async (tx) => {
    const turnedOn = await tx
      .update(twoFactors)
      .set({ enabledAt: now })
      .where(and(eq(twoFactors.userId, actor.userId), isNull(twoFactors.enabledAt)))
      .returning({ userId: twoFactors.userId });
    if (turnedOn.length === 0) throw conflict(TWO_FACTOR_MESSAGES.alreadyOn, 'two_factor_on');
    const codes = await replaceRecoveryCodes(platform, tx, actor.userId);
    await enqueueEmail(tx, twoFactorOnEmail(await ownerOf(tx, actor)));
    // Sessions carry whether two-factor is on (the organization's requirement): read again at once.
    await emit(tx, { type: 'two_factor.changed', organizationId: actor.organizationId, actorId: actor.profileId, at: platform.clock.now() });
    return codes;
  });
}

/** New recovery codes for a code from the app; the old ones stop working. */
export async function renewRecoveryCodes(platform: Platform, actor: Actor, code: string): Promise<string[]> {
  const row = await enabledRow(platform, actor.userId);
  await requireSecondFactor(platform, row, { totpCode: code });
  return platform.db.transaction((tx) => replaceRecoveryCodes(platform, tx, actor.userId));
}

/** Turns two-factor off: the password and an app code or a recovery code. The caller limits the password. */
export async function disableTwoFactor(platform: Platform, actor: Actor, input: { password: string; code: string }): Promise<void> {
  const row = await enabledRow(platform, actor.userId);
  const [organization] = await platform.db
    .select({ policy: organizations.twoFactorPolicy })
    .from(organizations)
    .where(eq(organizations.id, actor.organizationId));
  if (organization && policyApplies(organization.policy, actor.role)) {
    throw badRequest(TWO_FACTOR_POLICY_MESSAGES.cannotTurnOff, TWO_FACTOR_ERRORS.requiredByOrganization);
  }
  await assertCurrentPassword(platform, actor.userId, input.password);
  await requireSecondFactor(platform, row, looksLikeTotp(input.code) ? { totpCode: input.code.replace(/\s+/g, '') } : { recoveryCode: input.code });
  await platform.db.transaction(async (tx) => {
    await removeTwoFactor(tx, actor.userId);
    await enqueueEmail(tx, twoFactorOffEmail(await ownerOf(tx, actor)));
    await emit(tx, { type: 'two_factor.changed', organizationId: actor.organizationId, actorId: actor.profileId, at: platform.clock.now() });
  });
}

async function removeTwoFactor(tx: Transaction, userId: string): Promise<boolean> {
  await tx.delete(twoFactorRecoveryCodes).where(eq(twoFactorRecoveryCodes.userId, userId));
  const removed = await tx.delete(twoFactors).where(eq(twoFactors.userId, userId)).returning({ userId: twoFactors.userId });
  return removed.length > 0;
}

/**
 * A member of the caller's organization whose two-factor the caller may see and reset: decision
 * 006's rank, as for setting their password (404 for another organization's member, 403 below
 * rank); your own is in Settings (400).
 */
/**
 * A member whose two-factor the actor may see and reset: the organization admin's and admins' only
 * (issue 46: as the policy, and as the README says; an account executive could reset a
 * developer's), and only below their rank (decision 006).
 */
async function manageableMember(platform: Platform, actor: Actor, memberId: string) {
  if (!isAdmin(actor.role)) throw forbidden(TWO_FACTOR_MESSAGES.onlyAdminsReset);
  const [member] = await platform.db
    .select({ id: profiles.id, role: profiles.role, userId: profiles.userId, fullName: profiles.fullName, email: users.email })
    .from(profiles)
    .leftJoin(users, eq(users.id, profiles.userId))
    .where(and(eq(profiles.id, memberId), eq(profiles.organizationId, actor.organizationId)))
    .limit(1);
  if (!member) throw notFound(TEAM_MESSAGES.notFound);
  if (member.id === actor.profileId) throw badRequest(TWO_FACTOR_MESSAGES.ownInSettings, 'own_two_factor');
  const check = checkMemberChange(actor, member, 'set_password');
  if (!check.ok) throw forbidden(member.role === 'organization_admin' ? TEAM_MESSAGES.orgAdminOnly : TEAM_MESSAGES.outranked, check.reason);
  return member;
}

export async function readMemberTwoFactor(platform: Platform, actor: Actor, memberId: string): Promise<{ enabled: boolean }> {
  const member = await manageableMember(platform, actor, memberId);
  return { enabled: member.userId !== null && (await hasTwoFactor(platform.db, member.userId)) };
}

/**
 * An admin's reset of a member's two-factor: it goes, with the member's sessions on every server,
 * they are emailed and the activity log says who did it, together. 400 when they had none.
 */
export async function resetMemberTwoFactor(platform: Platform, actor: Actor, memberId: string): Promise<void> {
  const member = await manageableMember(platform, actor, memberId);
  const { userId, email } = member;
  if (!userId || !email) throw badRequest(TWO_FACTOR_MESSAGES.memberNotOn, TWO_FACTOR_ERRORS.notOn);
  await platform.db.transaction(async (tx) => {
    if (!(await removeTwoFactor(tx, userId))) throw badRequest(TWO_FACTOR_MESSAGES.memberNotOn, TWO_FACTOR_ERRORS.notOn);
    await revokeSessions(tx, userId);
    await emit(tx, {
      type: 'two_factor.reset',
      organizationId: actor.organizationId,
      actorId: actor.profileId,
      at: platform.clock.now(),
      details: { member_id: member.id, member_name: member.fullName, member_email: email },
    });
    await enqueueEmail(
      tx,
      twoFactorResetEmail({ email, fullName: member.fullName, organizationId: actor.organizationId, locale: await memberLocale(tx, actor.organizationId, member.id) }, actor, `${platform.config.publicUrl}/`),
    );
  });
}

// ---- The organization's requirement (issue 31 item 2) -------------------------------------------

/** The organization admin sets it; admins may read it (they lead members to it). */
function assertMayReadPolicy(actor: Actor) {
  if (!canManageUsers(actor.role) || actor.role === 'account_executive') throw forbidden(TWO_FACTOR_POLICY_MESSAGES.onlyOrganizationAdmin);
}

export async function readTwoFactorPolicy(platform: Platform, actor: Actor): Promise<TwoFactorPolicyState> {
  assertMayReadPolicy(actor);
  const [row] = await platform.db
    .select({ policy: organizations.twoFactorPolicy, since: organizations.twoFactorPolicySince })
    .from(organizations)
    .where(eq(organizations.id, actor.organizationId))
    .limit(1);
  if (!row) throw notFound();
  return policyState(platform, actor.organizationId, row.policy, row.since);
}

async function policyState(platform: Platform, organizationId: string, policy: TwoFactorPolicy, since: Date | null): Promise<TwoFactorPolicyState> {
  const roles = ROLES.filter((role) => policyApplies(policy, role));
  const [without] = roles.length
    ? await platform.db
        .select({ n: count() })
        .from(profiles)
        .where(
          and(
            eq(profiles.organizationId, organizationId),
            isNotNull(profiles.userId),
            inArray(profiles.role, roles),
            sql`not exists (select 1 from ${twoFactors} where ${twoFactors.userId} = ${profiles.userId} and ${twoFactors.enabledAt} is not null)`,
          ),
        )
    : [{ n: 0 }];
  return {
    policy,
    since: since?.toISOString() ?? null,
    deadline: since && policy !== 'off' ? enrolmentDeadline(since).toISOString() : null,
    membersWithout: without?.n ?? 0,
  };
}

/**
 * The organization admin sets who must use two-factor. The grace period counts from the change
 * that made it stricter; the same policy again keeps its date. Every session of the organization
 * reads it again at once (the 'sessions' change), and the activity log says who changed it.
 */
export async function setTwoFactorPolicy(platform: Platform, actor: Actor, policy: TwoFactorPolicy): Promise<TwoFactorPolicyState> {
  if (actor.role !== 'organization_admin') throw forbidden(TWO_FACTOR_POLICY_MESSAGES.onlyOrganizationAdmin);
  const now = platform.clock.now();
  const since = await platform.db.transaction(async (tx) => {
    const [current] = await tx
      .select({ policy: organizations.twoFactorPolicy, since: organizations.twoFactorPolicySince })
      .from(organizations)
      .where(eq(organizations.id, actor.organizationId))
      .for('update');
    if (!current) throw notFound();
    if (current.policy === policy) return current.since;
    const next = policy === 'off' ? null : current.policy === 'off' || policy === 'everyone' ? now : current.since;
    await tx.update(organizations).set({ twoFactorPolicy: policy, twoFactorPolicySince: next, updatedAt: now }).where(eq(organizations.id, actor.organizationId));
    await emit(tx, { type: 'two_factor.policy_changed', organizationId: actor.organizationId, actorId: actor.profileId, at: now, details: { from: current.policy, to: policy } });
    return next;
  });
  return policyState(platform, actor.organizationId, policy, since);
}
