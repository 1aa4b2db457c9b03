// The activity log's labels without zod or date-fns (spec 2 "Activities tab", issue 14): what a
// page's Recent Activity and the dashboard's first load need (decision 013). The schemas and
// the detail lines are in ./activity.ts. Descriptors are plain objects: no package comes with them.
import type { ActivityAction } from './change-topics';
import type { Text, TextValues } from './locales';

/** How many entries a page's Recent Activity shows. */
export const RECENT_ACTIVITY_LIMIT = 5;

const WORDS: Record<string, string> = { url: 'URL', id: 'ID', sso: 'SSO' };

function words(text: string): string[] {
  return text
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((w) => w.toLowerCase());
}

/** Says a text with its values: the web's `t` in the reader's language, or `inEnglish`. */
export type Say = (text: Text, values?: TextValues) => string;

/**
 * A text's English with its values, for a caller that names no language (the server's tests, a
 * default): ICU's doubled apostrophe is one, a `{name}` its value. Only simple placeholders.
 */
export const inEnglish: Say = (text, values) => {
  const all = { ...text.values, ...values };
  return text.message.replace(/''|\{(\w+)\}/g, (match, name: string | undefined) => (name === undefined ? "'" : String(all[name] ?? match)));
};

/**
 * Each action of the log as the Activities tab names it (issue 48): English as the product has
 * always shown it (the action's words, or a sentence where words read badly).
 */
export const ACTION_TEXTS = {
  create_project: /*i18n*/ { id: 'domain.activity-rules.action.create_project', message: 'Create Project' },
  create_client: /*i18n*/ { id: 'domain.activity-rules.action.create_client', message: 'Create Client' },
  create_task: /*i18n*/ { id: 'domain.activity-rules.action.create_task', message: 'Create Task' },
  complete_task: /*i18n*/ { id: 'domain.activity-rules.action.complete_task', message: 'Complete Task' },
  update_task: /*i18n*/ { id: 'domain.activity-rules.action.update_task', message: 'Update Task' },
  add_dependency: /*i18n*/ { id: 'domain.activity-rules.action.add_dependency', message: 'Added a blocker' },
  remove_dependency: /*i18n*/ { id: 'domain.activity-rules.action.remove_dependency', message: 'Removed a blocker' },
  update_project: /*i18n*/ { id: 'domain.activity-rules.action.update_project', message: 'Update Project' },
  update_project_status: /*i18n*/ { id: 'domain.activity-rules.action.update_project_status', message: 'Update Project Status' },
  delete_project: /*i18n*/ { id: 'domain.activity-rules.action.delete_project', message: 'Delete Project' },
  create_template: /*i18n*/ { id: 'domain.activity-rules.action.create_template', message: 'Create Template' },
  update_template: /*i18n*/ { id: 'domain.activity-rules.action.update_template', message: 'Update Template' },
  delete_template: /*i18n*/ { id: 'domain.activity-rules.action.delete_template', message: 'Delete Template' },
  upload_file: /*i18n*/ { id: 'domain.activity-rules.action.upload_file', message: 'Upload File' },
  upload_link: /*i18n*/ { id: 'domain.activity-rules.action.upload_link', message: 'Upload Link' },
  delete_file: /*i18n*/ { id: 'domain.activity-rules.action.delete_file', message: 'Delete File' },
  upload_file_version: /*i18n*/ { id: 'domain.activity-rules.action.upload_file_version', message: 'Upload File Version' },
  request_approval: /*i18n*/ { id: 'domain.activity-rules.action.request_approval', message: 'Request Approval' },
  cancel_approval: /*i18n*/ { id: 'domain.activity-rules.action.cancel_approval', message: 'Cancel Approval' },
  approve_file: /*i18n*/ { id: 'domain.activity-rules.action.approve_file', message: 'Approve File' },
  request_changes: /*i18n*/ { id: 'domain.activity-rules.action.request_changes', message: 'Request Changes' },
  add_note: /*i18n*/ { id: 'domain.activity-rules.action.add_note', message: 'Add Note' },
  edit_note: /*i18n*/ { id: 'domain.activity-rules.action.edit_note', message: 'Edit Note' },
  delete_note: /*i18n*/ { id: 'domain.activity-rules.action.delete_note', message: 'Delete Note' },
  add_comment: /*i18n*/ { id: 'domain.activity-rules.action.add_comment', message: 'Add Comment' },
  edit_comment: /*i18n*/ { id: 'domain.activity-rules.action.edit_comment', message: 'Edit Comment' },
  delete_comment: /*i18n*/ { id: 'domain.activity-rules.action.delete_comment', message: 'Delete Comment' },
  create_access_link: /*i18n*/ { id: 'domain.activity-rules.action.create_access_link', message: 'Create Access Link' },
  revoke_access_link: /*i18n*/ { id: 'domain.activity-rules.action.revoke_access_link', message: 'Revoke Access Link' },
  submit_questionnaire: /*i18n*/ { id: 'domain.activity-rules.action.submit_questionnaire', message: 'Client submitted the questionnaire' },
  reopen_questionnaire: /*i18n*/ { id: 'domain.activity-rules.action.reopen_questionnaire', message: 'Reopened the questionnaire' },
  lock_questionnaire: /*i18n*/ { id: 'domain.activity-rules.action.lock_questionnaire', message: 'Locked the questionnaire' },
  assign_developer: /*i18n*/ { id: 'domain.activity-rules.action.assign_developer', message: 'Assign Developer' },
  unassign_developer: /*i18n*/ { id: 'domain.activity-rules.action.unassign_developer', message: 'Unassign Developer' },
  add_team_member: /*i18n*/ { id: 'domain.activity-rules.action.add_team_member', message: 'Add Team Member' },
  update_team_member: /*i18n*/ { id: 'domain.activity-rules.action.update_team_member', message: 'Update Team Member' },
  remove_team_member: /*i18n*/ { id: 'domain.activity-rules.action.remove_team_member', message: 'Remove Team Member' },
  reset_two_factor: /*i18n*/ { id: 'domain.activity-rules.action.reset_two_factor', message: 'Reset Two Factor' },
  change_two_factor_policy: /*i18n*/ { id: 'domain.activity-rules.action.change_two_factor_policy', message: 'Change Two Factor Policy' },
  update_sso_settings: /*i18n*/ { id: 'domain.activity-rules.action.update_sso_settings', message: 'Updated single sign-on' },
  remove_sso_settings: /*i18n*/ { id: 'domain.activity-rules.action.remove_sso_settings', message: 'Removed single sign-on' },
  join_via_sso: /*i18n*/ { id: 'domain.activity-rules.action.join_via_sso', message: 'Joined through single sign-on' },
  prove_sso_domain: /*i18n*/ { id: 'domain.activity-rules.action.prove_sso_domain', message: 'Proved an email domain for single sign-on' },
  lapse_sso_domain: /*i18n*/ { id: 'domain.activity-rules.action.lapse_sso_domain', message: 'An email domain stopped proving itself for single sign-on' },
  update_project_budget: /*i18n*/ { id: 'domain.activity-rules.action.update_project_budget', message: 'Updated the project budget' },
  update_member_rate: /*i18n*/ { id: 'domain.activity-rules.action.update_member_rate', message: 'Updated a member\'s rate' },
  change_currency: /*i18n*/ { id: 'domain.activity-rules.action.change_currency', message: 'Changed the currency' },
  add_member_time: /*i18n*/ { id: 'domain.activity-rules.action.add_member_time', message: 'Logged a member\'s time' },
  edit_member_time: /*i18n*/ { id: 'domain.activity-rules.action.edit_member_time', message: 'Changed a member\'s time' },
  delete_member_time: /*i18n*/ { id: 'domain.activity-rules.action.delete_member_time', message: 'Deleted a member\'s time' },
} as const satisfies Record<ActivityAction, Text>;

