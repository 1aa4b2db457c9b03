// The organization's search (issue 34, decision 035): one statement, one arm per kind, each arm
// scoped in its own WHERE to what the caller may see (the organization; for a developer only the
// projects assigned to them; clients, templates and members for staff only), answered from the
// full-text (GIN on search_vector) and trigram (gin_trgm_ops) indexes.
import { sql, type SQL } from 'drizzle-orm';
import { canManageProjects, canManageUsers, ROLE_LABELS, type Role } from '../../../domain/roles';
import type { SearchAnswer, SearchResult } from '../../../domain/search';
import {
  highlight,
  prefixTsQuery,
  SEARCH_KINDS,
  SEARCH_MIN_CONTAINS,
  SEARCH_PER_KIND,
  searchWords,
  snippet,
  type SearchKind,
  type SearchTarget,
} from '../../../domain/search-rules';
import { visibleMemberRoles } from '../../../domain/team';
import type { Actor } from '../../platform/auth/session';
import { containsPattern } from '../../platform/db/cursor';
import type { Database } from '../../platform/db/client';
import { SEARCH_CONFIG } from '../../platform/db/schema/work';

/**
 * Each kind ranks at most this many of its matches: a query matching most of an organization
 * ("a") stays as fast as one matching a few, at the price of ranking a sample of a huge match set.
 */
export const SEARCH_CANDIDATES = 500;

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
export type SearchTerms = { tsquery: string | null; pattern: string | null; typo: string | null; whole: string };

export function searchTerms(query: string): SearchTerms {
  const words = searchWords(query);
  const whole = query.trim();
  return {
    tsquery: prefixTsQuery(words),
    // Part of a word (ILIKE '%...%' on a trigram index) needs a trigram to look up.
    pattern: whole.length >= SEARCH_MIN_CONTAINS ? containsPattern(whole) : null,
    // A name with a typo: word similarity (pg_trgm's <%) of a query of a few letters or more.
    typo: whole.length >= 4 ? whole : null,
    whole,
  };
}

const BODY_CHARS = 4000;

/**
 * Each arm asks for its first SEARCH_CANDIDATES matches, and for a common word the planner then
 * prices a sequential scan that stops early below the indexes; it is not (a word similarity or a
 * tsvector match on every row of the organization): 125 ms against 7 ms for "onboarding" on
 * 10,000 projects (decision 035). Likewise it hashes every project of the organization to join a
 * comment's, note's or file's matches to their project, where looking up each of the first
 * SEARCH_CANDIDATES by primary key stops at the limit: EXPLAIN ANALYZE of "onboarding", the
 * comments arm 11.8 -> 1.5 ms, notes 19 -> 4.3 ms, files 9.9 -> 6.8 ms, the statement 82 -> 34 ms.
 * Seen from the statement alone, the indexes and the lookups are always right; set_config(...,
 * true) holds for the search's transaction only.
 */
export const SEARCH_PLANNER_SETTING = sql`select set_config('enable_seqscan', 'off', true), set_config('enable_hashjoin', 'off', true), set_config('enable_mergejoin', 'off', true)`;

