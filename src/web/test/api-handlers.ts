// The web test kit's handlers, one small builder per resource (issue 28 item 4). Each answers
// the path the web app asks, with the response type the server sends (src/domain's schemas), so
// a test's data has the real shape. A list builder answers an empty page unless given one.
// Paths with a `base` are a project's lists: `/api/projects/:id` for members, the share link's
// `/api/project-access/:token` for its viewers (project-source.ts).
import { HttpResponse, ws, type JsonBodyType } from 'msw';
import type { z } from 'zod';
import type { activityPageSchema } from '@/domain/activity';
import { AUTH_MESSAGES, type Me, type SignInResult } from '@/domain/auth';
import type { CalendarFeedStatus, CreatedCalendarFeed } from '@/domain/calendar-feed';
import type { Comment, CommentPage, Mentionable } from '@/domain/comments';
import type { clientOptionPageSchema, clientPageSchema } from '@/domain/clients';
import type { FilePage, FileVersion, LinkApprovals, ProjectFile } from '@/domain/files';
import type { InboxPage } from '@/domain/inbox';
import type { IntakeView } from '@/domain/intake';
import type { Note, NotePage } from '@/domain/notes';
import type { NotificationSettings, TaskFollow } from '@/domain/notification-settings';
import type { ProjectCard, projectPageSchema } from '@/domain/projects';
import type { MemberSession } from '@/domain/sessions';
import type { Report } from '@/domain/reports';
import type { TimeReport, TimeReportEntries, TimeReportFilterOptions, TimeReportWeeks } from '@/domain/time-reports';
import type { SearchAnswer } from '@/domain/search';
import type { StopTimerInput, TimeEntry, Timer, Timesheet, TimerState } from '@/domain/time-entries';
import type { Role } from '@/domain/roles';
import type { AccessLink, AccessLinkPage, AccessOpenPage, AssignedDeveloperPage, DeveloperPage, SharedProject } from '@/domain/sharing';
import type { Assignee, AssigneePage, MyWorkItem, Task, TaskPage } from '@/domain/tasks';
import type { MemberProjectPage, TeamMember, TeamTagPage } from '@/domain/team';
import type { Template, templatePageSchema } from '@/domain/templates';
import type { Passkey, passkeyCreationOptionsSchema, passkeyRequestOptionsSchema } from '@/domain/passkeys';
import type { recoveryCodesSchema, TwoFactorPolicyState, TwoFactorSetup, TwoFactorStatus } from '@/domain/two-factor';
import type { SsoLookupResult, SsoSettingsState } from '@/domain/sso';
import type { Webhook, WebhookDelivery, WebhookWithSecret } from '@/domain/webhooks';
import type { ApiToken, CreatedApiToken } from '@/domain/api-tokens';
import { apiError, route, type Responder } from './api-server';
import { aTimeEntry } from './fixtures';

type Page<T> = { items: T[]; nextCursor: string | null };
const emptyPage = { items: [], nextCursor: null };

/** The member `/api/me` answers for a signed-in test: this role, in one organization. */
export function signedInMember(role: Role): Me {
  return {
    user: { id: 'user-1', email: 'ada@example.com' },
    profile: { id: 'profile-1', fullName: 'Ada Lovelace', email: 'ada@example.com', role, organizationId: 'org-1', locale: null, region: null, timeZone: 'UTC' },
    organization: { id: 'org-1', name: 'Analytical Studio', currency: 'USD', locale: 'en' },
    twoFactor: { on: false, required: false, deadline: null, overdue: false },
  };
}