/**
 * The detail keys the server writes into the log (snake_case), and the task fields a task's edit
 * names in `changed` (camelCase), as a detail line labels them.
 */
export const DETAIL_TEXTS = {
  task_title: /*i18n*/ { id: 'domain.activity-rules.detail.task_title', message: 'Task title' },
  project_name: /*i18n*/ { id: 'domain.activity-rules.detail.project_name', message: 'Project name' },
  client_name: /*i18n*/ { id: 'domain.activity-rules.detail.client_name', message: 'Client name' },
  contact_name: /*i18n*/ { id: 'domain.activity-rules.detail.contact_name', message: 'Contact name' },
  contact_email: /*i18n*/ { id: 'domain.activity-rules.detail.contact_email', message: 'Contact email' },
  due_date: /*i18n*/ { id: 'domain.activity-rules.detail.due_date', message: 'Due date' },
  content: /*i18n*/ { id: 'domain.activity-rules.detail.content', message: 'Content' },
  status: /*i18n*/ { id: 'domain.activity-rules.detail.status', message: 'Status' },
  previous_status: /*i18n*/ { id: 'domain.activity-rules.detail.previous_status', message: 'Previous status' },
  role: /*i18n*/ { id: 'domain.activity-rules.detail.role', message: 'Role' },
  previous_role: /*i18n*/ { id: 'domain.activity-rules.detail.previous_role', message: 'Previous role' },
  join_role: /*i18n*/ { id: 'domain.activity-rules.detail.join_role', message: 'Join role' },
  priority: /*i18n*/ { id: 'domain.activity-rules.detail.priority', message: 'Priority' },
  changed: /*i18n*/ { id: 'domain.activity-rules.detail.changed', message: 'Changed' },
  blocked_by_title: /*i18n*/ { id: 'domain.activity-rules.detail.blocked_by_title', message: 'Blocked by' },
  file_name: /*i18n*/ { id: 'domain.activity-rules.detail.file_name', message: 'File name' },
  file_size: /*i18n*/ { id: 'domain.activity-rules.detail.file_size', message: 'File size' },
  version: /*i18n*/ { id: 'domain.activity-rules.detail.version', message: 'Version' },
  approval: /*i18n*/ { id: 'domain.activity-rules.detail.approval', message: 'Approval' },
  link_name: /*i18n*/ { id: 'domain.activity-rules.detail.link_name', message: 'Link name' },
  url: /*i18n*/ { id: 'domain.activity-rules.detail.url', message: 'URL' },
  is_link: /*i18n*/ { id: 'domain.activity-rules.detail.is_link', message: 'Is link' },
  decided_by: /*i18n*/ { id: 'domain.activity-rules.detail.decided_by', message: 'Decided by' },
  comment: /*i18n*/ { id: 'domain.activity-rules.detail.comment', message: 'Comment' },
  member_name: /*i18n*/ { id: 'domain.activity-rules.detail.member_name', message: 'Member name' },
  member_email: /*i18n*/ { id: 'domain.activity-rules.detail.member_email', message: 'Member email' },
  password_changed: /*i18n*/ { id: 'domain.activity-rules.detail.password_changed', message: 'Password changed' },
  assignee_name: /*i18n*/ { id: 'domain.activity-rules.detail.assignee_name', message: 'Assignee name' },
  author_name: /*i18n*/ { id: 'domain.activity-rules.detail.author_name', message: 'Author name' },
  template_name: /*i18n*/ { id: 'domain.activity-rules.detail.template_name', message: 'Template name' },
  field_count: /*i18n*/ { id: 'domain.activity-rules.detail.field_count', message: 'Field count' },
  developer_name: /*i18n*/ { id: 'domain.activity-rules.detail.developer_name', message: 'Developer name' },
  developer_email: /*i18n*/ { id: 'domain.activity-rules.detail.developer_email', message: 'Developer email' },
  has_password: /*i18n*/ { id: 'domain.activity-rules.detail.has_password', message: 'Has password' },
  expires_at: /*i18n*/ { id: 'domain.activity-rules.detail.expires_at', message: 'Expires at' },
  viewers_may_contribute: /*i18n*/ { id: 'domain.activity-rules.detail.viewers_may_contribute', message: 'Viewers may contribute' },
  viewers_may_approve: /*i18n*/ { id: 'domain.activity-rules.detail.viewers_may_approve', message: 'Viewers may approve' },
  intake: /*i18n*/ { id: 'domain.activity-rules.detail.intake', message: 'Intake' },
  shows_project: /*i18n*/ { id: 'domain.activity-rules.detail.shows_project', message: 'Shows project' },
  locale: /*i18n*/ { id: 'domain.activity-rules.detail.locale', message: 'Locale' },
  issuer: /*i18n*/ { id: 'domain.activity-rules.detail.issuer', message: 'Issuer' },
  domains: /*i18n*/ { id: 'domain.activity-rules.detail.domains', message: 'Domains' },
  new_members: /*i18n*/ { id: 'domain.activity-rules.detail.new_members', message: 'New members' },
  password_sign_in: /*i18n*/ { id: 'domain.activity-rules.detail.password_sign_in', message: 'Password sign in' },
  email_verified: /*i18n*/ { id: 'domain.activity-rules.detail.email_verified', message: 'Email verified' },
  client_secret: /*i18n*/ { id: 'domain.activity-rules.detail.client_secret', message: 'Client secret' },
  domain: /*i18n*/ { id: 'domain.activity-rules.detail.domain', message: 'Domain' },
  reason: /*i18n*/ { id: 'domain.activity-rules.detail.reason', message: 'Reason' },
  from: /*i18n*/ { id: 'domain.activity-rules.detail.from', message: 'From' },
  to: /*i18n*/ { id: 'domain.activity-rules.detail.to', message: 'To' },
  previous_rate_minor: /*i18n*/ { id: 'domain.activity-rules.detail.previous_rate_minor', message: 'Previous rate minor' },
  rate_minor: /*i18n*/ { id: 'domain.activity-rules.detail.rate_minor', message: 'Rate minor' },
  previous_budget_kind: /*i18n*/ { id: 'domain.activity-rules.detail.previous_budget_kind', message: 'Previous budget kind' },
  previous_budget_amount: /*i18n*/ { id: 'domain.activity-rules.detail.previous_budget_amount', message: 'Previous budget amount' },
  budget_kind: /*i18n*/ { id: 'domain.activity-rules.detail.budget_kind', message: 'Budget kind' },
  budget_amount: /*i18n*/ { id: 'domain.activity-rules.detail.budget_amount', message: 'Budget amount' },
  work_date: /*i18n*/ { id: 'domain.activity-rules.detail.work_date', message: 'Work date' },
  minutes: /*i18n*/ { id: 'domain.activity-rules.detail.minutes', message: 'Minutes' },
  minutes_before: /*i18n*/ { id: 'domain.activity-rules.detail.minutes_before', message: 'Minutes before' },
  work_date_before: /*i18n*/ { id: 'domain.activity-rules.detail.work_date_before', message: 'Work date before' },
  title: /*i18n*/ { id: 'domain.activity-rules.detail.title', message: 'Title' },
  description: /*i18n*/ { id: 'domain.activity-rules.detail.description', message: 'Description' },
  dueDate: /*i18n*/ { id: 'domain.activity-rules.detail.dueDate', message: 'Due date' },
} as const satisfies Record<string, Text>;

