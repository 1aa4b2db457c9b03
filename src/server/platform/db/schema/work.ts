// The organization's work: clients, templates, projects and what hangs off a project (spec 3).
// Deleting a project removes every row that belongs to it (ON DELETE CASCADE).
import { sql, type SQL } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  customType,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import {
  PROJECT_STATUSES,
  TASK_PRIORITIES,
  TASK_STATUSES,
  type ProjectStatus,
  type TaskPriority,
  type TaskStatus,
} from '../../../../domain/project-status';
import { INTAKE_STATES, type IntakeState } from '../../../../domain/intake-state';
import type { DeliveryLevel, NotificationSettingKind } from '../../../../domain/notification-settings';
import { DUE_REMINDER_KINDS, NOTIFICATION_KINDS, type DueReminderKind, type NotificationKind } from '../../../../domain/inbox';
import { APPROVAL_DECISIONS, APPROVAL_STATES, type ApprovalDecisionKind, type ApprovalState } from '../../../../domain/approvals';
import { LINK_ACCESS_KINDS, type LinkAccessKind } from '../../../../domain/sharing';
import type { BudgetKind } from '../../../../domain/time-rules';
import type { FormData, TemplateField } from '../../../../domain/template-field';
import { organizations, profiles } from './tenancy';

const createdAt = timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

const organizationId = () =>
  uuid('organization_id')
    .notNull()
    .references(() => organizations.id, { onDelete: 'cascade' });
const createdBy = () => uuid('created_by').references(() => profiles.id, { onDelete: 'set null' });
const projectId = () =>
  uuid('project_id')
    .notNull()
    .references(() => projects.id, { onDelete: 'cascade' });

/**
 * Issue 34 (decision 035): the search's words, kept by the database. A stored generated column,
 * so every write path (the app, an import, a restore) keeps it right. `brieflane_search` is the
 * `simple` configuration with accents folded by unaccent (migration 0022): no language's stemming,
 * since an agency writes in several. Text is capped so that no row can outgrow a tsvector.
 */
const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });
export const SEARCH_CONFIG = 'brieflane_search';
function searchVector(...parts: [column: string, weight: 'A' | 'B' | 'C'][]) {
  const vectors = parts.map(
    ([column, weight]) => `setweight(to_tsvector('${SEARCH_CONFIG}'::regconfig, left(coalesce("${column}", ''), 100000)), '${weight}')`,
  );
  return tsvector('search_vector')
    .notNull()
    .generatedAlwaysAs(sql.raw(vectors.join(' || ')));
}

function inList(column: unknown, values: readonly string[]) {
  return sql`${column} in (${sql.raw(values.map((v) => `'${v}'`).join(', '))})`;
}

export const clients = pgTable(
  'clients',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: organizationId(),
    name: text('name').notNull(),
    description: text('description'),
    contactName: text('contact_name'),
    contactEmail: text('contact_email'),
    contactPhone: text('contact_phone'),
    website: text('website'),
    createdBy: createdBy(),
    createdAt,
    updatedAt,
    searchVector: searchVector(['name', 'A'], ['contact_name', 'B'], ['description', 'C']),
  },
  (t) => [
    index('clients_organization_id_idx').on(t.organizationId, t.createdAt, t.id),
    index('clients_organization_name_idx').on(t.organizationId, t.name),
    // Trigram index (pg_trgm): the project search's "client name contains" runs on it.
    index('clients_name_trgm_idx').using('gin', t.name.op('gin_trgm_ops')).with({ fastupdate: false }),
    // Issue 34: the organization's search (full text; the name's trigram index above for typos).
    index('clients_search_idx').using('gin', t.searchVector).with({ fastupdate: false }),
  ],
);

export const projectTemplates = pgTable(
  'project_templates',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: organizationId(),
    name: text('name').notNull(),
    description: text('description'),
    companyOverview: text('company_overview'),
    notes: text('notes'),
    status: text('status').notNull().default('active'),
    fields: jsonb('fields').$type<TemplateField[]>().notNull().default([]),
    createdBy: createdBy(),
    createdAt,
    updatedAt,
    searchVector: searchVector(['name', 'A'], ['description', 'B']),
  },
  (t) => [
    index('project_templates_organization_id_idx').on(t.organizationId, t.createdAt),
    index('project_templates_search_idx').using('gin', t.searchVector).with({ fastupdate: false }),
    check('project_templates_status_check', inList(t.status, ['active', 'inactive'])),
  ],
);

