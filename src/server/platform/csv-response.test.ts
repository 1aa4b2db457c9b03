// CSV exports of the Projects, Clients and Activity Logs lists (issue 15): every page of the rows
// the list shows for the same search and filters, streamed; staff only; tenancy as everywhere;
// formula cells neutralised.
import { parse } from 'csv-parse/sync';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACTIVITY_MESSAGES } from '../../domain/activity';
import { EXPORT_MESSAGES } from '../../domain/csv-export';
import { asUser, type TestUser } from '../test/as-user';
import { createTestApp, type TestApp } from '../test/test-app';
import { activityLogs } from '../modules/activity/schema';
import { clients } from '../modules/clients/schema';
import { projects } from '../modules/projects/schema';
import { organizations, profiles } from './db/schema/tenancy';

let t: TestApp;
let orgAdmin: TestUser;
let executive: TestUser;
let developer: TestUser;
let outsider: TestUser;
const PROJECTS = 1_203;

/** The download's rows, header first, with the byte-order mark checked and taken off. */
function rowsOf(body: string): string[][] {
  expect(body.startsWith('\uFEFF')).toBe(true);
  return parse(body.slice(1), { relaxColumnCount: false }) as string[][];
}

beforeAll(async () => {
  t = await createTestApp();
  orgAdmin = await asUser(t, 'organization_admin', { fullName: 'Olive Owner' });
  const organizationId = orgAdmin.organizationId;
  executive = await asUser(t, 'account_executive', { organizationId });
  developer = await asUser(t, 'developer', { organizationId });
  outsider = await asUser(t, 'organization_admin');

  const [acme, formula] = await t.db
    .insert(clients)
    .values([
      { organizationId, name: 'Acme', contactEmail: 'dana@acme.example', contactPhone: '+1 555 0100', createdBy: orgAdmin.profileId },
      { organizationId, name: '=HYPERLINK("http://evil.example","Click")', createdBy: orgAdmin.profileId },
    ])
    .returning();
  // More than two export pages, with distinct creation times (newest first is the list's order).
  const base = Date.UTC(2026, 0, 1);
  await t.db.insert(projects).values(
    Array.from({ length: PROJECTS }, (_, i) => ({
      organizationId,
      clientId: i === 7 ? formula!.id : acme!.id,
      name: i === 42 ? 'Needle, "quoted" project' : `Project ${String(i).padStart(4, '0')}`,
      description: i === 5 ? 'Line one\nline two' : null,
      status: i % 3 === 0 ? ('on_hold' as const) : ('active' as const),
      dueDate: '2027-06-30',
      createdBy: orgAdmin.profileId,
      createdAt: new Date(base + i * 60_000),
    })),
  );
  await t.db.insert(activityLogs).values([
    { organizationId, userId: orgAdmin.profileId, action: 'create_template', details: { template_name: '+Brief' } },
    { organizationId, userId: orgAdmin.profileId, action: 'create_client', details: { client_name: 'Acme' } },
  ]);
  await outsider.inject({ method: 'POST', url: '/api/clients', payload: { name: 'Other Agency Client' } });
}, 120_000);
afterAll(() => t.close());

