// The activity log's labels without zod or date-fns (spec 2 "Activities tab", issue 14): what a
// page's Recent Activity and the dashboard's first load need (decision 013). The schemas and
// the detail lines are in ./activity.ts.

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

/** Actions that read better as a sentence than as their words. */
const ACTION_LABELS: Record<string, string> = {
  submit_questionnaire: 'Client submitted the questionnaire',
  reopen_questionnaire: 'Reopened the questionnaire',
  lock_questionnaire: 'Locked the questionnaire',
  update_sso_settings: 'Updated single sign-on',
  remove_sso_settings: 'Removed single sign-on',
  join_via_sso: 'Joined through single sign-on',
  prove_sso_domain: 'Proved an email domain for single sign-on',
  lapse_sso_domain: 'An email domain stopped proving itself for single sign-on',
  update_project_budget: 'Updated the project budget',
  update_member_rate: "Updated a member's rate",
  change_currency: 'Changed the currency',
  add_member_time: "Logged a member's time",
  edit_member_time: "Changed a member's time",
  delete_member_time: "Deleted a member's time",
};

/** 'create_project' -> 'Create Project'; any action, known or not, reads as words. */
export function actionLabel(action: string): string {
  if (Object.hasOwn(ACTION_LABELS, action)) return ACTION_LABELS[action]!;
  const parts = words(action).map((w) => WORDS[w] ?? w.charAt(0).toUpperCase() + w.slice(1));
  return parts.length ? parts.join(' ') : 'Activity';
}

/** 'task_title' -> 'Task title'. */
export function detailLabel(key: string): string {
  const parts = words(key).map((w) => WORDS[w] ?? w);
  const text = parts.join(' ');
  return text.charAt(0).toUpperCase() + text.slice(1);
}