export const projects = pgTable(
  'projects',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: organizationId(),
    clientId: uuid('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'restrict' }),
    name: text('name').notNull(),
    description: text('description'),
    status: text('status').$type<ProjectStatus>().notNull().default('active'),
    dueDate: date('due_date', { mode: 'string' }),
    companyOverview: text('company_overview'),
    notes: text('notes'),
    formData: jsonb('form_data').$type<FormData>(),
    templateId: uuid('template_id').references(() => projectTemplates.id, { onDelete: 'set null' }),
    templateFields: jsonb('template_fields').$type<TemplateField[]>(),
    /** Issue 32: the hourly rate in minor units for everyone's time on this project; null: each member's own. */
    hourlyRateMinor: bigint('hourly_rate_minor', { mode: 'number' }),
    /** Issue 32: a budget in hours (budget_amount in minutes) or in money (minor units); null: none. */
    budgetKind: text('budget_kind').$type<BudgetKind>(),
    budgetAmount: bigint('budget_amount', { mode: 'number' }),
    /** The highest budget alert (80 or 100 %) staff were told of; back to 0 when the budget changes. */
    budgetAlertedPercent: integer('budget_alerted_percent').notNull().default(0),
    createdBy: createdBy(),
    createdAt,
    updatedAt,
    searchVector: searchVector(['name', 'A'], ['description', 'B']),
  },
  (t) => [
    // Serves the newest-first pages: (created_at desc, id desc) is this index scanned backwards.
    index('projects_organization_id_idx').on(t.organizationId, t.createdAt, t.id),
    index('projects_organization_status_idx').on(t.organizationId, t.status),
    index('projects_client_id_idx').on(t.clientId),
    index('projects_template_id_idx').on(t.templateId),
    // Trigram indexes (pg_trgm) serve the Projects tab's "contains" search (ILIKE '%term%').
    // fastupdate off: the embedded database has no autovacuum to flush a GIN pending list, and
    // with entries left there the planner prices the index out.
    index('projects_name_trgm_idx').using('gin', t.name.op('gin_trgm_ops')).with({ fastupdate: false }),
    index('projects_description_trgm_idx').using('gin', t.description.op('gin_trgm_ops')).with({ fastupdate: false }),
    index('projects_search_idx').using('gin', t.searchVector).with({ fastupdate: false }),
    check('projects_status_check', inList(t.status, PROJECT_STATUSES)),
    check('projects_hourly_rate_check', sql`${t.hourlyRateMinor} is null or ${t.hourlyRateMinor} >= 0`),
    check(
      'projects_budget_check',
      sql`(${t.budgetKind} is null and ${t.budgetAmount} is null) or (${t.budgetKind} in ('hours', 'money') and ${t.budgetAmount} > 0)`,
    ),
  ],
);

/** Spec 3 "project access token": a share link, ARCHITECTURE decision 5. */
export const projectAccessTokens = pgTable(
  'project_access_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    projectId: projectId(),
    name: text('name'),
    token: text('token').notNull().unique(),
    passwordHash: text('password_hash'),
    /** Spec 6: signed-in viewers may add files, links and notes and toggle tasks; false: view only. */
    viewersMayContribute: boolean('viewers_may_contribute').notNull().default(true),
    /** Issue 33: viewers (signed out too) may approve or ask for changes to files awaiting approval. */
    viewersMayApprove: boolean('viewers_may_approve').notNull().default(false),
    /**
     * Issue 15: an intake link's questionnaire, answered by its viewer without an account: open
     * (answers may be saved and submitted), submitted, or locked by staff. null: an ordinary link.
     */
    intakeState: text('intake_state').$type<IntakeState>(),
    /** The answers saved as a draft while open; submitted answers live on the project. */
    intakeDraft: jsonb('intake_draft').$type<FormData>(),
    intakeSubmittedAt: timestamp('intake_submitted_at', { withTimezone: true }),
    /**
     * Issue 27: an intake link shows its viewer the project's name, overview and questionnaire
     * only; true when staff also chose to show the project (tasks, files, notes).
     */
    intakeShowsProject: boolean('intake_shows_project').notNull().default(false),
    isActive: boolean('is_active').notNull().default(true),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    createdBy: createdBy(),
    createdAt,
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [
    index('project_access_tokens_project_id_idx').on(t.projectId, t.createdAt),
    check('project_access_tokens_intake_state_check', sql`${t.intakeState} is null or ${inList(t.intakeState, INTAKE_STATES)}`),
  ],
);

