// The organization's two-factor requirement (issue 31 item 2) without zod: what the signed-in
// shell (the banner), the app's gate and the query client's 403 handling need on the first
// download (decision 013). The schemas are in ./two-factor.ts, which names these too.
import type { Role } from './roles';

/** off: each member chooses; staff: required of everyone but developers; everyone: of all. */
export const TWO_FACTOR_POLICIES = ['off', 'staff', 'everyone'] as const;
export type TwoFactorPolicy = (typeof TWO_FACTOR_POLICIES)[number];
/** Days a member required to use two-factor may still work without it, led to set it up. */
export const TWO_FACTOR_GRACE_DAYS = 7;

export const TWO_FACTOR_POLICY_TEXTS = {
  title: 'Two-factor sign-in for your organization',
  description: `Require members to sign in with an authenticator app. Those without one have ${TWO_FACTOR_GRACE_DAYS} days to set it up; after that they can only set it up.`,
  label: 'Require two-factor sign-in',
  options: {
    off: 'Not required',
    staff: 'Required for staff (developers may choose)',
    everyone: 'Required for everyone',
  } satisfies Record<TwoFactorPolicy, string>,
  save: 'Save',
  saving: 'Saving...',
  saved: 'Two-factor requirement saved',
  loadFailed: 'Failed to load the two-factor requirement',
  membersWithout: (n: number) => (n === 0 ? 'Every member it applies to has set it up.' : n === 1 ? '1 member it applies to has not set it up yet.' : `${n} members it applies to have not set it up yet.`),
  deadline: (when: string) => `Members without it can work until ${when}.`,
  deadlinePassed: (when: string) => `Since ${when}, members without it can only set it up.`,
  // What a member without it sees.
  bannerBefore: (when: string) => `Your organization requires two-factor sign-in. Set it up by ${when} to keep working.`,
  bannerAction: 'Set Up Now',
  bannerLabel: 'Two-factor sign-in required',
  blockedTitle: 'Set up two-factor sign-in to continue',
  blockedDescription: 'Your organization requires two-factor sign-in. Set it up here; everything else opens again once it is on.',
} as const;

export const TWO_FACTOR_POLICY_MESSAGES = {
  enrolmentRequired: 'Your organization requires two-factor sign-in. Set it up in Settings to continue.',
  onlyOrganizationAdmin: 'Only the organization admin can change the two-factor requirement.',
  cannotTurnOff: 'Your organization requires two-factor sign-in, so it stays on. An admin can reset it if you lose your phone.',
} as const;
export const TWO_FACTOR_ENROLMENT_REQUIRED = 'two_factor_enrolment_required';

/** Whether the policy asks `role` to use two-factor. */
export function policyApplies(policy: TwoFactorPolicy, role: Role): boolean {
  return policy === 'everyone' || (policy === 'staff' && role !== 'developer');
}

/** When a member the policy applies to must have two-factor on: the grace period after it was set. */
export function enrolmentDeadline(since: Date): Date {
  return new Date(since.getTime() + TWO_FACTOR_GRACE_DAYS * 24 * 60 * 60 * 1000);
}

/**
 * What the policy means for one member now: `required` (it applies and they have it off), with
 * its `deadline`; `overdue` once the deadline passed: then they may only set it up.
 */
export function twoFactorRequirement(
  member: { role: Role; twoFactorOn: boolean },
  policy: { policy: TwoFactorPolicy; since: Date | null },
  now: Date,
): { required: boolean; deadline: Date | null; overdue: boolean } {
  if (member.twoFactorOn || !policy.since || !policyApplies(policy.policy, member.role)) return { required: false, deadline: null, overdue: false };
  const deadline = enrolmentDeadline(policy.since);
  return { required: true, deadline, overdue: now.getTime() >= deadline.getTime() };
}