export const authApi = {
  /** Who is signed in; `null`: nobody, the 401 the server answers then. */
  me: (member: Me | null) => route('GET', '/api/me', member ?? apiError(401, 'unauthorized', AUTH_MESSAGES.notAuthenticated.message)),
  /** Issue 49 item 21: a recovery code's sign-in also answers how many codes are left. */
  signIn: (respond: Responder<SignInResult>) => route('POST', '/api/auth/sign-in', respond),
  sendCode: (respond: Responder<{ ok: true }> = { ok: true }) => route('POST', '/api/auth/sign-up/send-code', respond),
  verifyCode: (respond: Responder<{ valid: boolean }>) => route('POST', '/api/auth/sign-up/verify-code', respond),
  signUp: (respond: Responder<Me>) => route('POST', '/api/auth/sign-up', respond, { status: 201 }),
  requestReset: (respond: Responder<{ ok: true }>) => route('POST', '/api/auth/password-reset/request', respond),
};

export const settingsApi = {
  updateProfile: (respond: Responder<Me>) => route('PATCH', '/api/settings/profile', respond),
  notifications: (respond: Responder<NotificationSettings>) => route('GET', '/api/settings/notifications', respond),
  changeNotifications: (respond: Responder<NotificationSettings>) => route('PATCH', '/api/settings/notifications', respond),
  setLanguage: (respond: Responder<Me>) => route('PUT', '/api/settings/language', respond),
  setRegion: (respond: Responder<Me>) => route('PUT', '/api/settings/region', respond),
  setTimeZone: (respond: Responder<Me>) => route('PUT', '/api/settings/time-zone', respond),
};

/** Settings -> Organization (issue 48): the organization's language, which its emails speak. */
export const organizationApi = {
  setLocale: (respond: Responder<{ locale: Me['organization']['locale'] }>) => route('PUT', '/api/organization/locale', respond),
};

/** Settings -> Calendar feed: the member's own feed; its address only in the create answer. */
export const calendarApi = {
  feed: (respond: Responder<CalendarFeedStatus> = { feed: null }) => route('GET', '/api/settings/calendar', respond),
  create: (respond: Responder<CreatedCalendarFeed>) => route('POST', '/api/settings/calendar', respond, { status: 201 }),
  /** 204 with no body, as the server answers; or what `respond` gives (an apiError). */
  turnOff: (respond?: Responder<never>) => route('DELETE', '/api/settings/calendar', respond ?? (() => new HttpResponse(null, { status: 204 }))),
};

/** Settings -> Two-factor sign-in (issue 31), and a member's on Team for those who outrank them. */
export const twoFactorApi = {
  status: (respond: Responder<TwoFactorStatus>) => route('GET', '/api/settings/two-factor', respond),
  setup: (respond: Responder<TwoFactorSetup>) => route('POST', '/api/settings/two-factor/setup', respond),
  enable: (respond: Responder<z.infer<typeof recoveryCodesSchema>>) => route('POST', '/api/settings/two-factor/enable', respond),
  newRecoveryCodes: (respond: Responder<z.infer<typeof recoveryCodesSchema>>) => route('POST', '/api/settings/two-factor/recovery-codes', respond),
  /** 204 with no body, as the server answers; or what `respond` gives (an apiError). */
  disable: (respond?: Responder<never>) => route('POST', '/api/settings/two-factor/disable', respond ?? (() => new HttpResponse(null, { status: 204 }))),
  member: (memberId: string, respond: Responder<Pick<TwoFactorStatus, 'enabled'>>) => route('GET', `/api/team/${memberId}/two-factor`, respond),
  resetMember: (memberId: string, respond?: Responder<never>) =>
    route('POST', `/api/team/${memberId}/two-factor/reset`, respond ?? (() => new HttpResponse(null, { status: 204 }))),
  /** The organization's requirement (issue 31 item 2): its admins read it, its organization admin sets it. */
  policy: (respond: Responder<TwoFactorPolicyState>) => route('GET', '/api/organization/two-factor-policy', respond),
  setPolicy: (respond: Responder<TwoFactorPolicyState>) => route('PUT', '/api/organization/two-factor-policy', respond),
};