/**
 * A share link's access log: every open, a viewer's reads (once an hour) and every download;
 * when, and by whom (null: anonymous).
 */
export const projectAccessOpens = pgTable(
  'project_access_opens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accessTokenId: uuid('access_token_id')
      .notNull()
      .references(() => projectAccessTokens.id, { onDelete: 'cascade' }),
    projectId: projectId(),
    profileId: uuid('profile_id').references(() => profiles.id, { onDelete: 'set null' }),
    openedAt: timestamp('opened_at', { withTimezone: true }).notNull().defaultNow(),
    kind: text('kind').$type<LinkAccessKind>().notNull().default('open'),
    /** A download's file name as it was then (the file may be deleted later). */
    fileName: text('file_name'),
  },
  (t) => [
    index('project_access_opens_token_idx').on(t.accessTokenId, t.openedAt),
    index('project_access_opens_project_id_idx').on(t.projectId),
    check('project_access_opens_kind_check', inList(t.kind, LINK_ACCESS_KINDS)),
  ],
);

export const developerProjectAccess = pgTable(
  'developer_project_access',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    projectId: projectId(),
    developerProfileId: uuid('developer_profile_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    accessTokenId: uuid('access_token_id').references(() => projectAccessTokens.id, { onDelete: 'set null' }),
    createdAt,
  },
  (t) => [
    unique('developer_project_access_project_developer_key').on(t.projectId, t.developerProfileId),
    index('developer_project_access_developer_idx').on(t.developerProfileId),
  ],
);

/**
 * A task's board column as a number, left to right (To Do 0, In Progress 1, Completed 2): the
 * first key of the task list's order (issue 27), the same expression in the index and the query.
 */
export function taskColumnRank(status: AnyPgColumn | SQL): SQL<number> {
  return sql<number>`(case ${status} ${sql.raw(TASK_STATUSES.slice(0, -1).map((value, rank) => `when '${value}' then ${rank}`).join(' '))} else ${sql.raw(String(TASK_STATUSES.length - 1))} end)`;
}

export const tasks = pgTable(
  'tasks',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    projectId: projectId(),
    title: text('title').notNull(),
    description: text('description'),
    status: text('status').$type<TaskStatus>().notNull().default('pending'),
    priority: text('priority').$type<TaskPriority>().notNull().default('medium'),
    dueDate: date('due_date', { mode: 'string' }),
    createdBy: createdBy(),
    createdAt,
    updatedAt,
    completedAt: timestamp('completed_at', { withTimezone: true }),
    completedBy: uuid('completed_by').references(() => profiles.id, { onDelete: 'set null' }),
    /** Issue 16: who does it; a removed member leaves it unassigned. */
    assigneeId: uuid('assignee_id').references(() => profiles.id, { onDelete: 'set null' }),
    /** Order within its board column, lowest first (a new task goes last: its creation time). */
    position: doublePrecision('position').notNull().default(0),
    searchVector: searchVector(['title', 'A'], ['description', 'B']),
  },
  (t) => [
    index('tasks_project_id_idx').on(t.projectId, t.createdAt),
    // The task list in board order (issue 27), keyset-paged (issue 36): column, place, age, id.
    index('tasks_project_board_idx').on(t.projectId, taskColumnRank(t.status), t.position, t.createdAt, t.id),
    // Reports (decision 014): the tasks of the first partial hour of a range, counted one by one.
    index('tasks_created_at_idx').on(t.createdAt),
    // My Work: an assignee's open tasks, soonest due first and undated last (issue 16): the
    // list's own order, so a page reads its rows off the index instead of sorting them all.
    index('tasks_assignee_open_idx')
      .on(t.assigneeId, sql`coalesce(${t.dueDate}, '9999-12-31'::date)`, t.id)
      .where(sql`${t.status} <> 'completed'`),
    // Due reminders (issue 29): the open, assigned tasks due on a given day, across organizations.
    index('tasks_due_reminder_idx')
      .on(t.dueDate)
      .where(sql`${t.status} <> 'completed' and ${t.assigneeId} is not null`),
    // Issue 34: the organization's search: full text, and the title's trigrams for part of a word.
    index('tasks_search_idx').using('gin', t.searchVector).with({ fastupdate: false }),
    index('tasks_title_trgm_idx').using('gin', t.title.op('gin_trgm_ops')).with({ fastupdate: false }),
    check('tasks_status_check', inList(t.status, TASK_STATUSES)),
    check('tasks_priority_check', inList(t.priority, TASK_PRIORITIES)),
  ],
);

