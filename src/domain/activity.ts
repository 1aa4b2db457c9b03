// Activities tab (spec 2 "Activities tab", 3 activity_log, 6, 7 "Actions logged" / "Read", 9).
import { format } from 'date-fns/format';
import { parseISO } from 'date-fns/parseISO';
import { z } from 'zod';
import { LOCALE_NAMES, type Locale, type Text } from './locales';
import { text } from './text-fields';
import { actionLabel, detailLabel, inEnglish, VALUE_TEXTS, type Say } from './activity-rules';
import { APPROVAL_TEXTS } from './approval-states';
import { BUDGET_TEXTS } from './budget-rules';
import { PROJECT_STATUS_LABELS, TASK_PRIORITIES, type TaskPriority } from './project-status';
import { ROLE_LABELS, type Role } from './roles';
import { TASK_PRIORITY_LABELS, TASK_STATUS_TITLES } from './task-rules';
import { BUDGET_KINDS, type BudgetKind } from './time-rules';
import { TWO_FACTOR_POLICIES, TWO_FACTOR_POLICY_TEXTS, type TwoFactorPolicy } from './two-factor-policy-rules';
// Named here too for the API, the server and the Activities tab; pages read them from
// activity-rules.ts (decision 013).
export { ACTION_TEXTS, actionLabel, DETAIL_TEXTS, detailLabel, inEnglish, RECENT_ACTIVITY_LIMIT, VALUE_TEXTS, type Say } from './activity-rules';

export const ACTIVITY_MESSAGES = {
  title: /*i18n*/ { id: 'domain.activity.title', message: 'Activity Logs' },
  subtitle: /*i18n*/ { id: 'domain.activity.subtitle', message: 'Everything that happens in your organization, newest first' },
  forbidden: /*i18n*/ { id: 'domain.activity.forbidden', message: 'You don\'t have permission to view activity logs.' },
  fetchFailed: /*i18n*/ { id: 'domain.activity.fetchFailed', message: 'Failed to fetch activity logs' },
  noActivity: /*i18n*/ { id: 'domain.activity.noActivity', message: 'No activity yet' },
  noMatches: /*i18n*/ { id: 'domain.activity.noMatches', message: 'No activity matches your search or filter.' },
  removedUser: /*i18n*/ { id: 'domain.activity.removedUser', message: 'Removed user' },
  outsideUser: /*i18n*/ { id: 'domain.activity.outsideUser', message: 'Someone outside your organization' },
  /** Issue 27: an intake submission is the link's client's, whoever held the link. */
  linkClient: /*i18n*/ { id: 'domain.activity.linkClient', message: 'Client via link \'\'{linkName}\'\'' },
  untitledLink: /*i18n*/ { id: 'domain.activity.untitledLink', message: 'Untitled link' },
  /** A detail that is true or false (a link's password, a changed password). */
  yes: /*i18n*/ { id: 'domain.activity.yes', message: 'Yes' },
  no: /*i18n*/ { id: 'domain.activity.no', message: 'No' },
} as const;

/** Spec 2's filter choices; each matches actions containing its word (spec 7, case-insensitive). */
export const ACTIVITY_FILTERS = ['all', 'create', 'update', 'delete', 'upload', 'complete', 'notes', 'links', 'templates'] as const;
export type ActivityFilter = (typeof ACTIVITY_FILTERS)[number];

export const ACTIVITY_FILTER_LABELS: Record<ActivityFilter, Text> = {
  all: /*i18n*/ { id: 'domain.activity.filter.all', message: 'All' },
  create: /*i18n*/ { id: 'domain.activity.filter.create', message: 'Create' },
  update: /*i18n*/ { id: 'domain.activity.filter.update', message: 'Update' },
  delete: /*i18n*/ { id: 'domain.activity.filter.delete', message: 'Delete' },
  upload: /*i18n*/ { id: 'domain.activity.filter.upload', message: 'Upload' },
  complete: /*i18n*/ { id: 'domain.activity.filter.complete', message: 'Complete' },
  notes: /*i18n*/ { id: 'domain.activity.filter.notes', message: 'Notes' },
  links: /*i18n*/ { id: 'domain.activity.filter.links', message: 'Links' },
  templates: /*i18n*/ { id: 'domain.activity.filter.templates', message: 'Templates' },
};

const FILTER_SUBSTRINGS: Record<Exclude<ActivityFilter, 'all'>, string> = {
  create: 'create',
  update: 'update',
  delete: 'delete',
  upload: 'upload',
  complete: 'complete',
  notes: 'note',
  links: 'link',
  templates: 'template',
};

/** The text an action must contain for the filter, or null for All. */
export function actionSubstring(filter: ActivityFilter): string | null {
  return filter === 'all' ? null : FILTER_SUBSTRINGS[filter];
}

