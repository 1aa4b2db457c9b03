// The organization's search (issue 34, decision 035): one statement, one arm per kind, each arm
// scoped in its own WHERE to what the caller may see (the organization; for a developer only the
// projects assigned to them; clients, templates and members for staff only), answered from the
// full-text (GIN on search_vector) and trigram (gin_trgm_ops) indexes.
import { fillPlaceholders, sql, type Placeholder, type Query, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { plainMarkdown } from '../../../domain/markdown-text';
import { canManageProjects, canManageUsers, ROLE_LABELS, type Role } from '../../../domain/roles';
import type { SearchAnswer, SearchResult } from '../../../domain/search';
import {
  highlight,
  SEARCH_KINDS,
  SEARCH_MIN_CONTAINS,
  SEARCH_PER_KIND,
  searchWords,
  snippet,
  type SearchKind,
  type SearchTarget,
  wordsTsQuery,
} from '../../../domain/search-rules';
import { visibleMemberRoles } from '../../../domain/team';
import type { Actor } from '../../platform/auth/session';
import { containsPattern } from '../../platform/db/cursor';
import type { DatabaseHandle } from '../../platform/db/client';
import { queryPrepared } from '../../platform/db/prepared';
import { SEARCH_CONFIG } from '../../platform/db/columns';

/**
 * Each kind ranks at most this many of its matches: a query matching most of an organization
 * ("a") stays as fast as one matching a few, at the price of ranking a sample of a huge match set
 * (whole-word matches first, then in the table's order: see `candidates`). "onboarding" on
 * 10,000 projects and 100,000 tasks (PostgreSQL, one connection): 500 cost 21 ms and 100 cost
 * 14 ms planned each time; prepared and read in order, 100 cost 5.6 ms and 50 4.5 ms (decision
 * 040). A word matching fewer than 50 of a kind is ranked whole.
 */
export const SEARCH_CANDIDATES = 50;

type Row = {
  kind: SearchKind;
  id: string;
  title: string;
  body: string | null;
  context: string | null;
  project_id: string | null;
  task_id: string | null;
  score: number;
};

/** The parts of a query the statement uses; null parts match nothing. */
export type SearchTerms = {
  /** The words as whole words, and with the last as the start of a word (wordsTsQuery). */
  tsquery: { whole: string; started: string } | null;
  pattern: string | null;
  typo: string | null;
  whole: string;
};

export function searchTerms(query: string): SearchTerms {
  const words = searchWords(query);
  const whole = query.trim();
  return {
    tsquery: wordsTsQuery(words),
    // Part of a word (ILIKE '%...%' on a trigram index) needs a trigram to look up.
    pattern: whole.length >= SEARCH_MIN_CONTAINS ? containsPattern(whole) : null,
    // A name with a typo: word similarity (pg_trgm's <%) of a query of a few letters or more.
    typo: whole.length >= 4 ? whole : null,
    whole,
  };
}

const BODY_CHARS = 4000;

/**
 * Each arm asks for its first SEARCH_CANDIDATES matches, and for that the planner prices walking
 * a table (sequentially, or through any btree index, as a scan that stops early) and testing
 * each row below building the bitmap of its matches from the full-text and trigram indexes: it
 * does not count what a tsvector match or a word similarity costs on every row of the
 * organization ("onboarding" on 10,000 projects: 125 ms against 7 ms, decision 035; with 100
 * candidates, walking tasks by project_id took 14 ms against 4). Likewise it hashes every
 * project of the organization to join a comment's, note's or file's matches to their project,
 * where looking up each of the first matches by primary key stops at the limit (EXPLAIN ANALYZE
 * of "onboarding", the comments arm 11.8 -> 1.5 ms, notes 19 -> 4.3 ms). Seen from the statement
 * alone, the bitmaps and the lookups are always right: the search's transaction turns the other
 * paths off (plain index scans too, so the lookups by primary key are one-row bitmap scans).
 * A path turned off is still taken where it is the only one (a small table with no index for a
 * condition), at a prohibitive cost that makes PostgreSQL compile the statement with JIT (200 ms
 * on 0.2 ms of work): JIT is off too. So are parallel workers: starting them cost 7-10 ms of a
 * rare word's 1 ms, and a parallel union would no longer read its parts in order (see
 * `candidates`). The statement is prepared (queryPrepared) and planned once for all values,
 * generically (plan_cache_mode): planning it cost 2.5 ms on PostgreSQL and 4.5 ms on PGlite, more
 * than a rare word's whole search, and the settings above fix the plan's shape whatever the
 * values. set_config(..., true) holds for that transaction only.
 */
export const SEARCH_PLANNER_SETTING = sql`select set_config('enable_seqscan', 'off', true), set_config('enable_indexscan', 'off', true), set_config('enable_hashjoin', 'off', true), set_config('enable_mergejoin', 'off', true), set_config('jit', 'off', true), set_config('max_parallel_workers_per_gather', '0', true), set_config('plan_cache_mode', 'force_generic_plan', true)`;

/** A value of the statement: the value itself, or a placeholder for it (searchQuery). */
type Value = string | Placeholder;
type StatementActor = { organizationId: Value; profileId: Value; role: Role };
type StatementTerms = { tsquery: { whole: Value; started: Value } | null; pattern: Value | null; typo: Value | null; whole: Value };

/** The statement of a search (exported for the EXPLAIN test and the bench). */
export function searchStatement(actor: StatementActor, terms: StatementTerms): SQL | null {
  const { tsquery, pattern, typo } = terms;
  if (!tsquery && !pattern) return null;
  const org = actor.organizationId;
  const staff = canManageProjects(actor.role);
  const q = tsquery ? sql`to_tsquery(${SEARCH_CONFIG}::regconfig, ${tsquery.started})` : null;
  const wholeWords = tsquery ? sql`to_tsquery(${SEARCH_CONFIG}::regconfig, ${tsquery.whole})` : null;
  // What matches, in the order an arm looks: whole words, then the words as starts of words
  // (full text: an exact word reads a third of what a word's start does in the index), then part
  // of a name or title (trigram ILIKE), then a name with a typo (word similarity); null where the
  // query has no such part.
  const fullText = (column: SQL) => (q ? sql`${column} @@ ${q}` : null);
  const fullTextWhole = (column: SQL) => (wholeWords ? sql`${column} @@ ${wholeWords}` : null);
  const contains = (column: SQL) => (pattern ? sql`${column} ilike ${pattern}` : null);
  const typoMatch = (column: SQL) => (typo ? sql`${typo} <% ${column}` : null);
  const rank = (column: SQL) => (q ? sql`ts_rank(${column}, ${q})` : sql`0`);
  const containsScore = (column: SQL) => (pattern ? sql`(case when ${column} ilike ${pattern} then 0.5 else 0 end)` : sql`0`);
  const typoScore = (column: SQL) => (typo ? sql`word_similarity(${typo}, ${column}) * 0.4` : sql`0`);
  // The organization of a client or project searched for, kept out of the index conditions:
  // the planner would read all of the organization's rows through its btree index beside the
  // matches' bitmaps (10,000 projects: 0.3 ms of a common word's 1 ms) or instead of them, matching
  // each (1,000 clients, a word similarity each: 4 ms against the indexes' 0.3). `is true` is the
  // same test on the row, which no index answers, so the matches come from the indexes and are
  // then checked.
  const ownedBy = (table: SQL) => sql`(${table}.organization_id = ${org}) is true`;
  // A developer's projects: an EXISTS on the (project_id, developer_profile_id) unique index.
  const assigned = (project: SQL) =>
    staff ? sql`` : sql` and exists (select 1 from developer_project_access a where a.project_id = ${project}.id and a.developer_profile_id = ${actor.profileId})`;
  const visible = (project: SQL) => sql`${project}.organization_id = ${org}${assigned(project)}`;

  /**
   * The rows of `source` the caller may see (`where`) that match the first of `matches`, then
   * those matching the second and not the first, and so on: a union the candidates' LIMIT stops
   * reading once it is full, so a common word's full-text matches leave the trigram bitmaps of
   * part of a word and of typos unbuilt ("onboarding" on 100,000 tasks: 8,409 rows of trigram
   * bitmap, 1.5 ms, not read). A rarer query reads each in turn.
   */
  const candidates = (source: SQL, where: SQL, matches: (SQL | null)[]) => {
    const present = matches.filter((match): match is SQL => match !== null);
    if (present.length === 0) return null;
    return sql.join(
      present.map((match, i) => sql`(${source} where ${where} and ${match}${sql.join(present.slice(0, i).map((earlier) => sql` and not (${earlier})`))})`),
      sql` union all `,
    );
  };

  // Each arm: the first SEARCH_CANDIDATES matches the caller may see, ranked, the best SEARCH_PER_KIND.
  // `context` may be a scalar subquery over `m`: read for the best SEARCH_PER_KIND only.
  const arm = (kind: SearchKind, rows: SQL | null, score: SQL, context: SQL = sql`m.context`) =>
    rows &&
    sql`(
    select ${kind}::text as kind, m.id, ${kind === 'comment' ? sql`(select t.title from tasks t where t.id = m.task_id)` : sql`m.title`} as title, m.body, ${context} as context, m.project_id, m.task_id, ${score} as score
    from (select * from (${rows}) u limit ${SEARCH_CANDIDATES}) m
    order by score desc, m.id limit ${SEARCH_PER_KIND})`;

  const arms: (SQL | null)[] = [
    arm(
      'project',
      candidates(
        sql`select p.id, p.name as title, left(p.description, ${BODY_CHARS}) as body, p.client_id, p.id as project_id, null::uuid as task_id, p.search_vector, p.name as name
          from projects p`,
        sql`${ownedBy(sql`p`)}${assigned(sql`p`)}`,
        [fullTextWhole(sql`p.search_vector`), fullText(sql`p.search_vector`), contains(sql`p.name`), typoMatch(sql`p.name`)],
      ),
      sql`${rank(sql`m.search_vector`)} + ${containsScore(sql`m.name`)} + ${typoScore(sql`m.name`)}`,
      sql`(select c.name from clients c where c.id = m.client_id)`,
    ),
    arm(
      'task',
      candidates(
        sql`select t.id, t.title, left(t.description, ${BODY_CHARS}) as body, p.name as context, t.project_id, t.id as task_id, t.search_vector
          from tasks t join projects p on p.id = t.project_id`,
        visible(sql`p`),
        [fullTextWhole(sql`t.search_vector`), fullText(sql`t.search_vector`), contains(sql`t.title`)],
      ),
      sql`${rank(sql`m.search_vector`)} + ${containsScore(sql`m.title`)}`,
    ),
    arm(
      'comment',
      candidates(
        sql`select c.id, left(c.body, ${BODY_CHARS}) as body, p.name as context, c.project_id, c.task_id, c.search_vector
          from task_comments c join projects p on p.id = c.project_id`,
        visible(sql`p`),
        [fullTextWhole(sql`c.search_vector`), fullText(sql`c.search_vector`)],
      ),
      rank(sql`m.search_vector`),
    ),
    arm(
      'note',
      candidates(
        sql`select n.id, null::text as title, left(n.content, ${BODY_CHARS}) as body, p.name as context, n.project_id, null::uuid as task_id, n.search_vector
          from project_notes n join projects p on p.id = n.project_id`,
        visible(sql`p`),
        [fullTextWhole(sql`n.search_vector`), fullText(sql`n.search_vector`)],
      ),
      rank(sql`m.search_vector`),
    ),
    arm(
      'file',
      candidates(
        sql`select f.id, f.file_name as title, null::text as body, p.name as context, f.project_id, null::uuid as task_id
          from project_files f join projects p on p.id = f.project_id`,
        visible(sql`p`),
        [contains(sql`f.file_name`)],
      ),
      sql`similarity(${terms.whole}, m.title)`,
    ),
  ];
  if (staff) {
    arms.push(
      arm(
        'client',
        candidates(
          sql`select c.id, c.name as title, coalesce(c.contact_name || ' · ', '') || coalesce(left(c.description, ${BODY_CHARS}), '') as body, null::text as context, null::uuid as project_id, null::uuid as task_id, c.search_vector, c.name as name
            from clients c`,
          ownedBy(sql`c`),
          [fullTextWhole(sql`c.search_vector`), fullText(sql`c.search_vector`), contains(sql`c.name`), typoMatch(sql`c.name`)],
        ),
        sql`${rank(sql`m.search_vector`)} + ${containsScore(sql`m.name`)} + ${typoScore(sql`m.name`)}`,
      ),
    );
  }
  if (canManageUsers(actor.role)) {
    arms.push(
      arm(
        'template',
        candidates(
          sql`select t.id, t.name as title, left(t.description, ${BODY_CHARS}) as body, null::text as context, null::uuid as project_id, null::uuid as task_id, t.search_vector, t.name as name
            from project_templates t`,
          sql`t.organization_id = ${org}`,
          [fullTextWhole(sql`t.search_vector`), fullText(sql`t.search_vector`), contains(sql`t.name`), typoMatch(sql`t.name`)],
        ),
        sql`${rank(sql`m.search_vector`)} + ${containsScore(sql`m.name`)} + ${typoScore(sql`m.name`)}`,
      ),
    );
    const roles = visibleMemberRoles(actor.role);
    if (roles.length > 0) {
      const memberMatches = [
        contains(sql`m.full_name`),
        contains(sql`coalesce(m.email, '')`),
        typoMatch(sql`m.full_name`),
        q ? sql`to_tsvector(${SEARCH_CONFIG}::regconfig, m.full_name) @@ ${q}` : null,
      ].filter((match): match is SQL => match !== null);
      arms.push(
        arm(
          'member',
          // An organization's members are few: read through its index, matched on each.
          candidates(
            sql`select m.id, m.full_name as title, m.email as body, m.role as context, null::uuid as project_id, null::uuid as task_id, m.full_name as name
              from profiles m`,
            sql`m.organization_id = ${org} and m.role in (${sql.join(
              roles.map((role) => sql`${role}`),
              sql`, `,
            )})`,
            [sql`(${sql.join(memberMatches, sql` or `)})`],
          ),
          sql`${q ? sql`ts_rank(to_tsvector(${SEARCH_CONFIG}::regconfig, m.name), ${q})` : sql`0`} + ${containsScore(sql`m.name`)} + ${typoScore(sql`m.name`)}`,
        ),
      );
    }
  }
  return sql.join(
    arms.filter((one): one is SQL => one !== null),
    sql` union all `,
  );
}

function targetOf(row: Row): SearchTarget {
  switch (row.kind) {
    case 'project':
      return { kind: 'project', projectId: row.id };
    case 'task':
      return { kind: 'task', projectId: row.project_id!, taskId: row.id };
    case 'comment':
      return { kind: 'comment', projectId: row.project_id!, taskId: row.task_id!, commentId: row.id };
    case 'note':
      return { kind: 'note', projectId: row.project_id!, noteId: row.id };
    case 'file':
      return { kind: 'file', projectId: row.project_id!, fileId: row.id };
    case 'client':
      return { kind: 'client', clientId: row.id };
    case 'template':
      return { kind: 'template', templateId: row.id };
    case 'member':
      return { kind: 'member', memberId: row.id };
  }
}

function toResult(row: Row, query: string): SearchResult {
  const target = targetOf(row);
  // A comment's Markdown is cut around the match as the words it shows (issue 49 item 20): its
  // lines' list and quote markers are read before the snippet flattens them.
  const body = row.body ? snippet(row.kind === 'comment' ? plainMarkdown(row.body) : row.body, query) : null;
  // A note has no title: its text is its title. A comment shows its task's title and its text.
  if (row.kind === 'note') return { id: row.id, title: body ?? { text: '', marks: [] }, context: row.context, snippet: null, target };
  const shownBody = body && (body.marks.length > 0 || row.kind === 'comment') ? body : null;
  // The role's English name for now: search's own words are not yet said in the caller's language.
  const context = row.kind === 'member' ? ROLE_LABELS[row.context as Role].message : row.context;
  return { id: row.id, title: highlight(row.title, query), context, snippet: row.kind === 'member' ? body : shownBody, target };
}

const dialect = new PgDialect();
const plannerSetting = dialect.sqlToQuery(SEARCH_PLANNER_SETTING);
/** Each shape of the statement (the role; whether the query has words, a part of a word, a typo), built once. */
const shapes = new Map<string, Query | null>();

/**
 * The search's statement as text and values: its text built once per shape with placeholders,
 * then filled (building the eight arms with Drizzle on every search was 12 % of the app's CPU).
 */
export function searchQuery(actor: Pick<Actor, 'organizationId' | 'profileId' | 'role'>, terms: SearchTerms): Query | null {
  const key = [actor.role, terms.tsquery !== null, terms.pattern !== null, terms.typo !== null].join();
  let shape = shapes.get(key);
  if (shape === undefined) {
    const statement = searchStatement(
      { organizationId: sql.placeholder('organizationId'), profileId: sql.placeholder('profileId'), role: actor.role },
      {
        tsquery: terms.tsquery && { whole: sql.placeholder('wholeWords'), started: sql.placeholder('startedWords') },
        pattern: terms.pattern && sql.placeholder('pattern'),
        typo: terms.typo && sql.placeholder('typo'),
        whole: sql.placeholder('whole'),
      },
    );
    shape = statement && dialect.sqlToQuery(statement);
    shapes.set(key, shape);
  }
  if (!shape) return null;
  const values = {
    organizationId: actor.organizationId,
    profileId: actor.profileId,
    wholeWords: terms.tsquery?.whole,
    startedWords: terms.tsquery?.started,
    pattern: terms.pattern,
    typo: terms.typo,
    whole: terms.whole,
  };
  return { sql: shape.sql, params: fillPlaceholders(shape.params, values) };
}

export async function searchOrganization(database: DatabaseHandle, actor: Actor, query: string): Promise<SearchAnswer> {
  const statement = searchQuery(actor, searchTerms(query));
  if (!statement) return { query, groups: [] };
  const rows = await queryPrepared<Row>(database, plannerSetting, statement);
  const byKind = new Map<SearchKind, Row[]>();
  for (const row of rows) byKind.set(row.kind, [...(byKind.get(row.kind) ?? []), { ...row, score: Number(row.score) }]);
  const best = (list: Row[]) => Math.max(...list.map((row) => row.score));
  const groups = [...byKind.entries()]
    .sort(([a, x], [b, y]) => best(y) - best(x) || SEARCH_KINDS.indexOf(a) - SEARCH_KINDS.indexOf(b))
    .map(([kind, list]) => ({ kind, results: list.sort((x, y) => y.score - x.score || (x.id < y.id ? -1 : 1)).map((row) => toResult(row, query)) }));
  return { query, groups };
}