/**
 * Due reminders sent (issue 29 item 5): one row per task, person, kind and due date, written in the
 * transaction that notifies them. The unique key is the claim: of several app servers running the
 * reminder job at once, one inserts the row and tells the person; the others insert nothing and
 * tell nobody. A task whose due date moves may be reminded of again for the new date.
 */
export const taskReminders = pgTable(
  'task_reminders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    taskId: uuid('task_id')
      .notNull()
      .references(() => tasks.id, { onDelete: 'cascade' }),
    profileId: uuid('profile_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<DueReminderKind>().notNull(),
    dueDate: date('due_date', { mode: 'string' }).notNull(),
    createdAt,
  },
  (t) => [
    unique('task_reminders_once').on(t.taskId, t.profileId, t.kind, t.dueDate),
    index('task_reminders_profile_idx').on(t.profileId),
    check('task_reminders_kind_check', inList(t.kind, DUE_REMINDER_KINDS)),
  ],
);

/** Files and links of a project (spec 3 "project_file"); is_link rows have no stored object. */
export const projectFiles = pgTable(
  'project_files',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    projectId: projectId(),
    fileName: text('file_name').notNull(),
    fileType: text('file_type').notNull(),
    fileSize: bigint('file_size', { mode: 'number' }),
    storagePath: text('storage_path'),
    linkUrl: text('link_url'),
    isLink: boolean('is_link').notNull().default(false),
    // null: uploaded anonymously through a share link.
    uploadedBy: uuid('uploaded_by').references(() => profiles.id, { onDelete: 'set null' }),
    createdAt,
  },
  // Newest first, keyset-paged on (created_at, id) (issue 36).
  // Issue 34: a file's name is searched by its trigrams (a name like brief-v2.pdf is one word to full text).
  (t) => [
    index('project_files_project_id_idx').on(t.projectId, t.createdAt, t.id),
    index('project_files_name_trgm_idx').using('gin', t.fileName.op('gin_trgm_ops')).with({ fastupdate: false }),
  ],
);

/**
 * Issue 33: every version of an uploaded file, 1 upwards. The newest version's name, type, size
 * and stored object are also on its project_files row (what lists and downloads read); a link has
 * no versions. Thumbnails of images are stored beside their version's object (thumbnail_path).
 */
export const fileVersions = pgTable(
  'file_versions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    projectId: projectId(),
    fileId: uuid('file_id')
      .notNull()
      .references(() => projectFiles.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    fileName: text('file_name').notNull(),
    fileType: text('file_type').notNull(),
    fileSize: bigint('file_size', { mode: 'number' }).notNull(),
    storagePath: text('storage_path').notNull(),
    thumbnailPath: text('thumbnail_path'),
    // null: uploaded anonymously, or by a member since removed.
    uploadedBy: uuid('uploaded_by').references(() => profiles.id, { onDelete: 'set null' }),
    /** The uploader's name as it was then, so the history reads right after they leave. */
    uploaderName: text('uploader_name'),
    createdAt,
  },
  (t) => [
    unique('file_versions_file_version_key').on(t.fileId, t.version),
    index('file_versions_project_idx').on(t.projectId),
    check('file_versions_version_check', sql`${t.version} >= 1`),
  ],
);

/**
 * Issue 33: a file that needs the client's approval (one request per file). Its state is the
 * newest version's: a new version sets it back to awaiting; decisions are kept per version below.
 */
export const fileApprovals = pgTable(
  'file_approvals',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    projectId: projectId(),
    fileId: uuid('file_id')
      .notNull()
      .unique()
      .references(() => projectFiles.id, { onDelete: 'cascade' }),
    state: text('state').$type<ApprovalState>().notNull().default('awaiting'),
    /** The version the state is about (the newest when it was requested or decided). */
    version: integer('version').notNull(),
    message: text('message'),
    dueDate: date('due_date', { mode: 'string' }),
    requestedBy: createdBy(),
    createdAt,
    updatedAt,
  },
  (t) => [
    index('file_approvals_project_state_idx').on(t.projectId, t.state),
    check('file_approvals_state_check', inList(t.state, APPROVAL_STATES)),
  ],
);