/** Whether an action passes the filter (the server does the same in SQL with ILIKE). */
export function matchesActionFilter(action: string, filter: ActivityFilter): boolean {
  const part = actionSubstring(filter);
  return part === null || action.toLowerCase().includes(part);
}

export const ACTIVITY_PAGE_SIZE = 50;

export const listActivitiesQuerySchema = z.object({
  search: text().trim().max(100, 'Search must be at most 100 characters').optional().default(''),
  action: z.enum(ACTIVITY_FILTERS, { message: 'Unknown action filter' }).optional().default('all'),
  /** Opaque cursor from the previous page. */
  cursor: text().max(200).optional(),
  // Spec 9's limit of 100 entries: a page holds at most 100.
  limit: z.coerce.number().int().min(1).max(100).optional().default(ACTIVITY_PAGE_SIZE),
  /** One project's entries (the project page's Recent Activity, issue 14). */
  projectId: z.uuid({ message: 'Unknown project' }).optional(),
  /** One member's entries, by profile id (the member page's Recent Activity, issue 14). */
  userId: z.uuid({ message: 'Unknown member' }).optional(),
});

/**
 * Who did it: a member of the organization (with name and email), someone whose profile belongs
 * to another organization (acting through a share link; not shown), a member since removed, or
 * the client of an intake link who submitted its questionnaire (issue 27).
 */
export const ACTIVITY_ACTOR_KINDS = ['member', 'outside', 'removed', 'link_client'] as const;

export const activityEntrySchema = z.object({
  id: z.string(),
  action: z.string(),
  projectId: z.string().nullable(),
  projectName: z.string().nullable(),
  actorKind: z.enum(ACTIVITY_ACTOR_KINDS),
  user: z.object({ fullName: z.string(), email: z.string().nullable() }).nullable(),
  details: z.record(z.string(), z.unknown()).nullable(),
  createdAt: z.string(),
});
export type ActivityEntry = z.infer<typeof activityEntrySchema>;

/**
 * Who did it, as Activity Logs and its CSV name them: the member, or for a client's submission
 * through an intake link "Client via link '<name>'" (issue 27), else who they were not.
 */
export function activityActorName(
  entry: Pick<ActivityEntry, 'actorKind' | 'user' | 'details'>,
  say: Say = inEnglish,
): string {
  if (entry.user) return entry.user.fullName;
  if (entry.actorKind === 'link_client') {
    const linkName = entry.details?.link_name;
    return say(ACTIVITY_MESSAGES.linkClient, { linkName: typeof linkName === 'string' && linkName ? linkName : say(ACTIVITY_MESSAGES.untitledLink) });
  }
  return say(entry.actorKind === 'outside' ? ACTIVITY_MESSAGES.outsideUser : ACTIVITY_MESSAGES.removedUser);
}

export const activityPageSchema = z.object({
  items: z.array(activityEntrySchema),
  nextCursor: z.string().nullable(),
});

/**
 * The details as Activity Logs and its CSV show them, said by `say` (the reader's language; the
 * CSV's English by default). A client's approval keeps the name they typed (decider_name) and the
 * link's name (link_name) apart; the name is free text that can read "Olivia Park (Owner)", so it
 * is shown only with its link, as one value (issue 46 4a). A link without a name is stored as null
 * (older entries kept the English "Untitled link") and shown as "Untitled link" in the reader's words.
 */
export function detailsAsShown(details: Record<string, unknown> | null, say: Say = inEnglish): Record<string, unknown> | null {
  if (!details) return details;
  const link = typeof details.link_name === 'string' && details.link_name ? details.link_name : null;
  if (typeof details.decider_name !== 'string') {
    return 'link_name' in details && link === null ? { ...details, link_name: say(ACTIVITY_MESSAGES.untitledLink) } : details;
  }
  const { decider_name: name, link_name: _link, ...rest } = details;
  return { decided_by: say(APPROVAL_TEXTS.deciderViaLink, { name, link: link ?? say(APPROVAL_TEXTS.untitledLink) }), ...rest };
}

const MAX_DETAIL_LENGTH = 160;

/**
 * A stored status as the product says it (issue 49 item 17: 'Previous status: Active', not
 * 'active'): a project's by its badge, a task's by its board column ('pending' is 'To Do').
 * The two sets share only 'completed', which both call 'Completed'.
 */
const STATUS_WORDS: Record<string, Text> = { ...PROJECT_STATUS_LABELS, ...TASK_STATUS_TITLES };

function isOneOf<T extends string>(codes: readonly T[], value: string): value is T {
  return (codes as readonly string[]).includes(value);
}

/**
 * A stored code as the product says it, by its detail's key, said by `say`; null for a value that
 * is no code of that key (a name, a date, a code a later release wrote), which is shown as stored.
 * Issue 48: the server stores codes, never words, so each reader's screen and CSV say them.
 */
