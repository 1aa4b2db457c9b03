// Issue 48: the activity CSV's cells that hold our words (the action, who did it, the details'
// labels and the codes stored as their values) are written in the downloader's language, as its
// header row is; names, numbers and dates stay as stored. What is stored does not change.
import { parse } from 'csv-parse/sync';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { organizations, profiles } from '../../platform/db/schema/tenancy';
import { asUser, type TestUser } from '../../test/as-user';
import { createTestApp, type TestApp } from '../../test/test-app';
import { activityLogs } from './schema';

let t: TestApp;
let orgAdmin: TestUser;
let german: TestUser;
let noLanguage: TestUser;

/** The download's rows, header first, without the byte-order mark. */
async function download(user: TestUser, headers: Record<string, string> = {}): Promise<string[][]> {
  const res = await user.inject({ method: 'GET', url: '/api/activities/export', headers });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.body.startsWith('\uFEFF')).toBe(true);
  return parse(res.body.slice(1)) as string[][];
}

/**
 * Each row's User, Action and Details cells, oldest entry first; the details' parts sorted (they
 * come in jsonb's key order, not the order they were written in).
 */
const wordsOf = (rows: string[][]) =>
  rows
    .slice(1)
    .reverse()
    .map((row) => [row[1], row[3], row[5]!.split('; ').sort().join('; ')]);

/** A details cell's parts as wordsOf sorts them. */
const parts = (...said: string[]) => said.sort().join('; ');

const SSO_DETAILS = {
  issuer: 'https://id.example',
  client_id: 'brieflane',
  domains: 'acme.example',
  new_members: 'join',
  join_role: 'developer',
  password_sign_in: 'off',
  email_verified: 'required',
  client_secret: 'replaced',
};

beforeAll(async () => {
  t = await createTestApp();
  orgAdmin = await asUser(t, 'organization_admin', { fullName: 'Olive Owner' });
  const organizationId = orgAdmin.organizationId;
  german = await asUser(t, 'account_executive', { organizationId });
  await t.db.update(profiles).set({ locale: 'de' }).where(eq(profiles.id, german.profileId));
  noLanguage = await asUser(t, 'admin', { organizationId });
  const at = (minute: number) => new Date(Date.UTC(2026, 10, 29, 9, minute));
  await t.db.insert(activityLogs).values([
    { organizationId, userId: orgAdmin.profileId, action: 'update_sso_settings', details: SSO_DETAILS, createdAt: at(1) },
    // The domain check, with no one behind it: "Removed user" as the tab says it.
    { organizationId, userId: null, action: 'lapse_sso_domain', details: { domain: 'acme.example', reason: 'not_found' }, createdAt: at(2) },
    { organizationId, userId: orgAdmin.profileId, action: 'upload_file_version', details: { file_name: 'Logo.png', version: 2, file_size: 2048, approval: 'awaiting' }, createdAt: at(3) },
    // A code a later release wrote: shown as stored.
    { organizationId, userId: orgAdmin.profileId, action: 'lapse_sso_domain', details: { domain: 'beta.example', reason: 'expired' }, createdAt: at(4) },
  ]);
}, 120_000);
afterAll(() => t.close());

describe("the activity CSV's cells in the downloader's language (issue 48)", () => {
  it("writes a German member's actions, who did it, detail labels and stored codes in German", async () => {
    // Their saved language wins over the browser's.
    const rows = await download(german, { 'accept-language': 'en' });
    expect(rows[0]).toEqual(['Zeit (UTC)', 'Benutzer', 'E-Mail', 'Aktion', 'Projekt', 'Details']);
    expect(wordsOf(rows)).toEqual([
      [
        'Olive Owner',
        'Single Sign-on geändert',
        parts('Aussteller: https://id.example', 'Domains: acme.example', 'Neue Mitglieder: Treten bei', 'Rolle beim Beitritt: Entwickler', 'Anmeldung mit Passwort: Aus', 'E-Mail bestätigt: Erforderlich', 'Client-Secret: Ersetzt'),
      ],
      ['Entfernter Benutzer', 'Nachweis einer E-Mail-Domain für Single Sign-on entfallen', parts('Domain: acme.example', 'Grund: Nachweis-Eintrag nicht gefunden')],
      // Names, numbers and dates as stored.
      ['Olive Owner', 'Neue Dateiversion hochgeladen', parts('Dateiname: Logo.png', 'Version: 2', 'Dateigröße: 2048', 'Freigabe: Wartet auf Freigabe')],
      ['Olive Owner', 'Nachweis einer E-Mail-Domain für Single Sign-on entfallen', parts('Domain: beta.example', 'Grund: expired')],
    ]);
  });

  it("writes German for a member who saved no language when their organization's is German, whatever the browser asks", async () => {
    await t.db.update(organizations).set({ locale: 'de' }).where(eq(organizations.id, orgAdmin.organizationId));
    try {
      const rows = await download(noLanguage, { 'accept-language': 'en' });
      expect(rows[0]![3]).toBe('Aktion');
      expect(wordsOf(rows)[2]).toEqual(['Olive Owner', 'Neue Dateiversion hochgeladen', parts('Dateiname: Logo.png', 'Version: 2', 'Dateigröße: 2048', 'Freigabe: Wartet auf Freigabe')]);
    } finally {
      await t.db.update(organizations).set({ locale: 'en' }).where(eq(organizations.id, orgAdmin.organizationId));
    }
  });

  it('writes an English member’s file in English, the codes by their English words', async () => {
    const rows = await download(orgAdmin);
    expect(rows[0]).toEqual(['Time (UTC)', 'User', 'Email', 'Action', 'Project', 'Details']);
    expect(wordsOf(rows)).toEqual([
      [
        'Olive Owner',
        'Updated single sign-on',
        parts('Issuer: https://id.example', 'Domains: acme.example', 'New members: Join', 'Join role: Developer', 'Password sign in: Off', 'Email verified: Required', 'Client secret: Replaced'),
      ],
      ['Removed user', 'An email domain stopped proving itself for single sign-on', parts('Domain: acme.example', 'Reason: Verification record not found')],
      ['Olive Owner', 'Upload File Version', parts('File name: Logo.png', 'Version: 2', 'File size: 2048', 'Approval: Awaiting approval')],
      ['Olive Owner', 'An email domain stopped proving itself for single sign-on', parts('Domain: beta.example', 'Reason: expired')],
    ]);
  });

  it('stores the codes, not the words, whoever reads them', async () => {
    const res = await german.inject({ method: 'GET', url: '/api/activities?search=sso' });
    const sso = res.json().items.find((item: { action: string }) => item.action === 'update_sso_settings');
    expect(sso.details).toEqual(SSO_DETAILS);
  });
});
