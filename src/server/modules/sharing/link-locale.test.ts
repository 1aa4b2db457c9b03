// Issue 48 item 4: a share, intake or approval link is shown in the language staff chose for it
// (null: the organization's), which its public answer and its password answer carry.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_MESSAGES } from '../../../domain/auth';
import { fixedClock } from '../../platform/clock';
import { translate } from '../../platform/i18n';
import { SERVER_MESSAGES } from '../../platform/messages';
import { activityLogs } from '../activity/schema';
import type { TestUser } from '../../test/as-user';
import { seedAgency, type Agency } from '../../test/agency';
import { createTestApp, type TestApp } from '../../test/test-app';
import { projectAccessTokens } from './schema';

const clock = fixedClock(new Date('2026-11-29T12:00:00Z'));

/** A questionnaire for the intake link (the default fields and one more). */
const brief = {
  name: 'Brand Brief',
  fields: [
    { label: 'Client Name', name: 'client_name', type: 'text', required: true, options: [], order: 0 },
    { label: 'Due Date', name: 'due_date', type: 'date', required: true, options: [], order: 1 },
    { label: 'Audience', name: 'audience', type: 'textarea', required: true, options: [], order: 2 },
    { label: 'Budget', name: 'budget', type: 'number', required: false, options: [], order: 3 },
    { label: 'Channels', name: 'channels', type: 'checkbox', required: true, options: ['Web', 'Print'], order: 4 },
  ],
};

