// What a live update names (decision 005), shared by the server that publishes it and the web
// app that refreshes on it, so the list exists once (issue 28). And the verbs of the activity
// log (spec 7 "activity_logs"), each of which publishes a change of one topic.

/**
 * 'project': something on one project's page (tasks, files, notes, links, details, status).
 * 'sessions': sessions of the organization ended (a sign-out, a password changed or reset): for
 * the session caches (decision 014) and the live sockets of those sessions, never sent to a page.
 * 'time' (issue 32): one member's time entries or running timer changed, for that member's tabs
 * only (like 'inbox', it names its recipient). The others are organization-level lists.
 */
export const CHANGE_TOPICS = ['project', 'projects', 'clients', 'templates', 'team', 'organization', 'inbox', 'sessions', 'time'] as const;
export type ChangeTopic = (typeof CHANGE_TOPICS)[number];

/** The topics a page hears (every one but 'sessions'). */
export type PageTopic = Exclude<ChangeTopic, 'sessions'>;

export const ACTIVITY_ACTIONS = [
  'create_project',
  'create_client',
  'create_task',
  'complete_task',
  'update_task',
  'update_project',
  'update_project_status',
  // Issue 51: a task blocked by another, or no longer.
  'add_dependency',
  'remove_dependency',
  'delete_project',
  'create_template',
  'update_template',
  'delete_template',
  'upload_file',
  'upload_link',
  'delete_file',
  // Issue 33: a new version of a file; staff ask for a client's approval; the client decides.
  'upload_file_version',
  'request_approval',
  'cancel_approval',
  'approve_file',
  'request_changes',
  'add_note',
  'edit_note',
  'delete_note',
  'add_comment',
  'edit_comment',
  'delete_comment',
  'create_access_link',
  'revoke_access_link',
  'submit_questionnaire',
  'reopen_questionnaire',
  'lock_questionnaire',
  'assign_developer',
  'unassign_developer',
  'add_team_member',
  'update_team_member',
  'remove_team_member',
  'reset_two_factor',
  'change_two_factor_policy',
  'update_sso_settings',
  'remove_sso_settings',
  'join_via_sso',
  // Issue 46: a single sign-on domain became proven by its TXT record, or stopped being proven.
  'prove_sso_domain',
  'lapse_sso_domain',
  // Issue 32: rates, budgets and the currency they are in.
  'update_project_budget',
  'update_member_rate',
  'change_currency',
  // Issue 32: staff changing the time of a member ranked below them (one's own time logs none).
  'add_member_time',
  'edit_member_time',
  'delete_member_time',
] as const;
export type ActivityAction = (typeof ACTIVITY_ACTIONS)[number];

/** The topic of an activity entry: work on a project is project-level, the rest list-level. */
export function topicForAction(action: ActivityAction): PageTopic {
  switch (action) {
    case 'create_project':
    case 'delete_project':
      return 'projects';
    case 'create_client':
      return 'clients';
    case 'create_template':
    case 'update_template':
    case 'delete_template':
      return 'templates';
    case 'add_team_member':
    case 'update_team_member':
    case 'remove_team_member':
    case 'reset_two_factor':
    case 'change_two_factor_policy':
    case 'join_via_sso':
    case 'update_member_rate':
      return 'team';
    case 'update_sso_settings':
    case 'remove_sso_settings':
    case 'prove_sso_domain':
    case 'lapse_sso_domain':
    case 'change_currency':
      return 'organization';
    default:
      return 'project';
  }
}