/** Single sign-on (issue 31 item 4): the organization's settings and the sign-in page's lookup. */
export const ssoApi = {
  settings: (respond: Responder<SsoSettingsState>) => route('GET', '/api/organization/sso', respond),
  save: (respond: Responder<SsoSettingsState>) => route('PUT', '/api/organization/sso', respond),
  /** 204 with no body, as the server answers; or what `respond` gives (an apiError). */
  remove: (respond?: Responder<never>) => route('DELETE', '/api/organization/sso', respond ?? (() => new HttpResponse(null, { status: 204 }))),
  /** Issue 46: Check now for one claimed domain. */
  checkDomain: (domain: string, respond: Responder<SsoSettingsState>) => route('POST', `/api/organization/sso/domains/${domain}/check`, respond),
  lookup: (respond: Responder<SsoLookupResult>) => route('POST', '/api/auth/sso/lookup', respond),
  twoFactor: (respond: Responder<SignInResult>) => route('POST', '/api/auth/sso/two-factor', respond),
};

/** Settings -> Webhooks (issue 30): the organization's hooks; the secret only in a create's answer. */
export const webhooksApi = {
  list: (respond: Responder<Webhook[]> = []) => route('GET', '/api/webhooks', respond),
  create: (respond: Responder<WebhookWithSecret>) => route('POST', '/api/webhooks', respond, { status: 201 }),
  update: (webhookId: string, respond: Responder<Webhook>) => route('PATCH', `/api/webhooks/${webhookId}`, respond),
  deliveries: (webhookId: string, respond: Responder<Page<WebhookDelivery>> = emptyPage) => route('GET', `/api/webhooks/${webhookId}/deliveries`, respond),
};

/** Settings -> API tokens (issue 30): the member's own; the token itself only in a create's answer. */
export const apiTokensApi = {
  list: (respond: Responder<ApiToken[]> = []) => route('GET', '/api/settings/api-tokens', respond),
  create: (respond: Responder<CreatedApiToken>) => route('POST', '/api/settings/api-tokens', respond, { status: 201 }),
};

/** Settings -> Passkeys (issue 31 item 3), and signing in with one. */
/** Settings -> Sessions (issue 31 item 5): where the member is signed in. */
export const sessionsApi = {
  list: (respond: Responder<MemberSession[]>) => route('GET', '/api/settings/sessions', respond),
};

export const passkeysApi = {
  list: (respond: Responder<Passkey[]> = []) => route('GET', '/api/settings/passkeys', respond),
  registrationOptions: (respond: Responder<z.infer<typeof passkeyCreationOptionsSchema>>) => route('POST', '/api/settings/passkeys/options', respond),
  add: (respond: Responder<Passkey>) => route('POST', '/api/settings/passkeys', respond, { status: 201 }),
  rename: (passkeyId: string, respond: Responder<Passkey>) => route('PATCH', `/api/settings/passkeys/${passkeyId}`, respond),
  /** 204 with no body, as the server answers; or what `respond` gives (an apiError). */
  remove: (passkeyId: string, respond?: Responder<never>) => route('DELETE', `/api/settings/passkeys/${passkeyId}`, respond ?? (() => new HttpResponse(null, { status: 204 }))),
  signInOptions: (respond: Responder<z.infer<typeof passkeyRequestOptionsSchema>>) => route('POST', '/api/auth/passkey/options', respond),
  signIn: (respond: Responder<Me>) => route('POST', '/api/auth/passkey/sign-in', respond),
};

export const projectsApi = {
  list: (respond: Responder<z.infer<typeof projectPageSchema>> = { ...emptyPage, matched: 0, total: 0 }) => route('GET', '/api/projects', respond),
  /** A card's Mark Complete / Put On Hold. */
  changeStatus: (respond: Responder<ProjectCard>) => route('PATCH', '/api/projects/:projectId/status', respond),
};

export const clientsApi = {
  list: (respond: Responder<z.infer<typeof clientPageSchema>> = { ...emptyPage, total: 0 }) => route('GET', '/api/clients', respond),
  /** The client select's names, every page of them (`byCursor` for several). */
  options: (respond: Responder<z.infer<typeof clientOptionPageSchema>> = emptyPage) => route('GET', '/api/clients/options', respond),
};

