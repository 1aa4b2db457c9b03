import { describe, expect, it } from 'vitest';
import type { ActivityEntry } from './activity';
import { ACTIVITY_EXPORT_COLUMNS, csvCells, exportFileName, neutralizeFormula, PROJECT_EXPORT_COLUMNS } from './csv-export';
import type { Say } from './activity-rules';
import type { Text } from './locales';
import type { ProjectCard } from './projects';

const englishHeader = (header: Text | string) => (typeof header === 'string' ? header : header.message);

describe('CSV cells', () => {
  it('turns cells a spreadsheet would run as a formula into text', () => {
    for (const cell of ['=HYPERLINK("http://x")', '+1+1', '-2+3', '@SUM(A1)', '\t=1', '\r=1', '+A1', '-cmd|\' /C calc\'!A0', '+SUM(1)', '- item', '+', '-"x"']) {
      expect(neutralizeFormula(cell)).toBe(`'${cell}`);
    }
  });

  it('leaves a phone number or a negative amount as typed: a sign followed by no formula', () => {
    for (const cell of ['+1 555 0100', '+44 20 7946 0958', '+1 (555) 010-0100', '-12.5', '+33.1.23.45.67.89']) expect(neutralizeFormula(cell)).toBe(cell);
  });

  it('leaves every other cell as it is', () => {
    for (const cell of ['Acme', '', ' =not first', 'a=b', '2026-11-22', "'quoted"]) expect(neutralizeFormula(cell)).toBe(cell);
  });

  it('writes a project row in column order, status as shown, empty cells for absent values', () => {
    const project: ProjectCard = {
      id: 'p1',
      name: '=cmd|calc',
      description: null,
      status: 'on_hold',
      approvals: { awaiting: 0, changesRequested: 0 },
      dueDate: '2027-01-31',
      clientId: 'c1',
      clientName: 'Acme',
      ownerName: null,
      createdAt: '2026-11-22T10:00:00.000Z',
    };
    expect(PROJECT_EXPORT_COLUMNS.map((c) => englishHeader(c.header))).toEqual(['Name', 'Client', 'Status', 'Due Date', 'Owner', 'Description', 'Created At (UTC)']);
    expect(csvCells(PROJECT_EXPORT_COLUMNS, project)).toEqual(["'=cmd|calc", 'Acme', 'On Hold', '2027-01-31', '', '', '2026-11-22T10:00:00.000Z']);
    // A project's cells are data: the status stays the spec's English whatever the downloader's language.
    expect(csvCells(PROJECT_EXPORT_COLUMNS, project, (text) => `«${text.id}»`)).toEqual(csvCells(PROJECT_EXPORT_COLUMNS, project));
  });

  it('writes an activity row with its details as stored, ids left out, and who did it', () => {
    const entry: ActivityEntry = {
      id: 'a1',
      action: 'upload_file',
      projectId: 'p1',
      projectName: 'Site',
      actorKind: 'outside',
      user: null,
      details: { file_name: 'brief.pdf', file_size: 2048, project_id: 'p1', due_date: '2027-01-31' },
      createdAt: '2026-11-22T10:00:00.000Z',
    };
    const [time, user, email, action, project, details] = csvCells(ACTIVITY_EXPORT_COLUMNS, entry);
    expect(englishHeader(ACTIVITY_EXPORT_COLUMNS[0]!.header)).toBe('Time (UTC)');
    expect([time, email, action, project]).toEqual(['2026-11-22T10:00:00.000Z', '', 'Upload File', 'Site']);
    expect(user).toMatch(/\w/);
    expect(details).toBe('File name: brief.pdf; File size: 2048; Due date: 2027-01-31');
  });

  it("writes an activity row's words through the downloader's translator: action, who, labels and stored codes (issue 48)", () => {
    const byId: Say = (text) => `«${text.id}»`;
    const entry: ActivityEntry = {
      id: 'a2',
      action: 'update_sso_settings',
      projectId: null,
      projectName: null,
      actorKind: 'removed',
      user: null,
      details: { issuer: 'https://id.example', client_id: 'c1', password_sign_in: 'on', join_role: 'developer', has_password: false, file_size: 2048, due_date: '2027-01-31' },
      createdAt: '2026-11-22T10:00:00.000Z',
    };
    const [time, user, , action, , details] = csvCells(ACTIVITY_EXPORT_COLUMNS, entry, byId);
    expect([time, user, action]).toEqual(['2026-11-22T10:00:00.000Z', '«domain.activity.removedUser»', '«domain.activity-rules.action.update_sso_settings»']);
    // Names, numbers and dates as stored; codes and yes or no by their words.
    expect(details).toBe(
      [
        '«domain.activity-rules.detail.issuer»: https://id.example',
        '«domain.activity-rules.detail.password_sign_in»: «domain.activity-rules.value.password_sign_in.on»',
        '«domain.activity-rules.detail.join_role»: «domain.roles.developer»',
        '«domain.activity-rules.detail.has_password»: «domain.activity.no»',
        '«domain.activity-rules.detail.file_size»: 2048',
        '«domain.activity-rules.detail.due_date»: 2027-01-31',
      ].join('; '),
    );
    // In English by default.
    expect(csvCells(ACTIVITY_EXPORT_COLUMNS, entry)[5]).toBe(
      'Issuer: https://id.example; Password sign in: On; Join role: Developer; Has password: No; File size: 2048; Due date: 2027-01-31',
    );
  });

  it('names the file after the list and the day', () => {
    expect(exportFileName('projects', '2026-11-22')).toBe('projects-2026-11-22.csv');
  });
});