/** Issue 33: every client decision, with the version, the name given, the link and the time. */
export const approvalDecisions = pgTable(
  'approval_decisions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    projectId: projectId(),
    fileId: uuid('file_id')
      .notNull()
      .references(() => projectFiles.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    decision: text('decision').$type<ApprovalDecisionKind>().notNull(),
    comment: text('comment'),
    deciderName: text('decider_name').notNull(),
    accessTokenId: uuid('access_token_id').references(() => projectAccessTokens.id, { onDelete: 'set null' }),
    linkName: text('link_name'),
    createdAt,
  },
  (t) => [
    index('approval_decisions_file_idx').on(t.fileId, t.createdAt),
    index('approval_decisions_project_idx').on(t.projectId),
    check('approval_decisions_decision_check', inList(t.decision, APPROVAL_DECISIONS)),
  ],
);

export const projectNotes = pgTable(
  'project_notes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    projectId: projectId(),
    content: text('content').notNull(),
    createdBy: createdBy(),
    createdAt,
    updatedAt,
    searchVector: searchVector(['content', 'B']),
  },
  // Newest first, keyset-paged on (created_at, id) (issue 36).
  (t) => [
    index('project_notes_project_id_idx').on(t.projectId, t.createdAt, t.id),
    index('project_notes_search_idx').using('gin', t.searchVector).with({ fastupdate: false }),
  ],
);

/**
 * Comments on a task (issue 29): Markdown with mention tokens. The author's name is kept as it was
 * written, so a comment still reads right when its author's account is gone; a comment written
 * through a share link names the link (its name then, kept if the link is deleted).
 */
export const taskComments = pgTable(
  'task_comments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    projectId: projectId(),
    taskId: uuid('task_id')
      .notNull()
      .references(() => tasks.id, { onDelete: 'cascade' }),
    body: text('body').notNull(),
    createdBy: createdBy(),
    authorName: text('author_name').notNull(),
    accessTokenId: uuid('access_token_id').references(() => projectAccessTokens.id, { onDelete: 'set null' }),
    linkName: text('link_name'),
    /** The profiles the body mentions, as checked when it was written. */
    mentions: jsonb('mentions').$type<string[]>().notNull().default([]),
    createdAt,
    updatedAt,
    editedAt: timestamp('edited_at', { withTimezone: true }),
    searchVector: searchVector(['body', 'B']),
  },
  // A task's comments newest first, keyset-paged on (created_at, id).
  (t) => [
    index('task_comments_task_idx').on(t.taskId, t.createdAt, t.id),
    index('task_comments_project_idx').on(t.projectId),
    index('task_comments_search_idx').using('gin', t.searchVector).with({ fastupdate: false }),
  ],
);

export const activityLogs = pgTable(
  'activity_logs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: organizationId(),
    userId: uuid('user_id').references(() => profiles.id, { onDelete: 'set null' }),
    action: text('action').notNull(),
    // A deleted project's history stays (issue 14): its entries keep the name in details.project_name.
    projectId: uuid('project_id').references(() => projects.id, { onDelete: 'set null' }),
    details: jsonb('details').$type<Record<string, unknown>>(),
    createdAt,
  },
  (t) => [
    index('activity_logs_organization_id_idx').on(t.organizationId, t.createdAt),
    index('activity_logs_project_id_idx').on(t.projectId),
  ],
);

/**
 * The in-app inbox (issue 16): what happened that concerns one member — an assignment, a
 * completion on their project, a note, an intake submission, a link's first open. Kept 90 days.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: organizationId(),
    recipientId: uuid('recipient_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<NotificationKind>().notNull(),
    projectId: uuid('project_id').references(() => projects.id, { onDelete: 'cascade' }),
    // The task a task notification is about, so opening it shows the task (issue 27); gone with it.
    taskId: uuid('task_id').references(() => tasks.id, { onDelete: 'set null' }),
    // The comment a mention or a reply is about (issue 29): opening it scrolls there; gone with it.
    commentId: uuid('comment_id').references((): AnyPgColumn => taskComments.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    body: text('body'),
    createdAt,
    readAt: timestamp('read_at', { withTimezone: true }),
  },
  (t) => [
    index('notifications_recipient_idx').on(t.recipientId, t.createdAt, t.id),
    index('notifications_unread_idx').on(t.recipientId).where(sql`${t.readAt} is null`),
    // A task's deletion sets its notifications' task_id to null: found by this index.
    index('notifications_task_idx').on(t.taskId),
    index('notifications_comment_idx').on(t.commentId),
    check('notifications_kind_check', inList(t.kind, NOTIFICATION_KINDS)),
  ],
);

/**
 * A member's notification settings (issue 29 item 4): a delivery level per kind, for the kinds
 * they changed (the others keep DEFAULT_DELIVERY), and the daily digest. No row: the defaults.
 */