export const templatesApi = {
  /** The Templates tab's pages and the pickers' `?limit=100` alike. */
  list: (respond: Responder<z.infer<typeof templatePageSchema>> = { ...emptyPage, matched: 0, total: 0 }) => route('GET', '/api/templates', respond),
  create: (respond: Responder<Template>) => route('POST', '/api/templates', respond, { status: 201 }),
};

export const tasksApi = {
  list: (base: string, respond: Responder<TaskPage> = emptyPage) => route('GET', `${base}/tasks`, respond),
  create: (base: string, respond: Responder<Task>) => route('POST', `${base}/tasks`, respond, { status: 201 }),
  update: (base: string, respond: Responder<Task>) => route('PATCH', `${base}/tasks/:taskId`, respond),
  /** One task, as its panel reads it. */
  get: (base: string, respond: Responder<Task>) => route('GET', `${base}/tasks/:taskId`, respond),
  /** The assignee picker's people: one page of these, or the pages `respond` gives. */
  assignees: (base: string, respond: Assignee[] | Responder<AssigneePage> = []) =>
    route('GET', `${base}/assignees`, Array.isArray(respond) ? { items: respond, nextCursor: null } : respond),
  /** A task's activity in its panel (staff), newest first. */
  activity: (base: string, respond: Responder<z.infer<typeof activityPageSchema>> = emptyPage) => route('GET', `${base}/tasks/:taskId/activity`, respond),
  /** Issue 51 item 4: a task's rule set, cleared, and an occurrence skipped (staff). */
  setRecurrence: (base: string, respond: Responder<Task>) => route('PUT', `${base}/tasks/:taskId/recurrence`, respond),
  clearRecurrence: (base: string, respond: Responder<Task>) => route('DELETE', `${base}/tasks/:taskId/recurrence`, respond),
  skip: (base: string, respond: Responder<Task>) => route('POST', `${base}/tasks/:taskId/skip`, respond),
  /** Issue 51: a blocker added (the task as it is now), removed (204), and the dependents shifted (those moved). */
  addBlocker: (base: string, respond: Responder<Task>) => route('POST', `${base}/tasks/:taskId/dependencies`, respond, { status: 201 }),
  removeBlocker: (base: string) => route('DELETE', `${base}/tasks/:taskId/dependencies/:blockedByTaskId`, () => new HttpResponse(null, { status: 204 })),
  shiftDependents: (base: string, respond: Responder<{ items: Task[] }>) => route('POST', `${base}/tasks/:taskId/shift-dependents`, respond),
};

/** A task's comments (issue 29); `base` as for tasksApi. Who may be mentioned is the project page's only. */
export const commentsApi = {
  list: (base: string, respond: Responder<CommentPage> = { ...emptyPage, total: 0 }) => route('GET', `${base}/tasks/:taskId/comments`, respond),
  create: (base: string, respond: Responder<Comment>) => route('POST', `${base}/tasks/:taskId/comments`, respond, { status: 201 }),
  edit: (base: string, respond: Responder<Comment>) => route('PATCH', `${base}/tasks/:taskId/comments/:commentId`, respond),
  mentionable: (projectId: string, people: Mentionable[] = []) => route('GET', `/api/projects/${projectId}/mentionable`, people),
  /** Whether the member follows the task (the project page's only), and following or stopping. */
  follow: (base: string, respond: Responder<TaskFollow>) => route('GET', `${base}/tasks/:taskId/follow`, respond),
  setFollow: (base: string, respond: Responder<TaskFollow> = ({ body }) => body as TaskFollow) => route('PUT', `${base}/tasks/:taskId/follow`, respond),
};

export const myWorkApi = {
  list: (respond: Responder<Page<MyWorkItem>> = emptyPage) => route('GET', '/api/my-work', respond),
};

