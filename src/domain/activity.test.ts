import { describe, expect, it } from 'vitest';
import {
  ACTIVITY_FILTERS,
  actionLabel,
  actionSubstring,
  detailLabel,
  detailLines,
  detailsAsShown,
  inEnglish,
  listActivitiesQuerySchema,
  matchesActionFilter,
} from './activity';
import { APPROVAL_TEXTS } from './approval-states';
import type { Text, TextValues } from './locales';

describe('action filter', () => {
  it('maps each of spec 2\'s categories to the word actions must contain', () => {
    expect(ACTIVITY_FILTERS.map(actionSubstring)).toEqual([null, 'create', 'update', 'delete', 'upload', 'complete', 'note', 'link', 'template']);
  });

  it('matches by case-insensitive contains (spec 7)', () => {
    expect(matchesActionFilter('create_project', 'create')).toBe(true);
    expect(matchesActionFilter('create_access_link', 'create')).toBe(true);
    expect(matchesActionFilter('create_access_link', 'links')).toBe(true);
    expect(matchesActionFilter('upload_link', 'links')).toBe(true);
    expect(matchesActionFilter('upload_link', 'upload')).toBe(true);
    expect(matchesActionFilter('add_note', 'notes')).toBe(true);
    expect(matchesActionFilter('Delete_Note', 'delete')).toBe(true);
    expect(matchesActionFilter('update_template', 'templates')).toBe(true);
    expect(matchesActionFilter('complete_task', 'update')).toBe(false);
    expect(matchesActionFilter('edit_note', 'update')).toBe(false);
    expect(matchesActionFilter('anything', 'all')).toBe(true);
  });

  it('parses the query with defaults and refuses unknown filters and oversized input', () => {
    expect(listActivitiesQuerySchema.parse({})).toEqual({ search: '', action: 'all', limit: 50 });
    expect(listActivitiesQuerySchema.parse({ search: '  acme ', limit: '10' })).toMatchObject({ search: 'acme', limit: 10 });
    expect(listActivitiesQuerySchema.safeParse({ action: 'note' }).success).toBe(false);
    expect(listActivitiesQuerySchema.safeParse({ limit: '101' }).success).toBe(false);
    expect(listActivitiesQuerySchema.safeParse({ search: 'x'.repeat(101) }).success).toBe(false);
  });
});