describe('a link’s language', () => {
  let t: TestApp;
  let a: Agency;
  let templateId: string;

  beforeAll(async () => {
    t = await createTestApp({ clock });
    a = await seedAgency(t, { orgAdmin: 'Olive Owner', project: 'Language Project' });
    const template = await a.orgAdmin.inject({ method: 'POST', url: '/api/templates', payload: brief });
    expect(template.statusCode, template.body).toBe(201);
    templateId = template.json().id;
  });
  afterAll(() => t.close());

  const base = `/api/projects/${'{projectId}'}/access-links`;
  const create = (user: TestUser, payload: Record<string, unknown>, headers: Record<string, string> = {}) =>
    user.inject({ method: 'POST', url: base.replace('{projectId}', a.projectId), payload, headers });
  const open = (token: string, headers: Record<string, string> = {}, payload: Record<string, unknown> = {}) =>
    t.app.inject({ method: 'POST', url: `/api/project-access/${token}/session`, payload, headers });
  const read = (token: string) => t.app.inject({ method: 'GET', url: `/api/project-access/${token}` });
  const linkCount = async () => (await t.db.select().from(projectAccessTokens).where(eq(projectAccessTokens.projectId, a.projectId))).length;

  it('keeps the language staff chose, and the public answer says it', async () => {
    const created = await create(a.executive, { name: 'Para el cliente', locale: 'es' });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().locale).toBe('es');
    const { token, id } = created.json();
    const [row] = await t.db.select().from(projectAccessTokens).where(eq(projectAccessTokens.id, id));
    expect(row!.locale).toBe('es');
    // Opening it and reading it again, in an English browser: the link's language all the same.
    const opened = await open(token, { 'accept-language': 'en-US,en;q=0.9' });
    expect(opened.statusCode, opened.body).toBe(200);
    expect(opened.json().locale).toBe('es');
    expect((await read(token)).json().locale).toBe('es');
    // The staff's list shows it too, and the activity log names it.
    const listed = (await a.orgAdmin.inject({ method: 'GET', url: base.replace('{projectId}', a.projectId) })).json().items;
    expect(listed.find((link: { id: string }) => link.id === id).locale).toBe('es');
    const entries = await t.db.select().from(activityLogs).where(eq(activityLogs.action, 'create_access_link'));
    expect(entries.find((entry) => entry.details?.link_name === 'Para el cliente')?.details).toMatchObject({ locale: 'es' });
  });

  it('intake and approval links take one too', async () => {
    const approval = await create(a.orgAdmin, { name: 'Freigabe', viewersMayApprove: true, locale: 'de' });
    expect(approval.statusCode, approval.body).toBe(201);
    expect((await open(approval.json().token)).json()).toMatchObject({ canApprove: true, locale: 'de' });
    const intake = await create(a.orgAdmin, { name: 'Intake', intake: true, templateId, locale: 'es' });
    expect(intake.statusCode, intake.body).toBe(201);
    expect((await open(intake.json().token)).json()).toMatchObject({ intakeState: 'open', locale: 'es' });
  });

  it('without one, the link is shown in the organization’s language (English)', async () => {
    for (const payload of [{ name: 'Default' }, { name: 'Default too', locale: null }]) {
      const created = await create(a.admin, payload);
      expect(created.statusCode, created.body).toBe(201);
      expect(created.json().locale).toBeNull();
      expect((await open(created.json().token, { 'accept-language': 'de-DE' })).json().locale).toBe('en');
    }
  });

  it('refuses a language Brieflane does not speak (400, in the caller’s language)', async () => {
    const before = await linkCount();
    const refused = await create(a.orgAdmin, { name: 'French', locale: 'fr' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error).toMatchObject({ code: 'validation_error', message: translate('en', AUTH_MESSAGES.languageInvalid) });
    const inGerman = await create(a.orgAdmin, { name: 'French', locale: 'fr' }, { 'accept-language': 'de' });
    expect(inGerman.json().error.message).toBe(translate('de', AUTH_MESSAGES.languageInvalid));
    expect(await linkCount()).toBe(before);
  });

  it('no one outside the staff sets it: a developer gets 403, anyone else 404, a visitor cannot change it', async () => {
    const before = await linkCount();
    for (const [user, status] of [[a.developer, 403], [a.unassigned, 404], [a.outsider, 404]] as const) {
      expect((await create(user, { name: 'Nope', locale: 'de' })).statusCode).toBe(status);
    }
    expect(await linkCount()).toBe(before);
    // Opening the link with a language of one's own changes nothing on it.
    const { token } = (await create(a.orgAdmin, { name: 'Fixed', locale: 'es' })).json();
    expect((await open(token, {}, { locale: 'de' })).json().locale).toBe('es');
    expect((await open(token)).json().locale).toBe('es');
  });

  it('a protected link’s password answer names its language, for the password page', async () => {
    const { token } = (await create(a.orgAdmin, { name: 'Geschützt', password: 'correct horse', locale: 'de' })).json();
    const gate = await open(token, { 'accept-language': 'en' });
    expect(gate.statusCode).toBe(401);
    expect(gate.json().error).toMatchObject({ code: 'password_required', locale: 'de' });
    expect((await read(token)).json().error).toMatchObject({ code: 'password_required', locale: 'de' });
    const unset = (await create(a.orgAdmin, { name: 'Protected', password: 'correct horse' })).json();
    expect((await open(unset.token)).json().error).toMatchObject({ code: 'password_required', locale: 'en' });
    // Other errors name no language.
    expect((await open(token, {}, { password: 'wrong password' })).json().error.locale).toBeUndefined();
  });

  it('a link route’s message follows the language the page sends (Accept-Language), not the link’s', async () => {
    const { token } = (await create(a.orgAdmin, { name: 'Spanish', locale: 'es' })).json();
    const inGerman = await t.app.inject({ method: 'POST', url: `/api/project-access/${token}/notes`, payload: { content: 'Hallo' }, headers: { 'accept-language': 'de' } });
    expect(inGerman.statusCode).toBe(401);
    expect(inGerman.json().error.message).toBe(translate('de', SERVER_MESSAGES.notAuthenticated));
    expect(translate('de', SERVER_MESSAGES.notAuthenticated)).not.toBe(translate('en', SERVER_MESSAGES.notAuthenticated));
    const inSpanish = await t.app.inject({ method: 'POST', url: `/api/project-access/${token}/notes`, payload: { content: 'Hola' }, headers: { 'accept-language': 'es' } });
    expect(inSpanish.json().error.message).toBe(translate('es', SERVER_MESSAGES.notAuthenticated));
  });
});
