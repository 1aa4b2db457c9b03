// Issue 48 item 3: the account emails' language. An address with no member yet (a sign-up code)
// reads the request's language; an account's owner reads theirs, whatever the request's; a
// member added on the Team tab, who has chosen none, reads the organization's.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asUser } from '../../test/as-user';
import { lastEmailTo } from '../../test/outbox';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const post = (url: string, payload: unknown, language: string) =>
  t.app.inject({ method: 'POST', url, payload: payload as Record<string, unknown>, headers: { 'accept-language': language } });

describe('account emails in their reader’s language', () => {
  it('sends a sign-up code in the language the request asks for', async () => {
    const res = await post('/api/auth/sign-up/send-code', { email: 'neu@example.com' }, 'de-DE,de;q=0.9');
    expect(res.statusCode, res.body).toBe(200);
    const mail = await lastEmailTo(t.db, 'neu@example.com', 'verification_code');
    expect(mail!.subject).toBe('Ihr Brieflane-Bestätigungscode');
    expect(mail!.text).toMatch(/^Ihr Brieflane-Bestätigungscode lautet \d{6}$/m);
  });

  it("sends a password reset in the account owner's language, not the request's", async () => {
    const member = await asUser(t, 'developer');
    await member.inject({ method: 'PUT', url: '/api/settings/language', payload: { locale: 'es' } });
    const res = await post('/api/auth/password-reset/request', { email: member.email }, 'de');
    expect(res.statusCode, res.body).toBe(200);
    const mail = await lastEmailTo(t.db, member.email!, 'password_reset');
    expect(mail!.subject).toBe('Restablezca su contraseña de Brieflane');
    expect(mail!.text).toContain('Abra este enlace para elegir una nueva contraseña (funciona una vez, durante 1 hora):');
    expect(mail!.text).toMatch(/\/reset-password\?token=[A-Za-z0-9_-]+$/m);
  });

  it("invites a new member in the organization's language", async () => {
    const owner = await asUser(t, 'organization_admin', { fullName: 'Olga Owner', organizationName: 'Hafenagentur' });
    await owner.inject({ method: 'PUT', url: '/api/organization/locale', payload: { locale: 'de' } });
    const added = await owner.inject({ method: 'POST', url: '/api/team', payload: { fullName: 'Nina Neu', email: 'nina@example.com', role: 'account_executive' } });
    expect(added.statusCode, added.body).toBe(201);
    const mail = await lastEmailTo(t.db, 'nina@example.com', 'team_invitation');
    expect(mail!.subject).toBe('Sie wurden bei Brieflane zu Hafenagentur hinzugefügt');
    expect(mail!.text).toContain('Olga Owner hat Sie bei Brieflane zu „Hafenagentur“ hinzugefügt, als Kundenbetreuer.');
  });
});
