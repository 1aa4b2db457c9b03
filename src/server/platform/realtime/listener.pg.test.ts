// The PostgreSQL listener survives a dropped connection: it reconnects, asks the pages to
// refresh (events may have been missed) and delivers again. While it is down the session cache
// may not answer (decision 014): the feed is marked down until the resync. A PostgreSQL server is needed, so
// vitest.config.ts includes *.pg.test.ts files only when TEST_DATABASE_URL is set (CI's second run).
import pg from 'pg';
import { afterAll, describe, expect, it, vi } from 'vitest';
import type { DatabaseHandle } from '../db/client';
import { listenForChanges, type ChangeListener } from './listener';
import { changeFeedIsLive, onLocalChange } from './local-changes';
import { CHANGES_CHANNEL, type ChangeEvent } from './publisher';

const url = process.env.TEST_DATABASE_URL;
if (!url) throw new Error('listener.pg.test.ts needs TEST_DATABASE_URL');
const ORG = '00000000-0000-4000-8000-0000000000aa';

describe('PostgreSQL change listener', () => {
  let listener: ChangeListener | undefined;
  const admin = new pg.Client({ connectionString: url });
  afterAll(async () => {
    await listener?.stop();
    await admin.end();
  });

  it('reconnects after its connection is killed and delivers again', async () => {
    await admin.connect();
    const events: ChangeEvent[] = [];
    const onResync = vi.fn();
    const log = { warn: vi.fn() } as unknown as Parameters<typeof listenForChanges>[3];
    const db = {};
    // The feed's state whenever the local caches are told to resync.
    const liveAtResync: boolean[] = [];
    const off = onLocalChange((change) => {
      if (change.kind === 'resync') liveAtResync.push(changeFeedIsLive(db));
    });
    listener = await listenForChanges({ kind: 'postgres', db } as unknown as DatabaseHandle, url, { onEvent: (e) => events.push(e), onResync }, log);
    expect(changeFeedIsLive(db)).toBe(true);
    const notify = (topic: string) =>
      admin.query('select pg_notify($1, $2)', [CHANGES_CHANNEL, JSON.stringify({ organizationId: ORG, projectId: null, topic })]);

    await notify('clients');
    await vi.waitFor(() => expect(events.map((e) => e.topic)).toEqual(['clients']), { timeout: 5000 });

    const killed = await admin.query(
      `select pg_terminate_backend(pid) from pg_stat_activity
        where datname = current_database() and pid <> pg_backend_pid() and query = 'LISTEN ${CHANGES_CHANNEL}'`,
    );
    expect(killed.rowCount).toBeGreaterThanOrEqual(1);
    await vi.waitFor(() => expect(changeFeedIsLive(db)).toBe(false), { timeout: 5000 });
    await vi.waitFor(() => expect(onResync).toHaveBeenCalledOnce(), { timeout: 5000 });
    // Caches forget everything before the feed counts as live again.
    expect(liveAtResync).toEqual([false]);
    expect(changeFeedIsLive(db)).toBe(true);

    await notify('templates');
    await vi.waitFor(() => expect(events.map((e) => e.topic)).toEqual(['clients', 'templates']), { timeout: 5000 });
    await listener.stop();
    listener = undefined;
    expect(changeFeedIsLive(db)).toBe(false);
    off();
  });
});
