// One typed event per fact (issue 47 item 1): each change a module makes is named once here, with
// everything that follows from it: the live topics pages refresh on, the activity verb, the kinds
// of news it may bring members (and so the notification setting that governs each), and the
// webhook it sends with the payload's schema (the API's own shape, also the OpenAPI document's).
// A module calls `emit(tx, event)` (services/events.ts) and nothing else; the outlets write the
// activity row, the inbox items and emails, the live change and the webhook deliveries in the
// caller's transaction.
//
// Texts stay where they were (activity labels in activity-rules.ts, emails in each module's
// emails.ts, inbox titles in inbox-rules.ts): the catalogue says which exist, not their words.
import type { z } from 'zod';
import { topicForAction, type ActivityAction, type ChangeTopic } from './change-topics';
import { clientSchema } from './clients';
import { commentEventSchema } from './comments';
import { fileEventSchema } from './files';
import type { NotificationKind } from './inbox';
import { projectCardSchema } from './projects';
import { taskSchema } from './tasks';
import { teamMemberSchema } from './team';
import { deletedCommentEventSchema, intakeSubmittedEventSchema, removedMemberEventSchema, type WebhookEventType } from './webhooks';

export type EventSpec = {
  /**
   * What open pages refresh on (decision 005). With an activity verb, its own topic comes first
   * (topicForAction); more may follow. Empty only for news that reaches its recipients alone
   * (their inbox is a topic of its own, sent by the inbox outlet).
   */
  topics: readonly ChangeTopic[];
  /** The activity log's verb, when the fact is logged. */
  activity?: ActivityAction;
  /** The kinds of news the fact may bring members; each kind's setting governs its delivery. */
  notifies?: readonly NotificationKind[];
  /** The webhook sent to the organization's hooks, with the schema of its `data`. */
  webhook?: { type: Exclude<WebhookEventType, 'ping'>; payload: z.ZodType };
};

/** A fact whose activity verb names its first topic: the two are never written apart. */
function logged<const A extends ActivityAction, const R extends Omit<EventSpec, 'activity' | 'topics'>>(activity: A, rest: R = {} as R, also: readonly ChangeTopic[] = []) {
  return { activity, topics: [topicForAction(activity), ...also], ...rest } as const;
}

const webhook = <const T extends Exclude<WebhookEventType, 'ping'>, S extends z.ZodType>(type: T, payload: S) => ({ type, payload }) as const;

