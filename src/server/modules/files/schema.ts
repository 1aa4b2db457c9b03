// The files module's tables: files, their versions, and client approvals of them.
import { sql } from 'drizzle-orm';
import { bigint, boolean, check, date, index, integer, pgTable, text, unique, uuid } from 'drizzle-orm/pg-core';
import { APPROVAL_DECISIONS, APPROVAL_STATES, type ApprovalDecisionKind, type ApprovalState } from '../../../domain/approvals';
import { createdBy, profiles } from '../../platform/db/schema/tenancy';
import { createdAt, inList, updatedAt } from '../../platform/db/columns';
import { projectId } from '../projects/schema';
import { projectAccessTokens } from '../sharing/schema';

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
