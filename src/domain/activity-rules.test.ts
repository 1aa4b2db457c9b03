import { describe, expect, it } from 'vitest';
import { detailCodeLabel, detailLines } from './activity';
import { ACTION_TEXTS, actionLabel, DETAIL_TEXTS, detailLabel, inEnglish, VALUE_TEXTS, type Say } from './activity-rules';
import { ACTIVITY_ACTIONS } from './change-topics';
import { SSO_DOMAIN_CHECK_ERRORS, SSO_NEW_MEMBERS } from './sso-rules';

/** A stand-in translator: each text by its id, so a test sees which text was said. (The real
 * German and Spanish are checked through the server's catalogs: activity-labels.test.ts.) */
const byId: Say = (text) => `«${text.id}»`;

/** The words the log showed before its actions had texts: 'create_project' -> 'Create Project'. */
const derivedWords = (action: string) =>
  action
    .split('_')
    .map((w) => (w === 'sso' ? 'SSO' : w.charAt(0).toUpperCase() + w.slice(1)))
    .join(' ');

describe('activity labels in the reader’s language (issue 48)', () => {
  it('has a text for every action the log records, with an id of its own', () => {
    for (const action of ACTIVITY_ACTIONS) {
      const text = ACTION_TEXTS[action];
      expect(text, action).toBeDefined();
      expect(text.id).toBe(`domain.activity-rules.action.${action}`);
      expect(text.message.trim(), action).not.toBe('');
    }
    expect(Object.keys(ACTION_TEXTS).sort()).toEqual([...ACTIVITY_ACTIONS].sort());
  });

  it('says each action in English as the log always has: its words, or its sentence', () => {
    // The actions that read better as a sentence; every other one reads as its words.
    const sentences: Record<string, string> = {
      submit_questionnaire: 'Client submitted the questionnaire',
      reopen_questionnaire: 'Reopened the questionnaire',
      lock_questionnaire: 'Locked the questionnaire',
      update_sso_settings: 'Updated single sign-on',
      remove_sso_settings: 'Removed single sign-on',
      join_via_sso: 'Joined through single sign-on',
      prove_sso_domain: 'Proved an email domain for single sign-on',
      lapse_sso_domain: 'An email domain stopped proving itself for single sign-on',
      update_project_budget: 'Updated the project budget',
      update_member_rate: "Updated a member's rate",
      change_currency: 'Changed the currency',
      add_member_time: "Logged a member's time",
      edit_member_time: "Changed a member's time",
      delete_member_time: "Deleted a member's time",
      add_dependency: 'Added a blocker',
      remove_dependency: 'Removed a blocker',
    };
    for (const action of ACTIVITY_ACTIONS) expect(actionLabel(action), action).toBe(sentences[action] ?? derivedWords(action));
    expect(actionLabel('reset_two_factor')).toBe('Reset Two Factor');
    expect(actionLabel('create_project', inEnglish)).toBe('Create Project');
  });

  it('says actions and detail labels through the translator it is given', () => {
    expect(actionLabel('create_project', byId)).toBe('«domain.activity-rules.action.create_project»');
    expect(actionLabel('submit_questionnaire', byId)).toBe('«domain.activity-rules.action.submit_questionnaire»');
    expect(detailLabel('task_title', byId)).toBe('«domain.activity-rules.detail.task_title»');
    expect(detailLabel('dueDate', byId)).toBe('«domain.activity-rules.detail.dueDate»');
    for (const [key, text] of Object.entries(DETAIL_TEXTS)) {
      expect(text.id).toBe(`domain.activity-rules.detail.${key}`);
      expect(detailLabel(key)).toBe(text.message);
    }
  });

  it('falls back to the English words for an action or key it has no text for (one a later release wrote)', () => {
    expect(actionLabel('archive_project', byId)).toBe('Archive Project');
    expect(actionLabel('__', byId)).toBe('Activity');
    expect(detailLabel('archived_reason', byId)).toBe('Archived reason');
    expect(detailLabel('url')).toBe('URL');
  });

  it('says a detail line’s label, status, priority, role, changed fields and yes or no through the translator', () => {
    expect(
      detailLines({ task_title: 'Logo', previous_status: 'active', status: 'pending', priority: 'high', role: 'developer', changed: 'dueDate, priority', has_password: true }, byId),
    ).toEqual([
      { label: '«domain.activity-rules.detail.task_title»', value: 'Logo' },
      { label: '«domain.activity-rules.detail.previous_status»', value: '«domain.project-status.active»' },
      { label: '«domain.activity-rules.detail.status»', value: '«domain-shared.task-rules.status.pending»' },
      { label: '«domain.activity-rules.detail.priority»', value: '«domain-shared.task-rules.priority.high»' },
      { label: '«domain.activity-rules.detail.role»', value: '«domain.roles.developer»' },
      { label: '«domain.activity-rules.detail.changed»', value: '«domain.activity-rules.detail.dueDate», «domain.activity-rules.detail.priority»' },
      { label: '«domain.activity-rules.detail.has_password»', value: '«domain.activity.yes»' },
    ]);
    // A status of neither set still reads as its words.
    expect(detailLines({ status: 'archived_forever' }, byId)).toEqual([{ label: '«domain.activity-rules.detail.status»', value: 'Archived Forever' }]);
  });

  it('writes dates with the formatter it is given, and in English (spec 9) by default', () => {
    const details = { due_date: '2026-12-01', expires_at: '2026-12-01T15:30:00' };
    expect(detailLines(details).map((line) => line.value)).toEqual(['Dec 1, 2026', 'Dec 1, 2026 3:30 PM']);
    const dates = { date: (value: string) => `Tag ${value}`, dateTime: (value: string) => `Zeit ${value}` };
    expect(detailLines(details, inEnglish, dates)).toEqual([
      { label: 'Due date', value: 'Tag 2026-12-01' },
      { label: 'Expires at', value: 'Zeit 2026-12-01T15:30:00' },
    ]);
  });
});