export const EVENTS = {
  // Projects
  'project.created': logged('create_project', { webhook: webhook('project.created', projectCardSchema) }),
  'project.updated': logged('update_project', { webhook: webhook('project.updated', projectCardSchema) }),
  'project.status_changed': logged('update_project_status', { webhook: webhook('project.updated', projectCardSchema) }),
  // Its open pages hear it too (their project is gone).
  'project.deleted': logged('delete_project', { webhook: webhook('project.deleted', projectCardSchema) }, ['project']),
  /** The overdue sweep (decision 3) moved projects between active and overdue. */
  'projects.swept': { topics: ['projects'] },

  // Clients
  'client.created': logged('create_client', { webhook: webhook('client.created', clientSchema) }),
  'client.updated': { topics: ['clients'], webhook: webhook('client.updated', clientSchema) },

  // Tasks
  'task.created': logged('create_task', { webhook: webhook('task.created', taskSchema), notifies: ['task_assigned'] }),
  'task.updated': logged('update_task', { webhook: webhook('task.updated', taskSchema), notifies: ['task_assigned'] }),
  'task.completed': logged('complete_task', { webhook: webhook('task.completed', taskSchema), notifies: ['task_assigned', 'task_completed'] }),
  /** A move within its column: only the board's order changed. */
  'task.moved': { topics: ['project'] },
  /** Issue 51: a task became blocked by another of its project, or no longer is. */
  'task.dependency_added': logged('add_dependency'),
  'task.dependency_removed': logged('remove_dependency'),
  'task.due_reminder': { topics: [], notifies: ['task_due_soon', 'task_overdue'] },

  // Comments
  'comment.added': logged('add_comment', { webhook: webhook('comment.created', commentEventSchema), notifies: ['mentioned', 'task_comment'] }),
  'comment.edited': logged('edit_comment', { webhook: webhook('comment.updated', commentEventSchema), notifies: ['mentioned'] }),
  'comment.deleted': logged('delete_comment', { webhook: webhook('comment.deleted', deletedCommentEventSchema) }),

  // Notes
  'note.added': logged('add_note', { notifies: ['note_added'] }),
  'note.edited': logged('edit_note'),
  'note.deleted': logged('delete_note'),

  // Files, links, versions and approvals (the Projects tab's approval filter and badges: 'projects')
  'file.uploaded': logged('upload_file', { webhook: webhook('file.created', fileEventSchema) }),
  'link.added': logged('upload_link', { webhook: webhook('file.created', fileEventSchema) }),
  'file.deleted': logged('delete_file', { webhook: webhook('file.deleted', fileEventSchema) }),
  'file.version_uploaded': logged('upload_file_version', {}, ['projects']),
  'approval.requested': logged('request_approval', {}, ['projects']),
  'approval.cancelled': logged('cancel_approval', {}, ['projects']),
  'approval.approved': logged('approve_file', { notifies: ['approval_decided'] }, ['projects']),
  'approval.changes_requested': logged('request_changes', { notifies: ['approval_decided'] }, ['projects']),

  // Share links, intake and developers' access
  'access_link.created': logged('create_access_link'),
  'access_link.revoked': logged('revoke_access_link'),
  'access_link.first_opened': { topics: [], notifies: ['link_opened'] },
  'intake.submitted': logged('submit_questionnaire', { webhook: webhook('intake.submitted', intakeSubmittedEventSchema), notifies: ['intake_submitted'] }),
  'intake.reopened': logged('reopen_questionnaire'),
  'intake.locked': logged('lock_questionnaire'),
  'developer.assigned': logged('assign_developer'),
  'developer.unassigned': logged('unassign_developer'),

  // Templates
  'template.created': logged('create_template'),
  'template.updated': logged('update_template'),
  'template.deleted': logged('delete_template'),

  // Team and sign-in
  'member.added': logged('add_team_member', { webhook: webhook('member.added', teamMemberSchema) }),
  'member.joined_via_sso': logged('join_via_sso', { webhook: webhook('member.added', teamMemberSchema) }),
  'member.updated': logged('update_team_member', { webhook: webhook('member.updated', teamMemberSchema) }),
  'member.removed': logged('remove_team_member', { webhook: webhook('member.removed', removedMemberEventSchema) }),
  /** A member changed their own name or email in Settings. */
  'member.profile_changed': { topics: ['team'] },
  'member.rate_changed': logged('update_member_rate'),
  /** A member turned their own two-factor on or off: sessions carry it (the organization's requirement). */
  'two_factor.changed': { topics: ['sessions'] },
  /** Personal API tokens stopped working: every server's session cache drops them. */
  'api_token.revoked': { topics: ['sessions'] },
  'two_factor.reset': logged('reset_two_factor'),
  'two_factor.policy_changed': logged('change_two_factor_policy', {}, ['sessions', 'organization']),
  'sso.updated': logged('update_sso_settings'),
  'sso.removed': logged('remove_sso_settings'),
  'sso.domain_proven': logged('prove_sso_domain'),
  'sso.domain_lapsed': logged('lapse_sso_domain'),

  // Organization, money and time
  'organization.renamed': { topics: ['organization'] },
  'organization.currency_changed': logged('change_currency'),
  'budget.updated': logged('update_project_budget'),
  'budget.alert': { topics: [], notifies: ['budget_alert'] },
  /** A member's time changed: their own tabs hear it (the 'time' topic names its member). */
  'time.changed': { topics: ['time'] },
  /** Time on a project changed: its budget bar and burn-down move. */
  'project.time_changed': { topics: ['project'] },
  'time.member_added': logged('add_member_time'),
  'time.member_edited': logged('edit_member_time'),
  'time.member_deleted': logged('delete_member_time'),
} as const satisfies Record<string, EventSpec>;

export type EventType = keyof typeof EVENTS;
type Spec<T extends EventType> = (typeof EVENTS)[T];

/** The webhook payload's type of an event that sends one, as its schema outputs it. */
export type EventPayload<T extends EventType> = Spec<T> extends { webhook: { payload: infer S extends z.ZodType } } ? z.output<S> : never;
/** The kinds of news an event may bring. */
export type EventNotificationKind<T extends EventType> = Spec<T> extends { notifies: readonly (infer K)[] } ? K : never;

export function eventSpec(type: EventType): EventSpec {
  return EVENTS[type];
}

/** Every event that sends a webhook of the type, with its payload schema (the OpenAPI document's). */
export function webhookPayloadSchema(type: Exclude<WebhookEventType, 'ping'>): z.ZodType {
  for (const spec of Object.values(EVENTS) as EventSpec[]) if (spec.webhook?.type === type) return spec.webhook.payload;
  throw new Error(`No event sends the webhook ${type}`);
}
