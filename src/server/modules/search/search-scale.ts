// An organization of search's scale, seeded in SQL (a few INSERT ... SELECT generate_series, so
// 160,000 rows take seconds, not minutes): projects under clients, each with tasks, notes, a
// comment on every tenth task and a file. Text is words of a small vocabulary (so a common word
// matches many rows, as in life) and an md5 (so a rare one matches a few). Used by the EXPLAIN
// test (search-plan.test.ts) and the bench (scripts/bench/search-server.ts).
import { sql } from 'drizzle-orm';
import type { Database } from '../../platform/db/client';

export const SCALE_WORDS = [
  'design', 'launch', 'review', 'brand', 'website', 'campaign', 'budget', 'copy', 'video', 'social',
  'onboarding', 'strategy', 'research', 'prototype', 'feedback', 'invoice', 'contract', 'workshop', 'banner', 'newsletter',
  'logo', 'audit', 'report', 'meeting', 'roadmap', 'analytics', 'photo', 'landing', 'mobile', 'support',
];

const word = (n: string) => `(array[${SCALE_WORDS.map((w) => `'${w}'`).join(', ')}])[1 + (${n}) % ${SCALE_WORDS.length}]`;

export async function seedSearchScale(
  db: Database,
  options: { organizationId: string; profileId: string; projects: number; tasksPerProject: number; notesPerProject: number },
): Promise<void> {
  const { organizationId, profileId, projects, tasksPerProject, notesPerProject } = options;
  const clients = Math.max(1, Math.floor(projects / 10));
  await db.execute(sql`
    insert into clients (organization_id, name, contact_name, created_by)
    select ${organizationId}, 'Client ' || ${sql.raw(word('g'))} || ' ' || left(md5('c' || g), 8), 'Contact ' || g, ${profileId}
    from generate_series(1, ${clients}) g`);
  await db.execute(sql`
    insert into projects (organization_id, client_id, name, description, created_by)
    select ${organizationId}, c.id, 'Project ' || ${sql.raw(word('g'))} || ' ' || md5(g::text), 'About the ' || ${sql.raw(word('g * 7'))} || ' ' || md5((g * 7)::text), ${profileId}
    from generate_series(1, ${projects}) g
    join (select id, row_number() over () as n from clients where organization_id = ${organizationId}) c on c.n = 1 + g % ${clients}`);
  const projectRows = sql.raw(`(select id, row_number() over () as n from projects where organization_id = '${organizationId}')`);
  await db.execute(sql`
    insert into tasks (project_id, title, description, created_by, position)
    select p.id, initcap(${sql.raw(word('p.n + k'))}) || ' ' || ${sql.raw(word('p.n * 3 + k'))} || ' ' || left(md5(p.n || '-' || k), 10),
      case when k % 3 = 0 then 'Details of the ' || ${sql.raw(word('k * 11 + p.n'))} || ' ' || md5(k || '/' || p.n) end, ${profileId}, k
    from ${projectRows} p cross join generate_series(1, ${tasksPerProject}) k`);
  await db.execute(sql`
    insert into project_notes (project_id, content, created_by)
    select p.id, 'Note about ' || ${sql.raw(word('p.n + k * 5'))} || ' and ' || ${sql.raw(word('p.n * 7 + k'))} || ': ' || md5('n' || p.n || '-' || k) || ' ' || repeat('words of a longer note ', 5), ${profileId}
    from ${projectRows} p cross join generate_series(1, ${notesPerProject}) k`);
  await db.execute(sql`
    insert into task_comments (project_id, task_id, body, created_by, author_name)
    select t.project_id, t.id, 'Comment on the ' || ${sql.raw(word('t.position::int * 13'))} || ' ' || left(md5(t.id::text), 12), ${profileId}, 'Bench Owner'
    from tasks t join projects p on p.id = t.project_id
    where p.organization_id = ${organizationId} and t.position::int % 10 = 0`);
  await db.execute(sql`
    insert into project_files (project_id, file_name, file_type, is_link, link_url, uploaded_by)
    select p.id, ${sql.raw(word('p.n'))} || '-brief-' || left(md5('f' || p.n), 6) || '.pdf', 'link', true, 'https://example.com/' || p.n, ${profileId}
    from ${projectRows} p`);
}