export function detailCodeLabel(key: string, value: string, say: Say = inEnglish): string | null {
  // 'account_executive' -> 'Account Executive': a role, a previous one, the one new people join as.
  if (/(^|_)role$/.test(key)) return Object.hasOwn(ROLE_LABELS, value) ? say(ROLE_LABELS[value as Role]) : null;
  // status and previous_status; a status of neither set still reads as words.
  if (/(^|_)status$/.test(key)) {
    if (Object.hasOwn(STATUS_WORDS, value)) return say(STATUS_WORDS[value]!);
    return /^[a-z]+(_[a-z]+)*$/.test(value) ? actionLabel(value) : null;
  }
  if (key === 'priority') return isOneOf<TaskPriority>(TASK_PRIORITIES, value) ? say(TASK_PRIORITY_LABELS[value]) : null;
  // A task's edit names the fields it changed: 'dueDate, priority' reads 'Due date, Priority'.
  if (key === 'changed') return value.split(/,\s*/).filter(Boolean).map((field) => detailLabel(field, say)).join(', ');
  if (key === 'budget_kind' || key === 'previous_budget_kind') return isOneOf<BudgetKind>(BUDGET_KINDS, value) ? say(BUDGET_TEXTS.kinds[value]) : null;
  // from/to: a two-factor policy's change; a currency's change stores its code (EUR), no policy.
  if (key === 'from' || key === 'to') return isOneOf<TwoFactorPolicy>(TWO_FACTOR_POLICIES, value) ? say(TWO_FACTOR_POLICY_TEXTS.options[value]) : null;
  // A share link's language, by the name the language menu gives it.
  if (key === 'locale') return Object.hasOwn(LOCALE_NAMES, value) ? LOCALE_NAMES[value as Locale] : null;
  if (Object.hasOwn(VALUE_TEXTS, key)) {
    const codes: Record<string, Text> = VALUE_TEXTS[key as keyof typeof VALUE_TEXTS];
    return Object.hasOwn(codes, value) ? say(codes[value]!) : null;
  }
  return null;
}

/**
 * How a detail line writes a stored date and timestamp: the CSV and the server's English by default
 * ('MMM d, yyyy', spec 9); the web passes its Intl helpers for the reader's language and region.
 */
export type DetailDates = { date: (value: string) => string; dateTime: (value: string) => string };

const ENGLISH_DATES: DetailDates = {
  date: (value) => format(parseISO(value), 'MMM d, yyyy'),
  dateTime: (value) => format(parseISO(value), 'MMM d, yyyy h:mm a'),
};

function detailValue(key: string, value: unknown, say: Say, dates: DetailDates): string | null {
  if (value === null || value === undefined || value === '') return null;
  if (typeof value === 'boolean') return say(value ? ACTIVITY_MESSAGES.yes : ACTIVITY_MESSAGES.no);
  // Spec 9: file sizes in KB (bytes / 1024, rounded).
  if (typeof value === 'number') return /size$/i.test(key) ? `${Math.round(value / 1024)} KB` : String(value);
  if (typeof value === 'string') {
    // Stored codes read as the product shows them: 'account_executive' -> 'Account Executive'.
    const code = detailCodeLabel(key, value, say);
    if (code !== null) return code;
    if (/^\d{4}-\d{2}-\d{2}$/.test(value)) return dates.date(value);
    if (/^\d{4}-\d{2}-\d{2}T/.test(value) && !Number.isNaN(Date.parse(value))) return dates.dateTime(value);
    return value.length > MAX_DETAIL_LENGTH ? `${value.slice(0, MAX_DETAIL_LENGTH - 1)}…` : value;
  }
  const json = JSON.stringify(value);
  return json.length > MAX_DETAIL_LENGTH ? `${json.slice(0, MAX_DETAIL_LENGTH - 1)}…` : json;
}

/**
 * The entry's detail lines: labelled key and value, ids and empty values left out; `say` as
 * detailsAsShown's (labels, statuses, priorities and roles too), `dates` as DetailDates says.
 */
export function detailLines(
  details: Record<string, unknown> | null,
  say: Say = inEnglish,
  dates: DetailDates = ENGLISH_DATES,
): { label: string; value: string }[] {
  if (!details) return [];
  const lines: { key: string; label: string; value: string }[] = [];
  for (const [key, raw] of Object.entries(detailsAsShown(details, say)!)) {
    if (/(^|_)id$/i.test(key) || /[a-z]Id$/.test(key)) continue;
    const value = detailValue(key, raw, say, dates);
    if (value !== null) lines.push({ key, label: detailLabel(key, say), value });
  }
  // Stored details come back in jsonb's key order; what the entry is about (a name or title) reads first.
  const rank = (key: string) => (/(name|title)$/i.test(key) ? 0 : 1);
  return lines.sort((a, b) => rank(a.key) - rank(b.key)).map(({ label, value }) => ({ label, value }));
}
