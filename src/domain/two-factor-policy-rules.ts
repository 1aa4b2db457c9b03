// The organization's two-factor requirement (issue 31 item 2) without zod: what the signed-in
// shell (the banner), the app's gate and the query client's 403 handling need on the first
// download (decision 013). The schemas are in ./two-factor.ts, which names these too.
import type { Text } from './locales';
import type { Role } from './roles';

/** off: each member chooses; staff: required of everyone but developers; everyone: of all. */
export const TWO_FACTOR_POLICIES = ['off', 'staff', 'everyone'] as const;
export type TwoFactorPolicy = (typeof TWO_FACTOR_POLICIES)[number];
/** Days a member required to use two-factor may still work without it, led to set it up. */
export const TWO_FACTOR_GRACE_DAYS = 7;

export const TWO_FACTOR_POLICY_TEXTS = {
  title: /*i18n*/ { id: 'domain.two-factor-policy-rules.title', message: 'Two-factor sign-in for your organization' },
  /** With `days`: TWO_FACTOR_GRACE_DAYS. */
  description: /*i18n*/ {
    id: 'domain.two-factor-policy-rules.description',
    message: 'Require members to sign in with an authenticator app. Those without one have {days} days to set it up; after that they can only set it up.',
  },
  label: /*i18n*/ { id: 'domain.two-factor-policy-rules.label', message: 'Require two-factor sign-in' },
  options: {
    off: /*i18n*/ { id: 'domain.two-factor-policy-rules.options.off', message: 'Not required' },
    staff: /*i18n*/ { id: 'domain.two-factor-policy-rules.options.staff', message: 'Required for staff (developers may choose)' },
    everyone: /*i18n*/ { id: 'domain.two-factor-policy-rules.options.everyone', message: 'Required for everyone' },
  } satisfies Record<TwoFactorPolicy, Text>,
  save: /*i18n*/ { id: 'domain.two-factor-policy-rules.save', message: 'Save' },
  saving: /*i18n*/ { id: 'domain.two-factor-policy-rules.saving', message: 'Saving...' },
  saved: /*i18n*/ { id: 'domain.two-factor-policy-rules.saved', message: 'Two-factor requirement saved' },
  loadFailed: /*i18n*/ { id: 'domain.two-factor-policy-rules.loadFailed', message: 'Failed to load the two-factor requirement' },
  /** Members it applies to without it: none, or `n`. */
  membersWithoutNone: /*i18n*/ { id: 'domain.two-factor-policy-rules.membersWithoutNone', message: 'Every member it applies to has set it up.' },
  membersWithout: /*i18n*/ {
    id: 'domain.two-factor-policy-rules.membersWithout',
    message: '{n, plural, one {# member it applies to has not set it up yet.} other {# members it applies to have not set it up yet.}}',
  },
  deadline: /*i18n*/ { id: 'domain.two-factor-policy-rules.deadline', message: 'Members without it can work until {when}.' },
  deadlinePassed: /*i18n*/ { id: 'domain.two-factor-policy-rules.deadlinePassed', message: 'Since {when}, members without it can only set it up.' },
  // What a member without it sees.
  bannerBefore: /*i18n*/ { id: 'domain.two-factor-policy-rules.bannerBefore', message: 'Your organization requires two-factor sign-in. Set it up by {when} to keep working.' },
  bannerAction: /*i18n*/ { id: 'domain.two-factor-policy-rules.bannerAction', message: 'Set Up Now' },
  bannerLabel: /*i18n*/ { id: 'domain.two-factor-policy-rules.bannerLabel', message: 'Two-factor sign-in required' },
  blockedTitle: /*i18n*/ { id: 'domain.two-factor-policy-rules.blockedTitle', message: 'Set up two-factor sign-in to continue' },
  blockedDescription: /*i18n*/ { id: 'domain.two-factor-policy-rules.blockedDescription', message: 'Your organization requires two-factor sign-in. Set it up here; everything else opens again once it is on.' },
} as const;

export const TWO_FACTOR_POLICY_MESSAGES = {
  enrolmentRequired: /*i18n*/ { id: 'domain.two-factor-policy-rules.enrolmentRequired', message: 'Your organization requires two-factor sign-in. Set it up in Settings to continue.' },
  onlyOrganizationAdmin: /*i18n*/ { id: 'domain.two-factor-policy-rules.onlyOrganizationAdmin', message: 'Only the organization admin can change the two-factor requirement.' },
  cannotTurnOff: /*i18n*/ { id: 'domain.two-factor-policy-rules.cannotTurnOff', message: 'Your organization requires two-factor sign-in, so it stays on. An admin can reset it if you lose your phone.' },
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
