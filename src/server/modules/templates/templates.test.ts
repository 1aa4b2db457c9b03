import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newTemplateFields, TEMPLATE_MESSAGES } from '../../../domain/templates';
import type { Text } from '../../../domain/locales';
import { fixedClock } from '../../platform/clock';
import { activityLogs } from '../activity/schema';
import { projects } from '../projects/schema';
import { projectTemplates } from './schema';
import { asUser, type TestUser } from '../../test/as-user';
import { createTestApp, type TestApp } from '../../test/test-app';

const clock = fixedClock(new Date('2026-11-22T12:00:00Z'));

const extraFields = [
  { label: 'Budget', name: 'Budget', type: 'number', required: false, options: [], order: 2 },
  { label: 'Channels', name: 'channels', type: 'checkbox', required: true, options: ['Web', 'Print', 'Web'], order: 3 },
  { label: 'Tone', name: 'tone', type: 'radio', required: false, options: ['Calm', 'Bold'], order: 4 },
];
const intake = { name: 'Website Intake', description: 'For new sites', fields: [...newTemplateFields(), ...extraFields] };

describe('templates API', () => {
  let t: TestApp;
  let orgAdmin: TestUser;
  let admin: TestUser;
  let executive: TestUser;
  let developer: TestUser;
  let outsider: TestUser;

  beforeAll(async () => {
    t = await createTestApp({ clock });
    orgAdmin = await asUser(t, 'organization_admin');
    const organizationId = orgAdmin.organizationId;
    admin = await asUser(t, 'admin', { organizationId });
    executive = await asUser(t, 'account_executive', { organizationId });
    developer = await asUser(t, 'developer', { organizationId });
    outsider = await asUser(t, 'organization_admin');
  });
  afterAll(() => t.close());

  const create = (user: TestUser, payload: Record<string, unknown>) => user.inject({ method: 'POST', url: '/api/templates', payload });
  const list = async (user: TestUser, query = '') => (await user.inject({ method: 'GET', url: `/api/templates${query}` })).json();

  it('lets every staff role create a template, normalized and sorted by order', async () => {
    for (const user of [orgAdmin, admin, executive]) {
      const res = await create(user, { ...intake, name: `Intake ${user.role}` });
      expect(res.statusCode).toBe(201);
      const template = res.json();
      expect(template).toMatchObject({ name: `Intake ${user.role}`, description: 'For new sites', status: 'active' });
      expect(template.fields.map((f: { name: string; order: number }) => [f.name, f.order])).toEqual([
        ['client_name', 0],
        ['due_date', 1],
        ['budget', 2],
        ['channels', 3],
        ['tone', 4],
      ]);
      expect(template.fields[3].options).toEqual(['Web', 'Print']);
    }
  });

  it("stores a German member's default and copied labels as typed, names unchanged; the list reads them back (issue 48)", async () => {
    const german = { name: 'Website-Anfrage', fields: [...newTemplateFields({ clientName: 'Kundenname', dueDate: 'Fälligkeitsdatum' }), { ...extraFields[0], label: 'Budget (Kopie)', name: 'budget_copy1' }] };
    const res = await create(orgAdmin, german);
    expect(res.statusCode).toBe(201);
    const stored = [
      ['Kundenname', 'client_name'],
      ['Fälligkeitsdatum', 'due_date'],
      ['Budget (Kopie)', 'budget_copy1'],
    ];
    expect(res.json().fields.map((f: { label: string; name: string }) => [f.label, f.name])).toEqual(stored);
    // An English reader sees the words as they were saved: they are the template's data.
    const listed = (await list(orgAdmin, '?search=Website-Anfrage')).items[0];
    expect(listed.fields.map((f: { label: string; name: string }) => [f.label, f.name])).toEqual(stored);
  });

  it('refuses every broken rule with the spec message and writes nothing', async () => {
    const before = (await list(orgAdmin)).total;
    const defaults = newTemplateFields();
    const cases: [Record<string, unknown>, Text][] = [
      [{ ...intake, name: 'X' }, TEMPLATE_MESSAGES.nameTooShort],
      [{ ...intake, fields: [defaults[0]] }, TEMPLATE_MESSAGES.needsDefaultFields],
      [{ ...intake, fields: [] }, TEMPLATE_MESSAGES.needsDefaultFields],
      [{ ...intake, fields: [...defaults, { ...extraFields[0], label: ' ' }] }, TEMPLATE_MESSAGES.labelRequired],
      [{ ...intake, fields: [...defaults, { ...extraFields[0], name: '' }] }, TEMPLATE_MESSAGES.nameRequired],
      [{ ...intake, fields: [...defaults, extraFields[0], { ...extraFields[0], name: 'budget' }] }, TEMPLATE_MESSAGES.nameNotUnique],
      [{ ...intake, fields: [...defaults, { ...extraFields[2], options: ['Calm', 'Calm'] }] }, TEMPLATE_MESSAGES.needsTwoOptions],
      [{ ...intake, fields: [{ ...defaults[0], type: 'textarea' }, defaults[1]] }, TEMPLATE_MESSAGES.nameReserved],
    ];
    for (const [payload, { message }] of cases) {
      const res = await create(orgAdmin, payload);
      expect(res.statusCode, message).toBe(400);
      expect(res.json().error.message).toBe(message);
    }
    expect((await list(orgAdmin)).total).toBe(before);
  });

  it("keeps a number field's optional minimum and maximum, refuses them reversed or not numbers, and drops them on other types (issue 27)", async () => {
    const pages = { label: 'Pages', name: 'pages', type: 'number', required: false, options: [], order: 2 };
    const bounded = await create(orgAdmin, { ...intake, name: 'Bounded', fields: [...newTemplateFields(), { ...pages, min: 1, max: 50 }, { ...extraFields[2], order: 3, min: 1 }] });
    expect(bounded.statusCode, bounded.body).toBe(201);
    expect(bounded.json().fields[2]).toEqual({ ...pages, min: 1, max: 50 });
    expect(bounded.json().fields[3]).not.toHaveProperty('min');
    const before = (await list(orgAdmin)).total;
    for (const [bounds, message] of [
      [{ min: 9, max: 3 }, TEMPLATE_MESSAGES.minAboveMax],
      [{ min: 'one' }, TEMPLATE_MESSAGES.boundNotNumber],
    ] as const) {
      const res = await create(orgAdmin, { ...intake, name: 'Reversed', fields: [...newTemplateFields(), { ...pages, ...bounds }] });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.message).toBe(message.message);
    }
    expect((await list(orgAdmin)).total).toBe(before);
  });

  it('keeps developers out: no list, no template, no changes', async () => {
    const template = (await list(orgAdmin)).items[0];
    expect((await developer.inject({ method: 'GET', url: '/api/templates' })).statusCode).toBe(403);
    expect((await developer.inject({ method: 'GET', url: `/api/templates/${template.id}` })).statusCode).toBe(403);
    expect((await create(developer, intake)).statusCode).toBe(403);
    const update = await developer.inject({ method: 'PATCH', url: `/api/templates/${template.id}`, payload: intake });
    expect(update.statusCode).toBe(403);
    expect((await developer.inject({ method: 'DELETE', url: `/api/templates/${template.id}` })).statusCode).toBe(403);
    expect((await orgAdmin.inject({ method: 'GET', url: `/api/templates/${template.id}` })).json().name).toBe(template.name);
  });

  it('walls organizations off: another organization gets 404 and changes nothing', async () => {
    const template = (await list(orgAdmin)).items[0];
    expect((await list(outsider)).total).toBe(0);
    expect((await outsider.inject({ method: 'GET', url: `/api/templates/${template.id}` })).statusCode).toBe(404);
    const update = await outsider.inject({ method: 'PATCH', url: `/api/templates/${template.id}`, payload: { ...intake, name: 'Stolen' } });
    expect(update.statusCode).toBe(404);
    expect((await outsider.inject({ method: 'DELETE', url: `/api/templates/${template.id}` })).statusCode).toBe(404);
    expect((await outsider.inject({ method: 'GET', url: '/api/templates/not-a-uuid' })).statusCode).toBe(404);
    expect((await orgAdmin.inject({ method: 'GET', url: `/api/templates/${template.id}` })).json().name).toBe(template.name);
  });

  it('updates name, description and fields, needing at least one field', async () => {
    const { id } = (await create(admin, { ...intake, name: 'To Edit' })).json();
    const empty = await admin.inject({ method: 'PATCH', url: `/api/templates/${id}`, payload: { ...intake, fields: [] } });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.message).toBe(TEMPLATE_MESSAGES.needsOneField.message);
    const res = await executive.inject({
      method: 'PATCH',
      url: `/api/templates/${id}`,
      payload: { name: 'Edited', description: '', fields: [{ ...extraFields[0], order: 0 }] },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ name: 'Edited', description: null, fields: [{ name: 'budget', order: 0 }] });
  });

  it('searches name and description, counts X of Y and pages newest first', async () => {
    for (let i = 0; i < 3; i++) await create(orgAdmin, { ...intake, name: `Paged ${i}`, description: 'zebra' });
    const all = await list(orgAdmin);
    const first = await list(orgAdmin, '?search=ZEBRA&limit=2');
    expect(first).toMatchObject({ matched: 3, total: all.total });
    const second = await list(orgAdmin, `?search=zebra&limit=2&cursor=${first.nextCursor}`);
    // The fixed clock gives them one creation time; the id breaks the tie without repeats.
    const names = [...first.items, ...second.items].map((i: { name: string }) => i.name);
    expect(names).toHaveLength(3);
    expect([...names].sort()).toEqual(['Paged 0', 'Paged 1', 'Paged 2']);
    expect(second.nextCursor).toBeNull();
    expect(await list(orgAdmin, '?search=nothing-like-it')).toMatchObject({ items: [], matched: 0 });
  });

  it('deletes a template; projects made from it keep their questionnaire', async () => {
    const template = (await create(orgAdmin, { ...intake, name: 'Short Lived' })).json();
    const clientId = (await orgAdmin.inject({ method: 'POST', url: '/api/clients', payload: { name: 'Keep Co' } })).json().id;
    const project = await orgAdmin.inject({
      method: 'POST',
      url: '/api/projects',
      payload: {
        name: 'Kept',
        clientId,
        templateId: template.id,
        formData: { client_name: 'Keep Co', due_date: '2026-12-24', channels: ['Print'] },
      },
    });
    expect(project.statusCode).toBe(201);
    expect((await executive.inject({ method: 'DELETE', url: `/api/templates/${template.id}` })).statusCode).toBe(204);
    expect((await orgAdmin.inject({ method: 'GET', url: `/api/templates/${template.id}` })).statusCode).toBe(404);
    const [row] = await t.db.select().from(projects).where(eq(projects.id, project.json().id));
    expect(row!.templateId).toBeNull();
    expect(row!.templateFields).toHaveLength(5);
    expect(row!.formData).toMatchObject({ channels: ['Print'] });
  });
});