describe('action and detail wording', () => {
  it('turns any action into words, known or not', () => {
    expect(actionLabel('create_project')).toBe('Create Project');
    expect(actionLabel('create_access_link')).toBe('Create Access Link');
    expect(actionLabel('unassign_developer')).toBe('Unassign Developer');
    expect(actionLabel('add_team_member')).toBe('Add Team Member');
    expect(actionLabel('removeTeamMember')).toBe('Remove Team Member');
    expect(actionLabel('update-url')).toBe('Update URL');
    expect(actionLabel('__')).toBe('Activity');
  });

  it('humanises keys and values, leaving out ids and empty values', () => {
    expect(detailLabel('task_title')).toBe('Task title');
    expect(detailLabel('url')).toBe('URL');
    expect(
      detailLines({
        task_title: 'Moodboard',
        client_id: 'c1',
        note_id: 'n1',
        templateId: 't1',
        id: 'x',
        due_date: '2026-12-01',
        contact_email: null,
        description: '',
        file_size: 204800,
        has_password: false,
        status: 'completed',
      }),
    ).toEqual([
      { label: 'Task title', value: 'Moodboard' },
      { label: 'Due date', value: 'Dec 1, 2026' },
      { label: 'File size', value: '200 KB' },
      { label: 'Has password', value: 'No' },
      { label: 'Status', value: 'Completed' },
    ]);
    expect(detailLines(null)).toEqual([]);
    expect(detailLines({ member_name: 'Ada', role: 'account_executive', status: 'on_hold' })).toEqual([
      { label: 'Member name', value: 'Ada' },
      { label: 'Role', value: 'Account Executive' },
      { label: 'Status', value: 'On Hold' },
    ]);
    // Names and titles first, whatever order the stored map comes back in.
    expect(detailLines({ due_date: null, status: 'active', project_name: 'Launch' }).map((l) => l.label)).toEqual(['Project name', 'Status']);
  });

  it('says statuses and priorities by their display words (issue 49 item 17)', () => {
    // A card's Mark Complete: 'Previous status: Active', not 'active'.
    expect(detailLines({ project_name: 'Launch', previous_status: 'active', status: 'completed' })).toEqual([
      { label: 'Project name', value: 'Launch' },
      { label: 'Previous status', value: 'Active' },
      { label: 'Status', value: 'Completed' },
    ]);
    expect(detailLines({ previous_status: 'on_hold', status: 'cancelled' }).map((l) => l.value)).toEqual(['On Hold', 'Cancelled']);
    // A task's statuses are its board's columns.
    expect(detailLines({ status: 'pending' })).toEqual([{ label: 'Status', value: 'To Do' }]);
    expect(detailLines({ status: 'in_progress' })).toEqual([{ label: 'Status', value: 'In Progress' }]);
    // A status of neither set still reads as words.
    expect(detailLines({ status: 'awaiting_review' })).toEqual([{ label: 'Status', value: 'Awaiting Review' }]);
    expect(detailLines({ task_title: 'Logo', priority: 'medium' })).toEqual([
      { label: 'Task title', value: 'Logo' },
      { label: 'Priority', value: 'Medium' },
    ]);
    expect(detailLines({ priority: 'high' })).toEqual([{ label: 'Priority', value: 'High' }]);
    // A task's edit names the fields it changed.
    expect(detailLines({ changed: 'priority, dueDate' })).toEqual([{ label: 'Changed', value: 'Priority, Due date' }]);
  });

  it('shortens long values and shows nested ones as text', () => {
    const [line] = detailLines({ content: 'a'.repeat(500) });
    expect(line!.value).toHaveLength(160);
    expect(line!.value.endsWith('…')).toBe(true);
    expect(detailLines({ skills: ['design', 'copy'] })).toEqual([{ label: 'Skills', value: '["design","copy"]' }]);
  });
});

describe('stored words (issue 48)', () => {
  it('says a link stored without a name as "Untitled link", in English by default or in the words it is given', () => {
    const approval = { file_name: 'Logo.png', decider_name: 'Cleo', link_name: null };
    expect(detailsAsShown(approval)).toEqual({ decided_by: "Cleo via link 'Untitled link'", file_name: 'Logo.png' });
    expect(detailsAsShown({ link_name: null })).toEqual({ link_name: 'Untitled link' });
    expect(detailsAsShown({ link_name: 'Kickoff' })).toEqual({ link_name: 'Kickoff' });
    // A translator gets each text with its values: the link's default first, then the decider's phrase.
    // (The labels go through it too, issue 48: those it leaves in English here.)
    const said: string[] = [];
    const say = (text: Text, values?: TextValues) => {
      if (text.id !== APPROVAL_TEXTS.untitledLink.id && text.id !== APPROVAL_TEXTS.deciderViaLink.id) return inEnglish(text, values);
      said.push(text.id);
      return text.id === APPROVAL_TEXTS.untitledLink.id ? 'Unbenannter Link' : `${String(values?.name)} über den Link '${String(values?.link)}'`;
    };
    expect(detailLines(approval, say)).toEqual([
      { label: 'File name', value: 'Logo.png' },
      { label: 'Decided by', value: "Cleo über den Link 'Unbenannter Link'" },
    ]);
    expect(said).toEqual([APPROVAL_TEXTS.untitledLink.id, APPROVAL_TEXTS.deciderViaLink.id]);
  });

  it('says every stored role by its label: a role, a previous one, the one new people join as', () => {
    expect(detailLines({ previous_role: 'developer', join_role: 'account_executive', new_members: 'join' })).toEqual([
      { label: 'Previous role', value: 'Developer' },
      { label: 'Join role', value: 'Account Executive' },
      // The setting's own value, said by its label too (activity-rules.test.ts: every stored code).
      { label: 'New members', value: 'Join' },
    ]);
  });
});
