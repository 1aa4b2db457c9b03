// Issue 48: the activity log's actions and detail lines in German and Spanish, through the
// compiled catalogs the server and the web app share (the server's translator reads them all).
import { describe, expect, it } from 'vitest';
import { ACTION_TEXTS, actionLabel, DETAIL_TEXTS, detailCodeLabel, detailLabel, detailLines, VALUE_TEXTS, type Say } from '../../../domain/activity';
import { ACTIVITY_ACTIONS } from '../../../domain/change-topics';
import type { Locale } from '../../../domain/locales';
import { translate } from '../../platform/i18n';

const sayIn =
  (locale: Locale): Say =>
  (text, values) =>
    translate(locale, text, values);
const german = sayIn('de');
const spanish = sayIn('es');

describe('activity labels in the reader’s language (issue 48)', () => {
  it('says actions as short past-tense phrases in German and Spanish', () => {
    expect(actionLabel('create_project', german)).toBe('Projekt erstellt');
    expect(actionLabel('add_note', german)).toBe('Notiz hinzugefügt');
    expect(actionLabel('submit_questionnaire', german)).toBe('Der Kunde hat den Fragebogen abgeschickt');
    expect(actionLabel('create_project', spanish)).toBe('Proyecto creado');
    expect(actionLabel('add_note', spanish)).toBe('Nota añadida');
    expect(actionLabel('create_project', sayIn('en'))).toBe(ACTION_TEXTS.create_project.message);
  });

  it('has German and Spanish for every action the log records and every detail label', () => {
    for (const action of ACTIVITY_ACTIONS) {
      for (const say of [german, spanish]) {
        const label = actionLabel(action, say);
        expect(label, action).not.toBe(ACTION_TEXTS[action].message);
        expect(label, action).not.toBe(ACTION_TEXTS[action].id);
      }
    }
    for (const [key, text] of Object.entries(DETAIL_TEXTS)) {
      expect(detailLabel(key, german), key).not.toBe(text.id);
      expect(detailLabel(key, spanish), key).not.toBe(text.id);
    }
  });

  it('writes a detail line in German: labels, statuses, priorities, roles, changed fields, yes', () => {
    expect(
      detailLines(
        { task_title: 'Logo', previous_status: 'active', status: 'pending', priority: 'high', role: 'developer', changed: 'dueDate, priority', has_password: true },
        german,
      ),
    ).toEqual([
      { label: 'Aufgabentitel', value: 'Logo' },
      { label: 'Vorheriger Status', value: 'Aktiv' },
      { label: 'Status', value: 'Zu erledigen' },
      { label: 'Priorität', value: 'Hoch' },
      { label: 'Rolle', value: 'Entwickler' },
      { label: 'Geändert', value: 'Fälligkeitsdatum, Priorität' },
      { label: 'Mit Passwort', value: 'Ja' },
    ]);
    expect(detailLines({ client_name: 'Acme', role: 'admin' }, spanish)).toEqual([
      { label: 'Nombre del cliente', value: 'Acme' },
      { label: 'Rol', value: 'Administrador' },
    ]);
  });

  it('has German and Spanish for every stored code a detail line says', () => {
    for (const [key, codes] of Object.entries(VALUE_TEXTS)) {
      for (const [code, text] of Object.entries(codes)) {
        for (const say of [german, spanish]) {
          const value = detailCodeLabel(key, code, say);
          expect(value, `${key}.${code}`).toBeTruthy();
          expect(value, `${key}.${code}`).not.toBe(text.id);
        }
        // Each language its own words ('Optional' is German too: the English one is checked apart).
        expect(detailCodeLabel(key, code, spanish), `${key}.${code}`).not.toBe(text.message);
      }
    }
  });

  it('writes stored codes in German: single sign-on settings, a lapsed domain, a reset approval', () => {
    expect(
      detailLines({ new_members: 'refuse', join_role: 'developer', password_sign_in: 'off', email_verified: 'required', client_secret: 'kept' }, german),
    ).toEqual([
      { label: 'Neue Mitglieder', value: 'Werden abgewiesen' },
      { label: 'Rolle beim Beitritt', value: 'Entwickler' },
      { label: 'Anmeldung mit Passwort', value: 'Aus' },
      { label: 'E-Mail bestätigt', value: 'Erforderlich' },
      { label: 'Client-Secret', value: 'Beibehalten' },
    ]);
    expect(detailLines({ domain: 'acme.example', reason: 'not_found' }, german).map((line) => line.value)).toEqual(['acme.example', 'Nachweis-Eintrag nicht gefunden']);
    expect(detailLines({ approval: 'awaiting', password_sign_in: 'on' }, german).map((line) => line.value)).toEqual(['Wartet auf Freigabe', 'Ein']);
    expect(detailLines({ approval: 'awaiting' }, spanish).map((line) => line.value)).toEqual(['Pendiente de aprobación']);
    // A code without a text is shown as stored, in any language.
    expect(detailLines({ reason: 'expired', from: 'USD' }, german).map((line) => line.value)).toEqual(['expired', 'USD']);
  });
});