describe('creating a project from a template', () => {
  let t: TestApp;
  let executive: TestUser;
  let developer: TestUser;
  let outsider: TestUser;
  let clientId: string;
  let templateId: string;
  let outsiderTemplateId: string;

  beforeAll(async () => {
    t = await createTestApp({ clock });
    executive = await asUser(t, 'account_executive');
    developer = await asUser(t, 'developer', { organizationId: executive.organizationId });
    outsider = await asUser(t, 'organization_admin');
    clientId = (await executive.inject({ method: 'POST', url: '/api/clients', payload: { name: 'Acme' } })).json().id;
    templateId = (await executive.inject({ method: 'POST', url: '/api/templates', payload: intake })).json().id;
    outsiderTemplateId = (await outsider.inject({ method: 'POST', url: '/api/templates', payload: intake })).json().id;
  });
  afterAll(() => t.close());

  const create = (user: TestUser, payload: Record<string, unknown>) => user.inject({ method: 'POST', url: '/api/projects', payload });
  const answers = { client_name: 'Acme', due_date: '2026-12-01', channels: ['Web', 'Print'], budget: '5000', tone: 'Bold', stray: 'x' };

  it('stores the answers, a copy of the fields and the template id, and logs them', async () => {
    const res = await create(executive, { name: 'Website Intake Project', clientId, templateId, formData: answers });
    expect(res.statusCode).toBe(201);
    const id = res.json().id;
    const [row] = await t.db.select().from(projects).where(eq(projects.id, id));
    expect(row!.templateId).toBe(templateId);
    expect(row!.formData).toEqual({ client_name: 'Acme', due_date: '2026-12-01', channels: ['Web', 'Print'], budget: '5000', tone: 'Bold' });
    expect(row!.templateFields!.map((f) => f.name)).toEqual(['client_name', 'due_date', 'budget', 'channels', 'tone']);
    const [log] = await t.db.select().from(activityLogs).where(and(eq(activityLogs.projectId, id), eq(activityLogs.action, 'create_project')));
    expect(log!.details).toMatchObject({ project_name: 'Website Intake Project', template_id: templateId });

    // Later edits of the template leave the project's questionnaire as it was.
    await executive.inject({
      method: 'PATCH',
      url: `/api/templates/${templateId}`,
      payload: { ...intake, fields: [...intake.fields, { label: 'Extra', name: 'extra', type: 'text', required: true, order: 9 }] },
    });
    const [after] = await t.db.select().from(projects).where(eq(projects.id, id));
    expect(after!.templateFields).toHaveLength(5);
    const [template] = await t.db.select().from(projectTemplates).where(eq(projectTemplates.id, templateId));
    expect(template!.fields).toHaveLength(6);
  });

  it("answers the default fields from the project's own client and due date when they are not sent (issue 14)", async () => {
    const { client_name: _name, due_date: _due, ...asked } = answers;
    const res = await create(executive, { name: 'Mapped Defaults', clientId, dueDate: '2027-01-15', templateId, formData: { ...asked, extra: 'yes' } });
    expect(res.statusCode).toBe(201);
    const [row] = await t.db.select().from(projects).where(eq(projects.id, res.json().id));
    expect(row!.formData).toMatchObject({ client_name: 'Acme', due_date: '2027-01-15' });

    // A required Due Date field with no project due date is a missing answer, and nothing is written.
    const undated = await create(executive, { name: 'No Date', clientId, templateId, formData: { ...asked, extra: 'yes' } });
    expect(undated.statusCode).toBe(400);
    expect(undated.json().error.message).toBe(TEMPLATE_MESSAGES.requiredAnswers.message);
    expect(await t.db.select().from(projects).where(eq(projects.name, 'No Date'))).toHaveLength(0);
  });

  it('refuses missing or mistyped answers and writes nothing', async () => {
    const count = async () => (await t.db.select().from(projects)).length;
    const before = await count();
    // The template now has a required 'extra' field (previous test): answers without it fail too.
    for (const formData of [{ ...answers, extra: 'yes', channels: [] }, { ...answers, extra: 'yes', client_name: ' ' }, answers]) {
      const res = await create(executive, { name: 'Nope', clientId, templateId, formData });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.message).toBe(TEMPLATE_MESSAGES.requiredAnswers.message);
    }
    const typed: Record<string, unknown>[] = [
      { budget: 'lots' },
      { due_date: '12/01/2026' },
      { tone: 'Loud' },
      { channels: ['Radio'] },
    ];
    for (const wrong of typed) {
      const res = await create(executive, { name: 'Nope', clientId, templateId, formData: { ...answers, extra: 'yes', ...wrong } });
      expect(res.statusCode, JSON.stringify(wrong)).toBe(400);
    }
    const noTemplate = await create(executive, { name: 'Nope', clientId, formData: answers });
    expect(noTemplate.statusCode).toBe(400);
    const foreign = await create(executive, { name: 'Nope', clientId, templateId: outsiderTemplateId, formData: answers });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().error.message).toBe(TEMPLATE_MESSAGES.templateNotFound.message);
    expect((await create(developer, { name: 'Nope', clientId, templateId, formData: answers })).statusCode).toBe(403);
    expect(await count()).toBe(before);
    const ok = await create(executive, { name: 'Yes', clientId, templateId, formData: { ...answers, extra: 'yes' } });
    expect(ok.statusCode).toBe(201);
  });
});