describe('stored codes in the reader’s language (issue 48)', () => {
  it('has a text for every code the server stores as a detail value, with an id of its own', () => {
    for (const [key, codes] of Object.entries(VALUE_TEXTS)) {
      // Each key a detail the log labels.
      expect(Object.hasOwn(DETAIL_TEXTS, key), key).toBe(true);
      for (const [code, text] of Object.entries(codes)) {
        expect(text.id).toBe(`domain.activity-rules.value.${key}.${code}`);
        expect(text.message.trim(), `${key}.${code}`).not.toBe('');
        expect(detailCodeLabel(key, code, byId)).toBe(`«${text.id}»`);
        expect(detailCodeLabel(key, code)).toBe(text.message);
      }
    }
    // The codes the settings and the domain check can store, each said (sso/settings.ts, sso/domain-proof.ts).
    expect(Object.keys(VALUE_TEXTS.new_members).sort()).toEqual([...SSO_NEW_MEMBERS].sort());
    expect(Object.keys(VALUE_TEXTS.reason).sort()).toEqual([...SSO_DOMAIN_CHECK_ERRORS].sort());
    expect(Object.keys(VALUE_TEXTS.password_sign_in).sort()).toEqual(['off', 'on']);
    expect(Object.keys(VALUE_TEXTS.email_verified).sort()).toEqual(['optional', 'required']);
    expect(Object.keys(VALUE_TEXTS.client_secret).sort()).toEqual(['kept', 'replaced', 'set']);
    expect(Object.keys(VALUE_TEXTS.approval)).toEqual(['awaiting']);
  });

  it('says a single sign-on entry’s settings, a lapsed domain’s reason and a reset approval through the translator', () => {
    expect(
      detailLines(
        { issuer: 'https://id.example', new_members: 'join', join_role: 'developer', password_sign_in: 'off', email_verified: 'optional', client_secret: 'replaced' },
        byId,
      ).map((line) => line.value),
    ).toEqual([
      'https://id.example',
      '«domain.activity-rules.value.new_members.join»',
      '«domain.roles.developer»',
      '«domain.activity-rules.value.password_sign_in.off»',
      '«domain.activity-rules.value.email_verified.optional»',
      '«domain.activity-rules.value.client_secret.replaced»',
    ]);
    expect(detailLines({ domain: 'acme.example', reason: 'not_found' }, byId)).toEqual([
      { label: '«domain.activity-rules.detail.domain»', value: 'acme.example' },
      { label: '«domain.activity-rules.detail.reason»', value: '«domain.activity-rules.value.reason.not_found»' },
    ]);
    expect(detailLines({ file_name: 'Logo.png', version: 2, approval: 'awaiting' }, byId).map((line) => line.value)).toEqual([
      'Logo.png',
      '2',
      '«domain.activity-rules.value.approval.awaiting»',
    ]);
    // In English by default.
    expect(detailLines({ password_sign_in: 'on', approval: 'awaiting', reason: 'in_use' }).map((line) => line.value)).toEqual([
      'On',
      'Awaiting approval',
      'Used by people of another organization',
    ]);
  });

  it('says budget kinds, two-factor policies and a link’s language by their own labels', () => {
    expect(detailLines({ previous_budget_kind: 'hours', budget_kind: 'money' }, byId).map((line) => line.value)).toEqual([
      '«domain.budget-rules.kinds.hours»',
      '«domain.budget-rules.kinds.money»',
    ]);
    expect(detailLines({ from: 'off', to: 'staff' }, byId).map((line) => line.value)).toEqual([
      '«domain.two-factor-policy-rules.options.off»',
      '«domain.two-factor-policy-rules.options.staff»',
    ]);
    expect(detailLines({ to: 'everyone' })).toEqual([{ label: 'To', value: 'Required for everyone' }]);
    // A language by the name the language menu gives it.
    expect(detailLines({ locale: 'de' }, byId)).toEqual([{ label: '«domain.activity-rules.detail.locale»', value: 'Deutsch' }]);
  });

  it('shows a code it has no text for as stored: a currency, one a later release wrote', () => {
    // A currency's change stores its codes under from/to too: no policy, so as stored.
    expect(detailLines({ from: 'USD', to: 'EUR' }, byId).map((line) => line.value)).toEqual(['USD', 'EUR']);
    expect(detailLines({ password_sign_in: 'sometimes', reason: 'expired', approval: 'pending', new_members: 'invite', budget_kind: 'points', locale: 'fr' }, byId).map((line) => line.value)).toEqual([
      'sometimes',
      'expired',
      'pending',
      'invite',
      'points',
      'fr',
    ]);
    expect(detailCodeLabel('issuer', 'on', byId)).toBeNull();
    expect(detailCodeLabel('reason', 'toString', byId)).toBeNull();
  });
});
