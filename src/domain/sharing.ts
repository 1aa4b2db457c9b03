// Sharing a project (spec 2 "Share Project Access dialog", "Assign Developer dialog", "Shared
// project page"; 4 "Access token", "Shared link"; 5; 8 "Sharing and assignment"; ARCHITECTURE
// decision 5: optional password, optional expiry, a name, revocable, every open recorded).
//
// The API this describes (server: src/server/modules/sharing, web: src/web/features/sharing):
//
// Staff of the project's organization (can manage projects; a developer gets 403, anyone else 404):
//   GET    /api/projects/:projectId/access-links                   -> AccessLinkPage: active links, newest first, paged
//   POST   /api/projects/:projectId/access-links                   createAccessLinkSchema -> 201 AccessLink
//   POST   /api/projects/:projectId/access-links/:linkId/revoke    -> 200 { revoked: true }
//   GET    /api/projects/:projectId/access-links/:linkId/opens     -> AccessOpenPage: { items, nextCursor, total }
//   GET    /api/projects/:projectId/developers                     -> AssignedDeveloperPage: assigned, oldest first, paged
//   GET    /api/projects/:projectId/developers/available           -> DeveloperPage: not yet assigned, by name, paged (500)
//   POST   /api/projects/:projectId/developers                     assignDeveloperSchema -> 201 AssignmentResult
//   DELETE /api/projects/:projectId/developers/:profileId          -> 204 (also revokes the developer's link)
//
// Anyone holding the link (public; the base path mirrors /api/projects/:projectId):
//   POST   /api/project-access/:token/session   openSharedLinkSchema -> SharedProject; records an open.
//          A protected link answers 401 `password_required` without a password, 401
//          `invalid_password` for a wrong one; with the right one it sets an httpOnly grant cookie
//          scoped to this link's path, which later requests (and reloads) use instead.
//   GET    /api/project-access/:token           -> SharedProject (no open recorded)
//   GET    /api/project-access/:token/tasks     -> { items: Task[], nextCursor }, paged (decision 021)
//   PATCH  /api/project-access/:token/tasks/:taskId        { status } (signed in only)
//   GET    /api/project-access/:token/files     -> { items: ProjectFile[], nextCursor }, paged
//   POST   /api/project-access/:token/files     multipart (signed in only)
//   POST   /api/project-access/:token/links     addLinkSchema (signed in only)
//   GET    /api/project-access/:token/files/:fileId/download
//   GET    /api/project-access/:token/notes     -> { items: Note[], nextCursor, total }, paged
//   POST   /api/project-access/:token/notes     noteContentSchema (signed in only)
//   PATCH  /api/project-access/:token/notes/:noteId          (signed in, own notes only)
//   DELETE /api/project-access/:token/notes/:noteId          (signed in, own notes only)
// Issue 48 item 4: a link's `locale` (staff's choice; null: the organization's) is the language
// its page is shown in: SharedProject.locale, and `error.locale` of a `password_required` answer.
// An unknown, revoked or expired token answers 404 `invalid_link`; writing while signed out 401;
// the tasks, files and notes of an intake link or an approval link that does not show the project
// 404 `project_not_shown` (an approval link's files awaiting approval excepted, issue 49 item 10);
// any write through a view-only link ('Viewers may contribute' off) 403 `view_only_link`.
// Reads are logged once per viewer an hour, downloads every time (decision 008).
import { z } from 'zod';
import { AUTH_MESSAGES } from './auth';
import { INTAKE_STATES } from './intake-state';
import { LOCALES, messageWithValues } from './locales';
import { SHARING_MESSAGES } from './sharing-rules';
import { projectListPageSchema } from './project-lists';
import { text } from './text-fields';
import { templateFieldSchema } from './template-field';
// Named here too for the API and the server; pages read them from sharing-rules.ts (decision 013).
export { SHARING_MESSAGES, sharedToggleStatus } from './sharing-rules';

/** Error codes of the public routes, so the page can tell its states apart. */
export const LINK_PASSWORD_MIN = 8;
export const LINK_PASSWORD_MAX = 200;
export const LINK_PASSWORD_MESSAGES = {
  tooShort: /*i18n*/ { id: 'domain-shared.sharing.tooShort', message: 'Password must be at least {min} characters long' },
  tooLong: /*i18n*/ { id: 'domain-shared.sharing.tooLong', message: 'Passwords can be at most {max} characters' },
  blank: /*i18n*/ { id: 'domain-shared.sharing.blank', message: 'Password cannot be blank' },
  /** The shared page's password form, submitted empty. */
  required: /*i18n*/ { id: 'domain-shared.sharing.required', message: 'Password is required' },
  // The Share Project Access dialog's other fields (zod carries the ids; decision 045).
  linkNameTooLong: /*i18n*/ { id: 'domain-shared.sharing.linkNameTooLong', message: 'Link names can be at most {max} characters' },
  expiryInvalid: /*i18n*/ { id: 'domain-shared.sharing.expiryInvalid', message: 'Choose an expiry of {days} days, or none' },
  templateNotFound: /*i18n*/ { id: 'domain-shared.sharing.templateNotFound', message: 'Template not found' },
} as const;
const M = LINK_PASSWORD_MESSAGES;
const passwordTooLong = messageWithValues(M.tooLong, { max: LINK_PASSWORD_MAX });

