import { describe, expect, it } from 'vitest';
import { messageWithValues } from './locales';
import { PROJECT_STATUSES } from './project-status';
import {
  becomesOverdue,
  CARD_STATUSES,
  cardStatusChanges,
  changeProjectStatusSchema,
  createProjectSchema,
  isPastDate,
  leavesOverdue,
  PROJECT_MESSAGES,
  projectFormSchema,
} from './projects';
import { hasMissingAnswer, newTemplateFields, TEMPLATE_MESSAGES } from './templates';

const clientId = '7b0d6a5e-4c7b-4b8a-9a55-0f4b9d0c1a2b';

describe('create project rules', () => {
  it('needs a name of 2 characters and a client', () => {
    const bad = createProjectSchema.safeParse({ name: 'X', clientId: '' });
    expect(bad.success).toBe(false);
    const messages = bad.error!.issues.map((i) => i.message);
    expect(messages).toContain(PROJECT_MESSAGES.nameTooShort.id);
    expect(messages).toContain(PROJECT_MESSAGES.clientRequired.id);
    expect(createProjectSchema.parse({ name: 'Site', clientId })).toEqual({
      name: 'Site',
      clientId,
      description: null,
      dueDate: null,
    });
  });

  it('takes an empty due date as none', () => {
    expect(createProjectSchema.parse({ name: 'Site', clientId, dueDate: '' }).dueDate).toBeNull();
  });

  it('accepts only real yyyy-MM-dd dates', () => {
    expect(createProjectSchema.safeParse({ name: 'Site', clientId, dueDate: '2026-02-30' }).success).toBe(false);
    expect(createProjectSchema.safeParse({ name: 'Site', clientId, dueDate: '30/12/2026' }).success).toBe(false);
    expect(createProjectSchema.safeParse({ name: 'Site', clientId, dueDate: '2026-12-30' }).success).toBe(true);
  });

  it('treats only days before today as past', () => {
    expect(isPastDate('2026-11-21', '2026-11-22')).toBe(true);
    expect(isPastDate('2026-11-22', '2026-11-22')).toBe(false);
  });

  it('lets card buttons set only completed or on hold', () => {
    expect(changeProjectStatusSchema.safeParse({ status: 'completed' }).success).toBe(true);
    expect(changeProjectStatusSchema.safeParse({ status: 'on_hold' }).success).toBe(true);
    expect(changeProjectStatusSchema.safeParse({ status: 'active' }).success).toBe(false);
    expect(changeProjectStatusSchema.safeParse({ status: 'overdue' }).success).toBe(false);
  });
});

describe("a project card's status changes (issue 49 item 17)", () => {
  it('offers from each status only the changes that make sense', () => {
    expect(Object.fromEntries(PROJECT_STATUSES.map((status) => [status, cardStatusChanges(status)]))).toEqual({
      active: ['completed', 'on_hold'],
      overdue: ['completed', 'on_hold'],
      on_hold: ['completed'],
      completed: [],
      cancelled: [],
    });
  });

  it('never offers the status a project has, nor one a card cannot set', () => {
    for (const status of PROJECT_STATUSES) {
      for (const to of cardStatusChanges(status)) {
        expect(to).not.toBe(status);
        expect(CARD_STATUSES).toContain(to);
      }
    }
  });
});

describe('overdue rules (decision 3)', () => {
  const today = '2026-11-22';
  it('makes active projects past their due date overdue, and nothing else', () => {
    expect(becomesOverdue('active', '2026-11-21', today)).toBe(true);
    expect(becomesOverdue('active', today, today)).toBe(false);
    expect(becomesOverdue('active', null, today)).toBe(false);
    expect(becomesOverdue('on_hold', '2026-01-01', today)).toBe(false);
    expect(becomesOverdue('completed', '2026-01-01', today)).toBe(false);
  });

  it('moves overdue projects due today or later, or undated, back to active', () => {
    expect(leavesOverdue('overdue', today, today)).toBe(true);
    expect(leavesOverdue('overdue', '2027-01-01', today)).toBe(true);
    expect(leavesOverdue('overdue', null, today)).toBe(true);
    expect(leavesOverdue('overdue', '2026-11-21', today)).toBe(false);
    expect(leavesOverdue('active', null, today)).toBe(false);
  });
});

describe('the Create Project form with a template (issue 9 step 4)', () => {
  const fields = [
    ...newTemplateFields(),
    { label: 'Colors', name: 'colors', type: 'checkbox' as const, required: true, options: ['Red', 'Blue'], order: 2 },
  ];
  const values = { name: 'Brand Kit Project', clientId, description: '', dueDate: '2027-01-15', answers: { colors: ['Blue'] } };

  it("takes the answers in the form's schema, and requires the due date the template requires", () => {
    expect(projectFormSchema(fields).parse(values)).toEqual({ ...values, description: null, answers: { colors: ['Blue'] } });
    const missing = projectFormSchema(fields).safeParse({ ...values, dueDate: '', answers: { colors: [] } });
    expect(missing.success).toBe(false);
    expect(missing.error!.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['dueDate', messageWithValues(TEMPLATE_MESSAGES.answerRequired, { label: 'Due Date' })],
      ['answers.colors', messageWithValues(TEMPLATE_MESSAGES.answerRequired, { label: 'Colors' })],
    ]);
    expect(hasMissingAnswer(missing.error!.issues)).toBe(true);
  });

  it('keeps the due date optional without a template, and a wrong answer is no missing one', () => {
    expect(projectFormSchema(null).safeParse({ ...values, dueDate: '', answers: {} }).success).toBe(true);
    const wrong = projectFormSchema(fields).safeParse({ ...values, answers: { colors: ['Green'] } });
    expect(wrong.success).toBe(false);
    expect(hasMissingAnswer(wrong.error!.issues)).toBe(false);
  });
});