export const notesApi = {
  list: (base: string, respond: Responder<NotePage> = { ...emptyPage, total: 0 }) => route('GET', `${base}/notes`, respond),
  create: (base: string, respond: Responder<Note>) => route('POST', `${base}/notes`, respond, { status: 201 }),
};

export const filesApi = {
  list: (base: string, respond: Responder<FilePage> = emptyPage) => route('GET', `${base}/files`, respond),
  addLink: (base: string, respond: Responder<ProjectFile>) => route('POST', `${base}/links`, respond, { status: 201 }),
  versions: (base: string, fileId: string, respond: Responder<{ items: FileVersion[] }> = { items: [] }) => route('GET', `${base}/files/${fileId}/versions`, respond),
  /** Staff ask for the client's approval (issue 33): 204 with no body, as the server answers; or what `respond` gives. */
  requestApproval: (base: string, fileId: string, respond?: Responder<never>) =>
    route('PUT', `${base}/files/${fileId}/approval`, respond ?? (() => new HttpResponse(null, { status: 204 }))),
  /** A link's files awaiting approval (issue 33), those decided (issue 49 item 7), and whether it may decide. */
  approvals: (base: string, respond: Responder<LinkApprovals>) => route('GET', `${base}/approvals`, respond),
  /** The client's decision through a link: the file as it is now. */
  decide: (base: string, fileId: string, respond: Responder<ProjectFile>) => route('POST', `${base}/files/${fileId}/approval`, respond),
};

export const reportsApi = {
  get: (respond: Responder<Report>) => route('GET', '/api/reports', respond),
  /** Issue 32: the time report and its weeks (empty unless given). */
  time: (respond: Responder<TimeReport>) => route('GET', '/api/reports/time', respond),
  timeWeeks: (respond: Responder<TimeReportWeeks> = { weeks: [] }) => route('GET', '/api/reports/time/weeks', respond),
  /** Issue 49 item 15: a task's entries (the drill-down's last step) and what the filters offer. */
  timeEntries: (respond: Responder<TimeReportEntries>) => route('GET', '/api/reports/time/entries', respond),
  timeFilters: (respond: Responder<TimeReportFilterOptions> = { clients: [], projects: [], members: [] }) => route('GET', '/api/reports/time/filters', respond),
};

export const inboxApi = {
  list: (respond: Responder<InboxPage> = { ...emptyPage, unread: 0 }) => route('GET', '/api/inbox', respond),
  markRead: (respond: Responder<{ unread: number }> = { unread: 0 }) => route('POST', '/api/inbox/read', respond),
};

export const activityApi = {
  list: (respond: Responder<z.infer<typeof activityPageSchema>> = emptyPage) => route('GET', '/api/activities', respond),
};

export const teamApi = {
  /** The organization's members: one page of these, or the pages `respond` gives. */
  list: (respond: TeamMember[] | Responder<Page<TeamMember> & { total: number }>) =>
    route('GET', '/api/team', Array.isArray(respond) ? { items: respond, nextCursor: null, total: respond.length } : respond),
  /** One member's profile, at their id. */
  member: (member: TeamMember) => route('GET', `/api/team/${member.id}`, member),
  /** A developer member's assigned projects, at their id. */
  projects: (memberId: string, respond: Responder<MemberProjectPage> = emptyPage) => route('GET', `/api/team/${memberId}/projects`, respond),
  /** The skill tags in use: one page of these, or the pages `respond` gives. */
  tags: (respond: string[] | Responder<TeamTagPage> = []) => route('GET', '/api/team/tags', Array.isArray(respond) ? { items: respond, nextCursor: null } : respond),
};