describe('projects export', () => {
  it('downloads every matching project across pages, newest first, with a header row and ISO dates', async () => {
    const res = await orgAdmin.inject({ method: 'GET', url: '/api/projects/export' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="projects-\d{4}-\d{2}-\d{2}\.csv"$/);
    const [header, ...rows] = rowsOf(res.body);
    expect(header).toEqual(['Name', 'Client', 'Status', 'Due Date', 'Owner', 'Description', 'Created At (UTC)']);
    expect(rows).toHaveLength(PROJECTS);
    expect(rows[0]![0]).toBe(`Project ${PROJECTS - 1}`);
    expect(rows.at(-1)).toEqual(['Project 0000', 'Acme', 'On Hold', '2027-06-30', 'Olive Owner', '', '2026-01-01T00:00:00.000Z']);
    expect(new Set(rows.map((r) => r[0])).size).toBe(PROJECTS);
    // Quotes, commas and line breaks survive the round trip.
    expect(rows.find((r) => r[0]!.startsWith('Needle'))![0]).toBe('Needle, "quoted" project');
    expect(rows.find((r) => r[0] === 'Project 0005')![5]).toBe('Line one\nline two');
  });

  it('holds only what the list shows for the same search and filter', async () => {
    const searched = rowsOf((await orgAdmin.inject({ method: 'GET', url: '/api/projects/export?search=needle' })).body);
    expect(searched.slice(1).map((r) => r[0])).toEqual(['Needle, "quoted" project']);
    const onHold = rowsOf((await orgAdmin.inject({ method: 'GET', url: '/api/projects/export?status=on_hold' })).body).slice(1);
    const listed = (await orgAdmin.inject({ method: 'GET', url: '/api/projects?status=on_hold' })).json();
    expect(onHold).toHaveLength(listed.matched);
    expect(onHold.every((r) => r[2] === 'On Hold')).toBe(true);
  });

  it('neutralises a cell a spreadsheet would run as a formula', async () => {
    const rows = rowsOf((await orgAdmin.inject({ method: 'GET', url: '/api/projects/export' })).body);
    expect(rows.find((r) => r[0] === 'Project 0007')![1]).toBe('\'=HYPERLINK("http://evil.example","Click")');
  });

  it('is refused to developers, answers 401 signed out, and holds nothing of another organization', async () => {
    const dev = await developer.inject({ method: 'GET', url: '/api/projects/export' });
    expect(dev.statusCode).toBe(403);
    expect(dev.json().error.message).toBe(EXPORT_MESSAGES.forbidden.message);
    expect((await t.app.inject({ method: 'GET', url: '/api/projects/export' })).statusCode).toBe(401);
    const other = rowsOf((await outsider.inject({ method: 'GET', url: '/api/projects/export' })).body);
    expect(other).toEqual([['Name', 'Client', 'Status', 'Due Date', 'Owner', 'Description', 'Created At (UTC)']]);
  });

  it('refuses a filter the list would refuse', async () => {
    const res = await orgAdmin.inject({ method: 'GET', url: '/api/projects/export?status=nonsense' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('validation_error');
  });
});

describe('clients export', () => {
  it('downloads the clients, searched, neutralised, and never another organization\'s', async () => {
    const [header, ...rows] = rowsOf((await executive.inject({ method: 'GET', url: '/api/clients/export' })).body);
    expect(header).toEqual(['Name', 'Contact Name', 'Contact Email', 'Contact Phone', 'Website', 'Description', 'Owner', 'Created At (UTC)']);
    expect(rows.map((r) => r[0]).sort()).toEqual(['\'=HYPERLINK("http://evil.example","Click")', 'Acme']);
    const searched = rowsOf((await orgAdmin.inject({ method: 'GET', url: '/api/clients/export?search=dana' })).body).slice(1);
    expect(searched.map((r) => [r[0], r[2], r[3]])).toEqual([['Acme', 'dana@acme.example', '+1 555 0100']]);
  });

  it('is refused to developers', async () => {
    expect((await developer.inject({ method: 'GET', url: '/api/clients/export' })).statusCode).toBe(403);
  });
});

describe('activity export', () => {
  it('downloads the log with the action filter applied, details as stored', async () => {
    const res = await orgAdmin.inject({ method: 'GET', url: '/api/activities/export?action=templates' });
    expect(res.headers['content-disposition']).toMatch(/filename="activity-\d{4}-\d{2}-\d{2}\.csv"/);
    const [header, ...rows] = rowsOf(res.body);
    expect(header).toEqual(['Time (UTC)', 'User', 'Email', 'Action', 'Project', 'Details']);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.slice(1)).toEqual(['Olive Owner', orgAdmin.email, 'Create Template', '', 'Template name: +Brief']);
  });

  it('is refused to developers with the tab\'s own message', async () => {
    const res = await developer.inject({ method: 'GET', url: '/api/activities/export' });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.message).toBe(ACTIVITY_MESSAGES.forbidden.message);
  });
});

describe("the exports in the downloader's language (issue 48)", () => {
  it("writes a German member's header row in German, the cells as stored but the activity log's words", async () => {
    const german = await asUser(t, 'account_executive', { organizationId: orgAdmin.organizationId });
    await t.db.update(profiles).set({ locale: 'de' }).where(eq(profiles.id, german.profileId));
    // Their saved language wins over the browser's.
    const [projectHeader, ...rows] = rowsOf((await german.inject({ method: 'GET', url: '/api/projects/export?status=on_hold', headers: { 'accept-language': 'en' } })).body);
    expect(projectHeader).toEqual(['Name', 'Kunde', 'Status', 'Fälligkeitsdatum', 'Verantwortlich', 'Beschreibung', 'Erstellt am (UTC)']);
    expect(rows.at(-1)).toEqual(['Project 0000', 'Acme', 'On Hold', '2027-06-30', 'Olive Owner', '', '2026-01-01T00:00:00.000Z']);
    const [clientHeader] = rowsOf((await german.inject({ method: 'GET', url: '/api/clients/export' })).body);
    expect(clientHeader).toEqual(['Name', 'Name der Ansprechperson', 'E-Mail der Ansprechperson', 'Telefon der Ansprechperson', 'Website', 'Beschreibung', 'Verantwortlich', 'Erstellt am (UTC)']);
    const [activityHeader, ...activity] = rowsOf((await german.inject({ method: 'GET', url: '/api/activities/export?action=templates' })).body);
    expect(activityHeader).toEqual(['Zeit (UTC)', 'Benutzer', 'E-Mail', 'Aktion', 'Projekt', 'Details']);
    // The action and the details' labels are our words: in German too (the name stays as typed, neutralised).
    expect(activity[0]!.slice(1)).toEqual(['Olive Owner', orgAdmin.email, 'Vorlage erstellt', '', 'Vorlagenname: +Brief']);
    // The English member's file is as it was.
    expect(rowsOf((await orgAdmin.inject({ method: 'GET', url: '/api/clients/export', headers: { 'accept-language': 'de' } })).body)[0]![1]).toBe('Contact Name');
  });

  it("writes a member who saved no language their organization's", async () => {
    await t.db.update(organizations).set({ locale: 'es' }).where(eq(organizations.id, outsider.organizationId));
    try {
      const [header] = rowsOf((await outsider.inject({ method: 'GET', url: '/api/clients/export' })).body);
      expect(header).toEqual(['Nombre', 'Nombre de contacto', 'Correo electrónico de contacto', 'Teléfono de contacto', 'Sitio web', 'Descripción', 'Responsable', 'Creado el (UTC)']);
    } finally {
      await t.db.update(organizations).set({ locale: 'en' }).where(eq(organizations.id, outsider.organizationId));
    }
  });

  it('refuses in the caller’s language with the same code', async () => {
    await t.db.update(profiles).set({ locale: 'de' }).where(eq(profiles.id, developer.profileId));
    try {
      const res = await developer.inject({ method: 'GET', url: '/api/projects/export' });
      expect(res.statusCode).toBe(403);
      expect(res.json().error).toMatchObject({ code: 'forbidden', message: 'Sie sind nicht berechtigt, diese Liste zu exportieren.' });
    } finally {
      await t.db.update(profiles).set({ locale: null }).where(eq(profiles.id, developer.profileId));
    }
  });
});

describe('the exports in the API document', () => {
  it('lists each export route with its filters and a CSV answer', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    for (const [route, filters] of [
      ['/api/projects/export', ['search', 'status']],
      ['/api/clients/export', ['search']],
      ['/api/activities/export', ['search', 'action']],
    ] as const) {
      const get = doc.paths[route]?.get;
      expect(get, route).toBeDefined();
      expect(get.parameters.map((p: { name: string }) => p.name).sort(), route).toEqual([...filters].sort());
      expect(get.produces ?? Object.keys(get.responses?.['200']?.content ?? {}), route).toContain('text/csv');
    }
  });
});
