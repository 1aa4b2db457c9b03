// The report counts stay exact when writers race (decision 014), on PostgreSQL where they can: a
// project deleted while another transaction deletes, changes or adds one of its tasks, and folds
// running beside writers and beside each other. Each race is forced: the second transaction is
// seen waiting on a lock before the first commits.
import pg from 'pg';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createOrganization } from '../../platform/auth/accounts';
import { openDatabase, type DatabaseHandle } from '../../platform/db/client';
import { createPostgresDatabase } from '../../test/test-app';
import { countReport, foldReportCounts } from './report-counts';

const baseUrl = process.env.TEST_DATABASE_URL;
if (!baseUrl) throw new Error('report-counts.pg.test.ts needs TEST_DATABASE_URL');

describe('report counts under concurrent writers', () => {
  let drop: () => Promise<void>;
  let url: string;
  let database: DatabaseHandle;
  let first: pg.Client;
  let second: pg.Client;
  let organizationId: string;
  let projectId: string;
  let taskId: string;

  beforeAll(async () => {
    const fresh = await createPostgresDatabase(baseUrl);
    drop = fresh.drop;
    url = fresh.url;
    database = await openDatabase({ url, poolSize: 2 });
    first = new pg.Client({ connectionString: url });
    second = new pg.Client({ connectionString: url });
    await first.connect();
    await second.connect();
  });
  afterAll(async () => {
    await first?.end();
    await second?.end();
    await database?.close();
    await drop?.();
  });

  beforeEach(async () => {
    organizationId = (await createOrganization(database.db, 'Racing Agency')).id;
    const q = (text: string, params: unknown[]) => database.pool!.query(text, params);
    const clientId = (await q(`insert into clients (organization_id, name) values ($1, 'C') returning id`, [organizationId])).rows[0].id;
    projectId = (await q(`insert into projects (organization_id, client_id, name) values ($1, $2, 'P') returning id`, [organizationId, clientId])).rows[0].id;
    const created = await q(`insert into tasks (project_id, title) values ($1, 'A'), ($1, 'B') returning id`, [projectId]);
    taskId = created.rows[0].id;
  });

  /** Resolves once `client`'s backend waits for a lock. */
  async function waitsForLock(client: pg.Client) {
    const pid = (client as unknown as { processID: number }).processID;
    await vi.waitFor(
      async () => {
        const { rows } = await database.pool!.query(`select wait_event_type from pg_stat_activity where pid = $1`, [pid]);
        expect(rows[0]?.wait_event_type).toBe('Lock');
      },
      { timeout: 5000, interval: 20 },
    );
  }

  async function expectExact() {
    const rows = await database.pool!.query(
      `select (select count(*)::int from projects where organization_id = $1) as projects,
              (select count(*)::int from tasks t join projects p on p.id = t.project_id where p.organization_id = $1) as tasks,
              (select count(*)::int from tasks t join projects p on p.id = t.project_id where p.organization_id = $1 and t.status = 'completed') as completed`,
      [organizationId],
    );
    const counted = await countReport(database.db, organizationId, null);
    expect({ projects: counted.totalProjects, tasks: counted.totalTasks, completed: counted.completedTasks }).toEqual(rows.rows[0]);
  }

  /** `race` runs in `first` and stays open while `second` deletes the project; then both commit. */
  async function deleteProjectDuring(race: string, params: unknown[]) {
    await first.query('begin');
    await first.query(race, params);
    const deleting = second.query('delete from projects where id = $1', [projectId]);
    await waitsForLock(second);
    await first.query('commit');
    await deleting;
    await expectExact();
  }

  it('counts a task deleted while its project is deleted once', async () => {
    await deleteProjectDuring('delete from tasks where id = $1', [taskId]);
  });

  it('counts a task changed while its project is deleted by its new status', async () => {
    await deleteProjectDuring(`update tasks set status = 'completed' where id = $1`, [taskId]);
  });

  it('counts a task added while its project is deleted', async () => {
    await deleteProjectDuring(`insert into tasks (project_id, title) values ($1, 'Late')`, [projectId]);
  });

  it('keeps what is written during a fold, and two folds at once count nothing twice', async () => {
    await first.query('begin');
    await first.query(`insert into tasks (project_id, title, status) values ($1, 'During', 'completed')`, [projectId]);
    await foldReportCounts(database.db, new Date());
    await first.query('commit');
    await expectExact();

    await first.query(`insert into tasks (project_id, title) select $1, 'More ' || g from generate_series(1, 50) g`, [projectId]);
    await first.query('begin');
    await first.query('select report_counts_fold()');
    const folding = second.query('select report_counts_fold()');
    await waitsForLock(second);
    await first.query('commit');
    await folding;
    await expectExact();
  });
});