/** Issue 32: a member's week as a timesheet, their entries, and an entry's change or deletion. */
export const timeApi = {
  timesheet: (respond: Responder<Timesheet>) => route('GET', '/api/time/timesheet', respond),
  entries: (respond: TimeEntry[] | Responder<{ items: TimeEntry[]; truncated: boolean }>) =>
    route('GET', '/api/time/entries', Array.isArray(respond) ? { items: respond, truncated: false } : respond),
  logEntry: (respond: Responder<TimeEntry>) => route('POST', '/api/time/entries', respond, { status: 201 }),
  updateEntry: (respond: Responder<TimeEntry>) => route('PATCH', '/api/time/entries/:entryId', respond),
  deleteEntry: (respond?: Responder<null>) => route('DELETE', '/api/time/entries/:entryId', respond ?? (() => new HttpResponse(null, { status: 204 }))),
  /** The member's running timer: none unless told. */
  timer: (respond: Responder<TimerState> = { timer: null }) => route('GET', '/api/time/timer', respond),
  /**
   * `timer` running as the server keeps it: GET /api/time/timer answers it until a stop saves it
   * or DELETE discards it. A stop that confirms nothing is answered with `ask()` when given (the
   * 409 timer_short or timer_long question); a saved stop with an entry of `minutes(confirm)`.
   */
  runningTimer: (timer: Timer, { ask, minutes = () => 1 }: { ask?: () => HttpResponse<JsonBodyType>; minutes?: (confirm: StopTimerInput['confirm']) => number } = {}) => {
    let running = true;
    return [
      route<TimerState>('GET', '/api/time/timer', () => ({ timer: running ? timer : null })),
      route<{ entry: TimeEntry }>('POST', '/api/time/timer/stop', ({ body }) => {
        const { confirm, workDate } = body as StopTimerInput;
        if (!confirm && ask) return ask();
        running = false;
        const { projectId, projectName, taskId, taskTitle, note, billable } = timer;
        return { entry: aTimeEntry({ projectId, projectName, taskId, taskTitle, note, billable, minutes: minutes(confirm), ...(workDate ? { workDate } : {}) }) };
      }),
      route<null>('DELETE', '/api/time/timer', () => {
        running = false;
        return new HttpResponse(null, { status: 204 });
      }),
    ];
  },
};

/** The palette's search (issue 34): nothing found unless told. */
export const searchApi = {
  search: (respond?: Responder<SearchAnswer>) => route('GET', '/api/search', respond ?? (({ query }) => ({ query: query.get('q') ?? '', groups: [] }))),
};

/** A project's share links and developers, as its staff manage them. */
export const sharingApi = {
  links: (projectId: string, respond: Responder<AccessLinkPage>) => route('GET', `/api/projects/${projectId}/access-links`, respond),
  createLink: (projectId: string, respond: Responder<AccessLink>) => route('POST', `/api/projects/${projectId}/access-links`, respond, { status: 201 }),
  opens: (projectId: string, respond: Responder<AccessOpenPage>) =>
    route('GET', `/api/projects/${projectId}/access-links/:linkId/opens`, respond),
  /** The developers assigned to the project (a page with Load more). */
  assignedDevelopers: (projectId: string, respond: Responder<AssignedDeveloperPage> = emptyPage) => route('GET', `/api/projects/${projectId}/developers`, respond),
  /** The developers who could be assigned (the select reads every page). */
  availableDevelopers: (projectId: string, respond: Responder<DeveloperPage> = emptyPage) => route('GET', `/api/projects/${projectId}/developers/available`, respond),
};

/** A share link, as its viewer opens it; its lists are tasksApi, filesApi and notesApi at `/api/project-access/:token`. */
export const sharedLinkApi = {
  session: (token: string, respond: Responder<SharedProject>) => route('POST', `/api/project-access/${token}/session`, respond),
  intake: (token: string, respond: Responder<IntakeView>) => route('GET', `/api/project-access/${token}/intake`, respond),
};

/** The live sockets (lib/realtime.ts): each opens and stays quiet, as with nothing changing. */
export const liveApi = {
  linkSocket: (token: string) => ws.link(`ws://${window.location.host}/api/project-access/${token}/live`).addEventListener('connection', () => {}),
};
