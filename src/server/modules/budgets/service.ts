// Rates and budgets (issue 32 item 3, decision 037): the organization's currency (its admins, like
// its name), a member's default hourly rate (staff, by rank: decision 006) and a project's rate
// and budget (staff). Developers never reach these: every answer holds rates or money.
import { and, eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import { BUDGET_MESSAGES, type memberRateSchema, type ProjectBudgetDetail, type projectBudgetSchema } from '../../../domain/budgets';
import { PROJECT_DETAIL_MESSAGES } from '../../../domain/project-details';
import { canManageProjects, canManageUsers, canRenameOrganization, outranks } from '../../../domain/roles';
import { TEAM_MESSAGES, visibleMemberRoles } from '../../../domain/team';
import type { Actor } from '../../platform/auth/session';
import { organizations, profiles } from '../../platform/db/schema/tenancy';
import { projects } from '../projects/public';
import { forbidden, notFound } from '../../platform/errors';
import type { Platform } from '../../platform/platform';
import { emit } from '../../services/events';
import { burnDownOfProject, checkBudgetAlert, checkBudgetAlertsOfMember, spendOfProjects, usageOf } from './public';
import { visibleProjects } from '../../services/project-access/member';

export async function changeCurrency(platform: Platform, actor: Actor, currency: string): Promise<{ currency: string }> {
  if (!canRenameOrganization(actor.role)) throw forbidden(BUDGET_MESSAGES.currencyForbidden);
  return platform.db.transaction(async (tx) => {
    const [before] = await tx.select({ currency: organizations.currency }).from(organizations).where(eq(organizations.id, actor.organizationId)).for('update');
    if (!before) throw notFound('No organization found');
    if (before.currency === currency) return { currency };
    // Amounts stay as they are: a rate of 15000 is 150.00 in the old currency and in the new one.
    await tx.update(organizations).set({ currency, updatedAt: platform.clock.now() }).where(eq(organizations.id, actor.organizationId));
    await emit(tx, { type: 'organization.currency_changed', organizationId: actor.organizationId, actorId: actor.profileId, at: platform.clock.now(), details: { from: before.currency, to: currency } });
    return { currency };
  });
}

/**
 * Decision 006: one sets the rate of members ranked below; the organization admin, whom nobody
 * outranks, also sets their own. Nobody else sets their own rate.
 */
export async function setMemberRate(
  platform: Platform,
  actor: Actor,
  memberId: string,
  input: z.output<typeof memberRateSchema>,
): Promise<{ id: string; hourlyRateMinor: number | null }> {
  if (!canManageUsers(actor.role)) throw forbidden(TEAM_MESSAGES.outranked);
  return platform.db.transaction(async (tx) => {
    const [member] = await tx
      .select({ id: profiles.id, role: profiles.role, fullName: profiles.fullName, rate: profiles.hourlyRateMinor })
      .from(profiles)
      .where(and(eq(profiles.id, memberId), eq(profiles.organizationId, actor.organizationId), inArray(profiles.role, visibleMemberRoles(actor.role))))
      // No key update: rate writes on one member still queue, but another transaction's news
      // to this member (a notification's foreign key takes a key share on the profile) does not
      // wait on it. FOR UPDATE did, and two rate changes at once deadlocked on PostgreSQL: each
      // held one member's row and, after the budget alert, waited for the other's project lock.
      .for('no key update');
    if (!member) throw notFound(TEAM_MESSAGES.notFound);
    const self = member.id === actor.profileId;
    if (self ? actor.role !== 'organization_admin' : !outranks(actor.role, member.role)) {
      throw forbidden(self ? BUDGET_MESSAGES.ownRate : TEAM_MESSAGES.outranked, 'outranked');
    }
    if (member.rate !== input.hourlyRateMinor) {
      await tx.update(profiles).set({ hourlyRateMinor: input.hourlyRateMinor, updatedAt: platform.clock.now() }).where(eq(profiles.id, member.id));
      await emit(tx, {
        type: 'member.rate_changed',
        organizationId: actor.organizationId,
        actorId: actor.profileId,
        at: platform.clock.now(),
        details: { member_name: member.fullName, previous_rate_minor: member.rate, rate_minor: input.hourlyRateMinor },
      });
      // The money budgets this rate prices may have crossed 80 % or 100 % (decision 037, addendum).
      await checkBudgetAlertsOfMember(tx, platform.clock.now(), { organizationId: actor.organizationId, memberId: member.id, publicUrl: platform.config.publicUrl });
    }
    return { id: member.id, hourlyRateMinor: input.hourlyRateMinor };
  });
}

async function findBudgetProject(platform: Platform, actor: Actor, projectId: string) {
  const [row] = await platform.db
    .select({ id: projects.id, hourlyRateMinor: projects.hourlyRateMinor, budgetKind: projects.budgetKind, budgetAmount: projects.budgetAmount, alerted: projects.budgetAlertedPercent })
    .from(projects)
    .where(and(eq(projects.id, projectId), visibleProjects(actor)));
  return row;
}

/** The project page's budget panel and form (staff). A project the caller cannot see is 404 first. */
export async function getProjectBudget(platform: Platform, actor: Actor, projectId: string): Promise<ProjectBudgetDetail> {
  const project = await findBudgetProject(platform, actor, projectId);
  if (!project) throw notFound(PROJECT_DETAIL_MESSAGES.notFound);
  if (!canManageProjects(actor.role)) throw forbidden(BUDGET_MESSAGES.forbidden);
  const [organization] = await platform.db.select({ currency: organizations.currency }).from(organizations).where(eq(organizations.id, actor.organizationId));
  const spend = (await spendOfProjects(platform.db, actor.organizationId, [projectId])).get(projectId);
  const today = platform.clock.now().toISOString().slice(0, 10);
  const burnDown = project.budgetKind ? await burnDownOfProject(platform.db, actor.organizationId, projectId, today) : [];
  return {
    currency: organization?.currency ?? 'USD',
    hourlyRateMinor: project.hourlyRateMinor,
    budgetKind: project.budgetKind,
    budgetAmount: project.budgetAmount,
    spentMinutes: spend?.minutes ?? 0,
    // Nothing logged spends nothing (0); time logged with no rate in force is no money at all (null).
    spentMinor: spend ? spend.minor : 0,
    usage: usageOf(project, spend),
    alertedPercent: project.alerted,
    burnDown,
  };
}

export async function setProjectBudget(
  platform: Platform,
  actor: Actor,
  projectId: string,
  input: z.output<typeof projectBudgetSchema>,
): Promise<ProjectBudgetDetail> {
  const found = await findBudgetProject(platform, actor, projectId);
  if (!found) throw notFound(PROJECT_DETAIL_MESSAGES.notFound);
  if (!canManageProjects(actor.role)) throw forbidden(BUDGET_MESSAGES.forbidden);
  await platform.db.transaction(async (tx) => {
    const [before] = await tx
      .select({ name: projects.name, hourlyRateMinor: projects.hourlyRateMinor, budgetKind: projects.budgetKind, budgetAmount: projects.budgetAmount })
      .from(projects)
      .where(and(eq(projects.id, projectId), eq(projects.organizationId, actor.organizationId)))
      .for('update');
    if (!before) throw notFound(PROJECT_DETAIL_MESSAGES.notFound);
    const budgetChanged = before.budgetKind !== input.budgetKind || before.budgetAmount !== input.budgetAmount;
    const rateChanged = before.hourlyRateMinor !== input.hourlyRateMinor;
    if (!budgetChanged && !rateChanged) return;
    await tx
      .update(projects)
      .set({
        hourlyRateMinor: input.hourlyRateMinor,
        budgetKind: input.budgetKind,
        budgetAmount: input.budgetAmount,
        // Each alert once until the budget changes: a new budget starts over.
        ...(budgetChanged ? { budgetAlertedPercent: 0 } : {}),
        updatedAt: platform.clock.now(),
      })
      .where(and(eq(projects.id, projectId), eq(projects.organizationId, actor.organizationId)));
    await emit(tx, {
      type: 'budget.updated',
      organizationId: actor.organizationId,
      projectId,
      actorId: actor.profileId,
      at: platform.clock.now(),
      details: {
        project_name: before.name,
        ...(budgetChanged
          ? { previous_budget_kind: before.budgetKind, previous_budget_amount: before.budgetAmount, budget_kind: input.budgetKind, budget_amount: input.budgetAmount }
          : {}),
        ...(rateChanged ? { previous_rate_minor: before.hourlyRateMinor, rate_minor: input.hourlyRateMinor } : {}),
      },
    });
    // A budget set below what is already spent (or a higher rate) alerts at once.
    await checkBudgetAlert(tx, platform.clock.now(), { organizationId: actor.organizationId, projectId, publicUrl: platform.config.publicUrl });
  });
  return getProjectBudget(platform, actor, projectId);
}