/** The statement of a search (exported for the EXPLAIN test and the bench). */
export function searchStatement(actor: Pick<Actor, 'organizationId' | 'profileId' | 'role'>, terms: SearchTerms): SQL | null {
  const { tsquery, pattern, typo } = terms;
  if (!tsquery && !pattern) return null;
  const org = actor.organizationId;
  const staff = canManageProjects(actor.role);
  const q = tsquery ? sql`to_tsquery(${SEARCH_CONFIG}::regconfig, ${tsquery})` : null;
  const fullText = (column: SQL) => (q ? sql`${column} @@ ${q}` : sql`false`);
  const rank = (column: SQL) => (q ? sql`ts_rank(${column}, ${q})` : sql`0`);
  const contains = (column: SQL) => (pattern ? sql`${column} ilike ${pattern}` : sql`false`);
  const containsScore = (column: SQL) => (pattern ? sql`(case when ${column} ilike ${pattern} then 0.5 else 0 end)` : sql`0`);
  const typoMatch = (column: SQL) => (typo ? sql`${typo} <% ${column}` : sql`false`);
  const typoScore = (column: SQL) => (typo ? sql`word_similarity(${typo}, ${column}) * 0.4` : sql`0`);
  // A developer's projects: an EXISTS on the (project_id, developer_profile_id) unique index.
  const visible = (project: SQL) =>
    staff
      ? sql`${project}.organization_id = ${org}`
      : sql`${project}.organization_id = ${org} and exists (select 1 from developer_project_access a where a.project_id = ${project}.id and a.developer_profile_id = ${actor.profileId})`;

  // Each arm: the first SEARCH_CANDIDATES matches the caller may see, ranked, the best SEARCH_PER_KIND.
  // `context` may be a scalar subquery over `m`: read for the best SEARCH_PER_KIND only.
  const arm = (kind: SearchKind, candidates: SQL, score: SQL, context: SQL = sql`m.context`) => sql`(
    select ${kind}::text as kind, m.id, ${kind === 'comment' ? sql`(select t.title from tasks t where t.id = m.task_id)` : sql`m.title`} as title, m.body, ${context} as context, m.project_id, m.task_id, ${score} as score
    from (${candidates} limit ${SEARCH_CANDIDATES}) m
    order by score desc, m.id limit ${SEARCH_PER_KIND})`;

  const arms: SQL[] = [
    arm(
      'project',
      sql`select p.id, p.name as title, left(p.description, ${BODY_CHARS}) as body, p.client_id, p.id as project_id, null::uuid as task_id, p.search_vector, p.name as name
        from projects p
        where ${visible(sql`p`)} and (${fullText(sql`p.search_vector`)} or ${contains(sql`p.name`)} or ${typoMatch(sql`p.name`)})`,
      sql`${rank(sql`m.search_vector`)} + ${containsScore(sql`m.name`)} + ${typoScore(sql`m.name`)}`,
      sql`(select c.name from clients c where c.id = m.client_id)`,
    ),
    arm(
      'task',
      sql`select t.id, t.title, left(t.description, ${BODY_CHARS}) as body, p.name as context, t.project_id, t.id as task_id, t.search_vector
        from tasks t join projects p on p.id = t.project_id
        where ${visible(sql`p`)} and (${fullText(sql`t.search_vector`)} or ${contains(sql`t.title`)})`,
      sql`${rank(sql`m.search_vector`)} + ${containsScore(sql`m.title`)}`,
    ),
    arm(
      'comment',
      sql`select c.id, left(c.body, ${BODY_CHARS}) as body, p.name as context, c.project_id, c.task_id, c.search_vector
        from task_comments c join projects p on p.id = c.project_id
        where ${visible(sql`p`)} and ${fullText(sql`c.search_vector`)}`,
      rank(sql`m.search_vector`),
    ),
    arm(
      'note',
      sql`select n.id, null::text as title, left(n.content, ${BODY_CHARS}) as body, p.name as context, n.project_id, null::uuid as task_id, n.search_vector
        from project_notes n join projects p on p.id = n.project_id
        where ${visible(sql`p`)} and ${fullText(sql`n.search_vector`)}`,
      rank(sql`m.search_vector`),
    ),
    arm(
      'file',
      sql`select f.id, f.file_name as title, null::text as body, p.name as context, f.project_id, null::uuid as task_id
        from project_files f join projects p on p.id = f.project_id
        where ${visible(sql`p`)} and ${pattern ? contains(sql`f.file_name`) : sql`false`}`,
      sql`similarity(${terms.whole}, m.title)`,
    ),
  ];
  if (staff) {
    arms.push(
      arm(
        'client',
        sql`select c.id, c.name as title, coalesce(c.contact_name || ' · ', '') || coalesce(left(c.description, ${BODY_CHARS}), '') as body, null::text as context, null::uuid as project_id, null::uuid as task_id, c.search_vector, c.name as name
          from clients c
          where c.organization_id = ${org} and (${fullText(sql`c.search_vector`)} or ${contains(sql`c.name`)} or ${typoMatch(sql`c.name`)})`,
        sql`${rank(sql`m.search_vector`)} + ${containsScore(sql`m.name`)} + ${typoScore(sql`m.name`)}`,
      ),
    );
  }
  if (canManageUsers(actor.role)) {
    arms.push(
      arm(
        'template',
        sql`select t.id, t.name as title, left(t.description, ${BODY_CHARS}) as body, null::text as context, null::uuid as project_id, null::uuid as task_id, t.search_vector, t.name as name
          from project_templates t
          where t.organization_id = ${org} and (${fullText(sql`t.search_vector`)} or ${contains(sql`t.name`)} or ${typoMatch(sql`t.name`)})`,
        sql`${rank(sql`m.search_vector`)} + ${containsScore(sql`m.name`)} + ${typoScore(sql`m.name`)}`,
      ),
    );
    const roles = visibleMemberRoles(actor.role);
    if (roles.length > 0) {
      const names = typo ? sql` or ${typoMatch(sql`m.full_name`)}` : sql``;
      arms.push(
        arm(
          'member',
          // An organization's members are few: read through its index, matched on each.
          sql`select m.id, m.full_name as title, m.email as body, m.role as context, null::uuid as project_id, null::uuid as task_id, m.full_name as name
            from profiles m
            where m.organization_id = ${org} and m.role in (${sql.join(
              roles.map((role) => sql`${role}`),
              sql`, `,
            )})
              and (${contains(sql`m.full_name`)} or ${contains(sql`coalesce(m.email, '')`)}${names}
                or ${q ? sql`to_tsvector(${SEARCH_CONFIG}::regconfig, m.full_name) @@ ${q}` : sql`false`})`,
          sql`${q ? sql`ts_rank(to_tsvector(${SEARCH_CONFIG}::regconfig, m.name), ${q})` : sql`0`} + ${containsScore(sql`m.name`)} + ${typoScore(sql`m.name`)}`,
        ),
      );
    }
  }
  return sql.join(arms, sql` union all `);
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
  const body = row.body ? snippet(row.body, query) : null;
  // A note has no title: its text is its title. A comment shows its task's title and its text.
  if (row.kind === 'note') return { id: row.id, title: body ?? { text: '', marks: [] }, context: row.context, snippet: null, target };
  const shownBody = body && (body.marks.length > 0 || row.kind === 'comment') ? body : null;
  const context = row.kind === 'member' ? ROLE_LABELS[row.context as Role] : row.context;
  return { id: row.id, title: highlight(row.title, query), context, snippet: row.kind === 'member' ? body : shownBody, target };
}

export async function searchOrganization(db: Database, actor: Actor, query: string): Promise<SearchAnswer> {
  const statement = searchStatement(actor, searchTerms(query));
  if (!statement) return { query, groups: [] };
  const result = await db.transaction(async (tx) => {
    await tx.execute(SEARCH_PLANNER_SETTING);
    return tx.execute(statement);
  });
  const rows = (result as unknown as { rows: Row[] }).rows;
  const byKind = new Map<SearchKind, Row[]>();
  for (const row of rows) byKind.set(row.kind, [...(byKind.get(row.kind) ?? []), { ...row, score: Number(row.score) }]);
  const best = (list: Row[]) => Math.max(...list.map((row) => row.score));
  const groups = [...byKind.entries()]
    .sort(([a, x], [b, y]) => best(y) - best(x) || SEARCH_KINDS.indexOf(a) - SEARCH_KINDS.indexOf(b))
    .map(([kind, list]) => ({ kind, results: list.sort((x, y) => y.score - x.score || (x.id < y.id ? -1 : 1)).map((row) => toResult(row, query)) }));
  return { query, groups };
}