export const notificationSettings = pgTable('notification_settings', {
  profileId: uuid('profile_id')
    .primaryKey()
    .references(() => profiles.id, { onDelete: 'cascade' }),
  levels: jsonb('levels').$type<Partial<Record<NotificationSettingKind, DeliveryLevel>>>().notNull().default({}),
  digest: boolean('digest').notNull().default(false),
  updatedAt,
});

/**
 * Emails held for a member's daily digest (issue 29 item 4), written where the email would have
 * been enqueued. The digest job takes them (deletes them) in the transaction that enqueues the
 * digest, so of several servers one sends each item, once.
 */
export const digestItems = pgTable(
  'digest_items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    profileId: uuid('profile_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    organizationId: organizationId(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    createdAt,
  },
  (t) => [index('digest_items_profile_idx').on(t.profileId, t.createdAt), index('digest_items_created_idx').on(t.createdAt)],
);

/**
 * Following a task, chosen (issue 29): `following` true for someone who follows of their own
 * accord, false for someone who unfollowed a task they would follow by themselves (its assignee,
 * a commenter, someone mentioned).
 */
export const taskFollows = pgTable(
  'task_follows',
  {
    taskId: uuid('task_id')
      .notNull()
      .references(() => tasks.id, { onDelete: 'cascade' }),
    profileId: uuid('profile_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    following: boolean('following').notNull(),
    updatedAt,
  },
  (t) => [primaryKey({ columns: [t.taskId, t.profileId] }), index('task_follows_profile_idx').on(t.profileId)],
);

/**
 * A member's calendar feed (issue 30 item 4): the secret address a calendar app polls for their
 * due dates. One per member. Only the SHA-256 of its token is kept (the address is shown once);
 * regenerating replaces the hash, so the old address stops at once, and removing the member
 * removes the feed with them.
 */
export const calendarFeeds = pgTable('calendar_feeds', {
  profileId: uuid('profile_id')
    .primaryKey()
    .references(() => profiles.id, { onDelete: 'cascade' }),
  tokenHash: text('token_hash').notNull().unique(),
  createdAt,
  lastFetchedAt: timestamp('last_fetched_at', { withTimezone: true }),
});

/**
 * Time logged on a project (issue 32): one member, one day, a whole number of minutes, on a task
 * or on the project itself. The member's name is kept beside their id, so the hours stay in the
 * reports after the member is removed. Money is not stored here: it is the minutes times the rate
 * in force (the project's rate, else the member's), read when the report is made (decision 034).
 */
export const timeEntries = pgTable(
  'time_entries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: organizationId(),
    projectId: projectId(),
    // A deleted task leaves its hours on the project.
    taskId: uuid('task_id').references(() => tasks.id, { onDelete: 'set null' }),
    profileId: uuid('profile_id').references(() => profiles.id, { onDelete: 'set null' }),
    memberName: text('member_name').notNull(),
    workDate: date('work_date', { mode: 'string' }).notNull(),
    minutes: integer('minutes').notNull(),
    note: text('note'),
    billable: boolean('billable').notNull().default(true),
    createdBy: createdBy(),
    createdAt,
    updatedAt,
  },
  (t) => [
    index('time_entries_organization_date_idx').on(t.organizationId, t.workDate),
    index('time_entries_profile_date_idx').on(t.profileId, t.workDate),
    index('time_entries_project_date_idx').on(t.projectId, t.workDate),
    index('time_entries_task_idx').on(t.taskId),
    check('time_entries_minutes_check', sql`${t.minutes} > 0 and ${t.minutes} <= 1440`),
  ],
);

/**
 * A member's running timer (issue 32): at most one per member (the primary key), kept in the
 * database so it survives a reload, a sign-out and a restart. Stopping it turns it into a time entry.
 */
export const runningTimers = pgTable(
  'running_timers',
  {
    profileId: uuid('profile_id')
      .primaryKey()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    organizationId: organizationId(),
    projectId: projectId(),
    taskId: uuid('task_id').references(() => tasks.id, { onDelete: 'set null' }),
    note: text('note'),
    billable: boolean('billable').notNull().default(true),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('running_timers_project_idx').on(t.projectId), index('running_timers_task_idx').on(t.taskId)],
);