/**
 * Spec 5 makes a link password optional; when there is one it must hold out against guessing
 * (issue #19): at least 8 characters besides surrounding spaces, and not only spaces. Empty
 * means none. Bounded so hashing stays cheap.
 */
const linkPassword = text()
  .max(LINK_PASSWORD_MAX, passwordTooLong)
  .refine((v) => v === '' || v.trim() !== '', M.blank.id)
  .refine((v) => v === '' || v.trim() === '' || v.trim().length >= LINK_PASSWORD_MIN, messageWithValues(M.tooShort, { min: LINK_PASSWORD_MIN }))
  .nullish()
  .transform((v) => (v === undefined || v === null || v === '' ? null : v));

export const LINK_NAME_MAX = 100;
export const LINK_EXPIRY_DAYS = [1, 7, 30, 90] as const;

export const createAccessLinkSchema = z.object({
  name: text()
    .trim()
    .max(LINK_NAME_MAX, messageWithValues(M.linkNameTooLong, { max: LINK_NAME_MAX }))
    .nullish()
    .transform((v) => (v ? v : null)),
  password: linkPassword,
  /** null: the link never expires. */
  expiresInDays: z
    .union([z.literal(1), z.literal(7), z.literal(30), z.literal(90)], {
      message: messageWithValues(M.expiryInvalid, { days: LINK_EXPIRY_DAYS.join(', ') }),
    })
    .nullish()
    .transform((v) => v ?? null),
  /** Spec 6: signed-in viewers may contribute; staff may hand out view-only links instead. */
  viewersMayContribute: z.boolean().optional().default(true),
  /** Issue 33: the link's holders, signed in or not, approve files or ask for changes. */
  viewersMayApprove: z.boolean().optional().default(false),
  /** Issue 15: the viewer answers the project's questionnaire through the link. */
  intake: z.boolean().optional().default(false),
  /**
   * "Show the project". Issue 27: an intake link shows the project's name, overview and
   * questionnaire only; issue 49 item 10: a link where viewers may approve shows the files
   * awaiting approval and the approval form only. On, its viewer also sees the tasks, files and
   * notes. Ignored for an ordinary link.
   */
  showProject: z.boolean().optional().default(false),
  /**
   * Issue 48 item 4: the language its visitor is shown (unless they chose one on their device);
   * null or absent: the organization's.
   */
  locale: z
    .enum(LOCALES, { message: AUTH_MESSAGES.languageInvalid.id })
    .nullish()
    .transform((v) => v ?? null),
  /** An intake link's questionnaire for a project that has none yet. */
  templateId: z.uuid({ message: M.templateNotFound.id }).nullish().transform((v) => v ?? null),
});
export type CreateAccessLinkInput = z.input<typeof createAccessLinkSchema>;

export const accessLinkSchema = z.object({
  id: z.string(),
  projectId: z.string(),
  name: z.string().nullable(),
  token: z.string(),
  hasPassword: z.boolean(),
  viewersMayContribute: z.boolean(),
  viewersMayApprove: z.boolean(),
  expiresAt: z.string().nullable(),
  isExpired: z.boolean(),
  createdAt: z.string(),
  createdByName: z.string().nullable(),
  openCount: z.number(),
  lastOpenedAt: z.string().nullable(),
  /** An intake link's questionnaire (issue 15); null for an ordinary link. */
  intake: z.object({ state: z.enum(INTAKE_STATES), submittedAt: z.string().nullable(), showsProject: z.boolean() }).nullable(),
  /**
   * Its viewer sees the project's tasks, files and notes: every ordinary link; an intake link or
   * one where viewers may approve only when staff chose "Show the project" (issues 27, 49 item 10).
   */
  showsProject: z.boolean(),
  /** The language staff chose for its visitor; null: the organization's (issue 48 item 4). */
  locale: z.enum(LOCALES).nullable(),
});
export type AccessLink = z.infer<typeof accessLinkSchema>;

/** A page of the project's active links, newest first (issue 36: every link reachable). */
export const accessLinkPageSchema = projectListPageSchema(accessLinkSchema).extend({
  /** On every page. false: an intake link needs a template chosen in the dialog (issue 27). */
  projectHasQuestionnaire: z.boolean(),
});
export type AccessLinkPage = z.infer<typeof accessLinkPageSchema>;

