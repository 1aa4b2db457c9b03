import { describe, expect, it } from 'vitest';
import { detailLines } from './activity';
import { ACTION_TEXTS, actionLabel, DETAIL_TEXTS, detailLabel, inEnglish, type Say } from './activity-rules';
import { ACTIVITY_ACTIONS } from './change-topics';

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