/**
 * The codes the server stores as a detail's value, by detail key, as a detail line says them
 * (issue 48: the log holds the settings' values, never words, and is read in many languages).
 * A code without a text here (one a later release wrote) is shown as stored. Roles, statuses,
 * priorities, budget kinds and two-factor policies are said by their own rules' labels (activity.ts).
 */
export const VALUE_TEXTS = {
  /** Single sign-on: what happens to a new person of the organization's domains. */
  new_members: {
    join: /*i18n*/ { id: 'domain.activity-rules.value.new_members.join', message: 'Join' },
    refuse: /*i18n*/ { id: 'domain.activity-rules.value.new_members.refuse', message: 'Are refused' },
  },
  password_sign_in: {
    on: /*i18n*/ { id: 'domain.activity-rules.value.password_sign_in.on', message: 'On' },
    off: /*i18n*/ { id: 'domain.activity-rules.value.password_sign_in.off', message: 'Off' },
  },
  /** Whether the provider's ID token must say the email is verified. */
  email_verified: {
    required: /*i18n*/ { id: 'domain.activity-rules.value.email_verified.required', message: 'Required' },
    optional: /*i18n*/ { id: 'domain.activity-rules.value.email_verified.optional', message: 'Optional' },
  },
  /** What a save did to the client secret (never the secret itself). */
  client_secret: {
    set: /*i18n*/ { id: 'domain.activity-rules.value.client_secret.set', message: 'Set' },
    replaced: /*i18n*/ { id: 'domain.activity-rules.value.client_secret.replaced', message: 'Replaced' },
    kept: /*i18n*/ { id: 'domain.activity-rules.value.client_secret.kept', message: 'Kept' },
  },
  /** A new version of a file awaiting approval starts its approval over. */
  approval: {
    awaiting: /*i18n*/ { id: 'domain.activity-rules.value.approval.awaiting', message: 'Awaiting approval' },
  },
  /** Why a domain stopped proving itself for single sign-on (SSO_DOMAIN_CHECK_ERRORS). */
  reason: {
    not_found: /*i18n*/ { id: 'domain.activity-rules.value.reason.not_found', message: 'Verification record not found' },
    unreachable: /*i18n*/ { id: 'domain.activity-rules.value.reason.unreachable', message: 'DNS did not answer' },
    taken: /*i18n*/ { id: 'domain.activity-rules.value.reason.taken', message: 'Proven by another organization' },
    in_use: /*i18n*/ { id: 'domain.activity-rules.value.reason.in_use', message: 'Used by people of another organization' },
  },
} as const satisfies Record<string, Record<string, Text>>;

/** The derived English words: 'create_project' -> 'Create Project'. */
function actionWords(action: string): string {
  const parts = words(action).map((w) => WORDS[w] ?? w.charAt(0).toUpperCase() + w.slice(1));
  return parts.length ? parts.join(' ') : 'Activity';
}

/**
 * An action as `say` says it (the web's `t`: the reader's language; the CSV's English by default);
 * an action without a text (one a later release wrote) reads as its English words.
 */
export function actionLabel(action: string, say: Say = inEnglish): string {
  return Object.hasOwn(ACTION_TEXTS, action) ? say(ACTION_TEXTS[action as ActivityAction]) : actionWords(action);
}

/** 'task_title' -> 'Task title', said by `say`; a key without a text reads as its English words. */
export function detailLabel(key: string, say: Say = inEnglish): string {
  if (Object.hasOwn(DETAIL_TEXTS, key)) return say(DETAIL_TEXTS[key as keyof typeof DETAIL_TEXTS]);
  const parts = words(key).map((w) => WORDS[w] ?? w);
  const text = parts.join(' ');
  return text.charAt(0).toUpperCase() + text.slice(1);
}