/** What an access-log entry records: opening the link, reading it (once an hour per viewer), a download. */
export const LINK_ACCESS_KINDS = ['open', 'view', 'download'] as const;
export type LinkAccessKind = (typeof LINK_ACCESS_KINDS)[number];

export const accessOpenSchema = z.object({
  id: z.string(),
  openedAt: z.string(),
  kind: z.enum(LINK_ACCESS_KINDS),
  /** The downloaded file's name (downloads only). */
  fileName: z.string().nullable(),
  /** null: opened by someone not signed in. */
  viewerName: z.string().nullable(),
  viewerEmail: z.string().nullable(),
});
export type AccessOpen = z.infer<typeof accessOpenSchema>;

/** A page of a link's access log, newest first, with how many entries there are (issue 36: all reachable). */
export const accessOpenPageSchema = projectListPageSchema(accessOpenSchema).extend({ total: z.number().int() });
export type AccessOpenPage = z.infer<typeof accessOpenPageSchema>;

export const assignDeveloperSchema = z.object({
  developerProfileId: z.uuid({ message: SHARING_MESSAGES.selectDeveloper.id }),
  password: linkPassword,
  /** Spec 2: a message field that is not sent anywhere; accepted and ignored. */
  message: text().max(5000).nullish(),
});
export type AssignDeveloperInput = z.input<typeof assignDeveloperSchema>;

export const developerSchema = z.object({
  profileId: z.string(),
  fullName: z.string(),
  email: z.string().nullable(),
});
export type Developer = z.infer<typeof developerSchema>;

export const assignedDeveloperSchema = developerSchema.extend({ assignedAt: z.string() });
export type AssignedDeveloper = z.infer<typeof assignedDeveloperSchema>;

/** A page of the project's assigned developers, in the order they were assigned (issue 36: all reachable). */
export const assignedDeveloperPageSchema = projectListPageSchema(assignedDeveloperSchema);
export type AssignedDeveloperPage = z.infer<typeof assignedDeveloperPageSchema>;

/** A page of the organization's developers not yet assigned (spec 6 "Assignable developers"), by name. */
export const developerPageSchema = projectListPageSchema(developerSchema);
export type DeveloperPage = z.infer<typeof developerPageSchema>;

export const assignmentResultSchema = z.object({
  developer: assignedDeveloperSchema,
  /** The developer's own link (named after them, with the dialog's password), to share. */
  link: accessLinkSchema,
  /** An assignment email went out (only when the developer has an email). */
  emailed: z.boolean(),
});
export type AssignmentResult = z.infer<typeof assignmentResultSchema>;

export const openSharedLinkSchema = z.object({ password: text().max(LINK_PASSWORD_MAX).nullish() });

/**
 * The shared page's password form (link-password-form.tsx): a password to try, as typed (a link's
 * password may hold spaces); whether it is the link's, the server says (`invalid_password`).
 */
export const linkPasswordFormSchema = z.object({
  password: text().min(1, M.required.id).max(LINK_PASSWORD_MAX, passwordTooLong),
});
export type LinkPasswordForm = z.input<typeof linkPasswordFormSchema>;

/** Spec 3 "project-access validation result", plus who is looking. */
export const sharedProjectSchema = z.object({
  projectId: z.string(),
  projectName: z.string(),
  companyOverview: z.string().nullable(),
  formData: z.record(z.string(), z.union([z.string(), z.array(z.string())])).nullable(),
  templateFields: z.array(templateFieldSchema).nullable(),
  /** Signed-in viewers may upload, add links and notes and toggle tasks (spec 6), unless the link is view only. */
  canContribute: z.boolean(),
  /** false: a view-only link, where nobody contributes, signed in or not. */
  viewersMayContribute: z.boolean(),
  /** Issue 33: the viewer may approve files awaiting approval or ask for changes (no sign-in needed). */
  canApprove: z.boolean(),
  viewerName: z.string().nullable(),
  /** An intake link's questionnaire state: the page shows the form (issue 15). */
  intakeState: z.enum(INTAKE_STATES).nullable(),
  /**
   * The page shows the project's tasks, files and notes: every ordinary link; an intake link or
   * one where viewers may approve only when staff chose to show the project (issues 27, 49 item
   * 10; the server refuses those reads else). An approval link that does not show it has no
   * overview or questionnaire either (null): the files awaiting approval only.
   */
  showsProject: z.boolean(),
  /**
   * Issue 48 item 4: the language the link is shown in (staff's choice, else the organization's),
   * unless its visitor chose one on their device.
   */
  locale: z.enum(LOCALES),
});
export type SharedProject = z.infer<typeof sharedProjectSchema>;

/** Spec 1: the access link is the current origin plus '/project-access/' plus the token. */
export function accessLinkUrl(origin: string, token: string): string {
  return `${origin.replace(/\/+$/, '')}/project-access/${token}`;
}
