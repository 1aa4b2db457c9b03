// The sharing module's tables: share links and their access log.
import { sql } from 'drizzle-orm';
import { boolean, check, index, jsonb, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { INTAKE_STATES, type IntakeState } from '../../../domain/intake-state';
import { LOCALES, type Locale } from '../../../domain/locales';
import { LINK_ACCESS_KINDS, type LinkAccessKind } from '../../../domain/sharing';
import type { FormData } from '../../../domain/template-field';
import { createdBy, profiles } from '../../platform/db/schema/tenancy';
import { createdAt, inList } from '../../platform/db/columns';
import { projectId } from '../projects/schema';

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
    /**
     * Issue 49 item 10: a link where viewers may approve shows its viewer the files awaiting
     * approval and the approval form only; true when staff also chose to show the project (tasks,
     * files, notes). Links made before the switch keep showing it (migration 0027).
     */
    approvalShowsProject: boolean('approval_shows_project').notNull().default(false),
    /**
     * Issue 48 item 4: the language its visitor is shown (share, intake and approval links alike),
     * unless they chose one on their device. null: the organization's language.
     */
    locale: text('locale').$type<Locale>(),
    isActive: boolean('is_active').notNull().default(true),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    createdBy: createdBy(),
    createdAt,
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [
    index('project_access_tokens_project_id_idx').on(t.projectId, t.createdAt),
    check('project_access_tokens_intake_state_check', sql`${t.intakeState} is null or ${inList(t.intakeState, INTAKE_STATES)}`),
    check('project_access_tokens_locale_check', sql`${t.locale} is null or ${inList(t.locale, LOCALES)}`),
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
