// A failed query must not put people's data in the logs (issue #19): the app's log stream is
// captured while a write fails in the database, and the line keeps the query and the SQLSTATE
// code but none of the values.
import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedAgency, type Agency } from '../test/agency';
import { createTestApp, type TestApp } from '../test/test-app';
import { serializeLoggedError } from './log-redaction';

describe('logged errors of failed queries', () => {
  let t: TestApp;
  let agency: Agency;
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
      done();
    },
  });
  const failures = () => lines.map((line) => JSON.parse(line) as { msg?: string }).filter((entry) => entry.msg === 'request failed');

  beforeAll(async () => {
    t = await createTestApp({ logStream: stream });
    agency = await seedAgency(t);
    // Constraints that refuse the writes below in the database itself (NOT VALID: old rows stay).
    await t.db.execute(sql`alter table project_notes add constraint log_probe check (content not like '%Secret plan%') not valid`);
    await t.db.execute(sql`alter table profiles add constraint log_probe check (email not like '%@probe.test') not valid`);
  });
  afterAll(() => t.close());

  it('keep the query and the error code, not the note text or the author', async () => {
    lines.length = 0;
    const res = await agency.orgAdmin.inject({
      method: 'POST',
      url: `/api/projects/${agency.projectId}/notes`,
      payload: { content: 'Secret plan: call Dana Whitfield on Friday' },
    });
    expect(res.statusCode).toBe(500);
    const [entry] = failures();
    expect(entry, lines.join('\n')).toBeDefined();
    const text = JSON.stringify(entry);
    expect(text).toContain('insert into \\"project_notes\\"');
    expect(text).toContain('23514');
    expect(text).toContain('log_probe');
    expect(text).not.toContain('Secret plan');
    expect(text).not.toContain('Dana Whitfield');
    expect(text).not.toContain(agency.orgAdmin.profileId);
  });

  it('keep no email or name of a member being added', async () => {
    lines.length = 0;
    const res = await agency.orgAdmin.inject({
      method: 'POST',
      url: '/api/team',
      payload: { fullName: 'Probe Person', email: 'probe.person@probe.test' },
    });
    expect(res.statusCode).toBe(500);
    const text = lines.join('\n');
    expect(failures().length, text).toBe(1);
    expect(text).toContain('23514');
    expect(text).not.toContain('probe.person');
    expect(text).not.toContain('Probe Person');
  });
});

describe('serializeLoggedError', () => {
  it('drops values from PostgreSQL details and quoted inputs, keeps the constraint', () => {
    const error = Object.assign(new Error('invalid input syntax for type uuid: "ann@example.com"'), {
      code: '22P02',
      detail: 'Key (organization_id, email)=(0b6f, ann@example.com) already exists.',
      constraint: 'profiles_email_key',
    });
    const out = serializeLoggedError(new Error('wrapped', { cause: error }));
    const text = JSON.stringify(out);
    expect(text).not.toContain('ann@example.com');
    expect(out.cause).toMatchObject({ code: '22P02', constraint: 'profiles_email_key', detail: 'Key (organization_id, email)=([redacted]) already exists.' });
  });
});
