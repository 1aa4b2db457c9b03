import { describe, expect, it } from 'vitest';
import { messageWithValues, readMessage } from './locales';
import type { TemplateField } from './template-field';
import {
  addField,
  addOption,
  answersSchema,
  askedFields,
  createTemplateSchema,
  DEFAULT_TEMPLATE_FIELDS,
  duplicateField,
  emptyAnswers,
  fieldNameFromLabel,
  hasUnaddedWork,
  moveField,
  newTemplateFields,
  normalizeFieldName,
  removeField,
  sortFields,
  TEMPLATE_FIELD_TEXTS,
  TEMPLATE_MESSAGES,
  templateFieldsError,
  updateTemplateSchema,
  validateAnswers,
  withDefaultAnswers,
  type NewField,
} from './templates';

const field = (over: Partial<NewField>): NewField => ({ label: 'Budget', name: 'budget', type: 'number', required: false, options: [], ...over });
const must = (result: ReturnType<typeof addField>) => {
  if (!result.ok) throw new Error(result.message.message);
  return result.fields;
};
const orders = (fields: TemplateField[]) => fields.map((f) => [f.name, f.order]);

describe('template field editing', () => {
  it('starts with the two default fields', () => {
    expect(newTemplateFields()).toEqual([
      { label: 'Client Name', name: 'client_name', type: 'text', required: true, options: [], order: 0 },
      { label: 'Due Date', name: 'due_date', type: 'date', required: true, options: [], order: 1 },
    ]);
  });

  it('labels the default fields with the words it is given, their names and rules unchanged (issue 48)', () => {
    const german = newTemplateFields({ clientName: 'Kundenname', dueDate: 'Fälligkeitsdatum' });
    expect(german).toEqual([
      { label: 'Kundenname', name: 'client_name', type: 'text', required: true, options: [], order: 0 },
      { label: 'Fälligkeitsdatum', name: 'due_date', type: 'date', required: true, options: [], order: 1 },
    ]);
    expect(templateFieldsError(german, 'create')).toBeNull();
    // The English words are the texts' own, as the editor proposed them before issue 48.
    expect(TEMPLATE_FIELD_TEXTS.clientName.message).toBe('Client Name');
    expect(TEMPLATE_FIELD_TEXTS.dueDate.message).toBe('Due Date');
    expect(TEMPLATE_FIELD_TEXTS.copyLabel.message).toBe('{label} (Copy)');
    expect(DEFAULT_TEMPLATE_FIELDS.map((f) => f.label)).toEqual(['Client Name', 'Due Date']);
  });

  it('gives each new template fields of its own, not shared lists', () => {
    const first = newTemplateFields();
    first[0]!.options.push('x');
    first[1]!.label = 'Changed';
    expect(newTemplateFields()).toEqual(DEFAULT_TEMPLATE_FIELDS);
  });

  it('lowercases names and turns spaces into underscores', () => {
    expect(normalizeFieldName('  Brand  Colors ')).toBe('brand_colors');
    const fields = must(addField(newTemplateFields(), field({ name: 'Monthly Budget' }), 'create'));
    expect(fields[2]).toMatchObject({ name: 'monthly_budget', order: 2 });
  });

  it('needs a label, a name and a type', () => {
    const base = newTemplateFields();
    expect(addField(base, field({ label: ' ' }), 'create')).toMatchObject({ ok: false, message: TEMPLATE_MESSAGES.labelRequired });
    expect(addField(base, field({ name: ' ' }), 'create')).toMatchObject({ ok: false, message: TEMPLATE_MESSAGES.nameRequired });
    expect(addField(base, field({ type: '' }), 'create')).toMatchObject({ ok: false, message: TEMPLATE_MESSAGES.typeRequired });
  });

  it('derives a field name from the label, and says which input a problem belongs to (issue 27)', () => {
    expect(fieldNameFromLabel('Brand Colors')).toBe('brand_colors');
    expect(fieldNameFromLabel('  Budget (USD) / month ')).toBe('budget_usd_month');
    expect(fieldNameFromLabel('Café Ünïcode')).toBe('cafe_unicode');
    expect(fieldNameFromLabel('!!!')).toBe('');
    const base = newTemplateFields();
    expect(addField(base, field({ label: ' ' }), 'create')).toMatchObject({ part: 'label' });
    expect(addField(base, field({ name: ' ' }), 'create')).toMatchObject({ part: 'name' });
    expect(addField(base, field({ name: 'client_name' }), 'create')).toMatchObject({ part: 'name' });
    expect(addField(base, field({ type: '' }), 'create')).toMatchObject({ part: 'type' });
    expect(addField(base, field({ type: 'select', options: ['A'] }), 'create')).toMatchObject({ part: 'options' });
    expect(hasUnaddedWork(field({ label: '', name: '' }), '')).toBe(false);
    expect(hasUnaddedWork(field({ label: 'Budget', name: '' }), '')).toBe(true);
    expect(hasUnaddedWork(field({ label: '', name: '' }), 'Red')).toBe(true);
  });

  it('gives number fields an optional minimum and maximum, checked in the editor, the schema and the answers (issue 27)', () => {
    const fields = must(addField(newTemplateFields(), field({ min: '0', max: ' 100 ' }), 'create'));
    expect(fields[2]).toMatchObject({ name: 'budget', type: 'number', min: 0, max: 100 });
    expect(must(addField(newTemplateFields(), field({ min: '', max: '' }), 'create'))[2]).not.toHaveProperty('min');
    // Bounds belong to numbers only.
    expect(must(addField(newTemplateFields(), field({ type: 'text', min: '1' }), 'create'))[2]).not.toHaveProperty('min');
    expect(addField(newTemplateFields(), field({ min: 'ten' }), 'create')).toMatchObject({ ok: false, part: 'min', message: TEMPLATE_MESSAGES.boundNotNumber });
    expect(addField(newTemplateFields(), field({ min: '5', max: '1' }), 'create')).toMatchObject({ ok: false, part: 'max', message: TEMPLATE_MESSAGES.minAboveMax });

    const withBounds = [...newTemplateFields(), { label: 'Pages', name: 'pages', type: 'number' as const, required: false, options: [], order: 2, min: 1, max: 50 }];
    const parsed = createTemplateSchema.safeParse({ name: 'Site', fields: withBounds });
    expect(parsed.success && parsed.data.fields[2]).toMatchObject({ min: 1, max: 50 });
    const reversed = createTemplateSchema.safeParse({ name: 'Site', fields: [...withBounds.slice(0, 2), { ...withBounds[2]!, min: 9, max: 3 }] });
    expect(reversed.success).toBe(false);
    expect(reversed.error?.issues[0]?.message).toBe(TEMPLATE_MESSAGES.minAboveMax.id);
    const text = createTemplateSchema.safeParse({ name: 'Site', fields: [...withBounds.slice(0, 2), { ...withBounds[2]!, type: 'text', min: 1 }] });
    expect(text.success && text.data.fields[2]).not.toHaveProperty('min');

    const asked = withBounds.slice(2);
    expect(validateAnswers(asked, { pages: '-3' })).toEqual({ ok: false, message: messageWithValues(TEMPLATE_MESSAGES.answerBelowMin, { label: 'Pages', min: 1 }) });
    expect(validateAnswers(asked, { pages: '51' })).toEqual({ ok: false, message: messageWithValues(TEMPLATE_MESSAGES.answerAboveMax, { label: 'Pages', max: 50 }) });
    expect(validateAnswers(asked, { pages: '50' })).toEqual({ ok: true, formData: { pages: '50' } });
    expect(validateAnswers(asked, { pages: '' })).toEqual({ ok: true, formData: { pages: '' } });
  });

  it('keeps names unique', () => {
    const fields = must(addField(newTemplateFields(), field({}), 'create'));
    expect(addField(fields, field({ name: 'Budget' }), 'create')).toMatchObject({ ok: false, message: TEMPLATE_MESSAGES.nameNotUnique });
  });

  it('reserves client_name and due_date when creating', () => {
    expect(addField(newTemplateFields(), field({ name: 'Client Name' }), 'create')).toMatchObject({
      ok: false,
      message: TEMPLATE_MESSAGES.nameReserved,
    });
    // When editing, a template that lost a default field may get it back.
    expect(addField([], field({ name: 'due_date', type: 'date' }), 'update').ok).toBe(true);
  });

  it('needs two distinct options for select, checkbox and radio', () => {
    for (const type of ['select', 'checkbox', 'radio'] as const) {
      expect(addField(newTemplateFields(), field({ type, options: ['A', 'A', ' '] }), 'create')).toMatchObject({
        ok: false,
        message: TEMPLATE_MESSAGES.needsTwoOptions,
      });
    }
    const fields = must(addField(newTemplateFields(), field({ type: 'radio', options: ['A', ' B', 'A', 'B'] }), 'create'));
    expect(fields[2]!.options).toEqual(['A', 'B']);
    expect(must(addField(newTemplateFields(), field({ type: 'text', options: ['x'] }), 'create'))[2]!.options).toEqual([]);
  });

  it('ignores duplicate and blank options typed as chips', () => {
    expect(addOption(['Red'], 'Red')).toEqual(['Red']);
    expect(addOption(['Red'], '  ')).toEqual(['Red']);
    expect(addOption(['Red'], ' Blue ')).toEqual(['Red', 'Blue']);
  });

  it('never removes a default field, and renumbers after a removal', () => {
    let fields = must(addField(newTemplateFields(), field({ name: 'a' }), 'create'));
    fields = must(addField(fields, field({ name: 'b' }), 'create'));
    for (const index of [0, 1]) {
      expect(removeField(fields, index)).toEqual({
        ok: false,
        title: TEMPLATE_MESSAGES.cannotRemoveTitle,
        message: TEMPLATE_MESSAGES.cannotRemove,
      });
    }
    expect(orders(must(removeField(fields, 2)))).toEqual([
      ['client_name', 0],
      ['due_date', 1],
      ['b', 2],
    ]);
  });

  it('moves fields up and down, renumbering, and not past either end', () => {
    const fields = must(addField(newTemplateFields(), field({ name: 'a' }), 'create'));
    expect(orders(moveField(fields, 2, -1))).toEqual([
      ['client_name', 0],
      ['a', 1],
      ['due_date', 2],
    ]);
    expect(orders(moveField(fields, 0, -1))).toEqual(orders(fields));
    expect(orders(moveField(fields, 2, 1))).toEqual(orders(fields));
  });

  it('puts a duplicate right after its original with the first free _copyN', () => {
    let fields = must(addField(newTemplateFields(), field({ name: 'a' }), 'create'));
    fields = must(addField(fields, field({ name: 'b' }), 'create'));
    fields = duplicateField(fields, 2);
    expect(orders(fields)).toEqual([
      ['client_name', 0],
      ['due_date', 1],
      ['a', 2],
      ['a_copy1', 3],
      ['b', 4],
    ]);
    fields = duplicateField(fields, 2);
    expect(fields[3]!.name).toBe('a_copy2');
    fields = must(removeField(fields, 4));
    expect(duplicateField(fields, 2)[3]!.name).toBe('a_copy1');
  });

  it("labels a duplicate 'Label (Copy)', or as the given function words it; the name is _copyN either way (issue 48)", () => {
    const fields = must(addField(newTemplateFields(), field({ label: 'Pages', name: 'pages' }), 'create'));
    expect(duplicateField(fields, 2)[3]).toMatchObject({ label: 'Pages (Copy)', name: 'pages_copy1', type: 'number', order: 3 });
    const german = duplicateField(fields, 2, (label) => `${label} (Kopie)`);
    expect(german[3]).toMatchObject({ label: 'Pages (Kopie)', name: 'pages_copy1', order: 3 });
    expect(german[2]!.label).toBe('Pages');
    expect(duplicateField(german, 3, (label) => `${label} (Kopie)`)[4]).toMatchObject({ label: 'Pages (Kopie) (Kopie)', name: 'pages_copy1_copy1' });
  });

  it('reads stored fields sorted by order, and anything but a list as empty', () => {
    expect(sortFields(null)).toEqual([]);
    expect(sortFields({ a: 1 })).toEqual([]);
    expect(orders(sortFields([{ ...DEFAULT_TEMPLATE_FIELDS[1], order: 5 }, { ...DEFAULT_TEMPLATE_FIELDS[0], order: 3 }]))).toEqual([
      ['client_name', 0],
      ['due_date', 1],
    ]);
  });
});

describe('template schemas', () => {
  const extra = { label: 'Colors', name: 'Brand Colors', type: 'checkbox', required: true, options: ['Red', 'Blue', 'Red'], order: 2 };

  it('needs a name of 2 characters', () => {
    const bad = createTemplateSchema.safeParse({ name: 'X', fields: newTemplateFields() });
    expect(bad.error!.issues[0]!.message).toBe(TEMPLATE_MESSAGES.nameTooShort.id);
  });

  it('needs the default fields on create and one field on update', () => {
    const create = createTemplateSchema.safeParse({ name: 'Intake', fields: [newTemplateFields()[0]] });
    expect(create.error!.issues[0]!.message).toBe(TEMPLATE_MESSAGES.needsDefaultFields.id);
    const swapped = createTemplateSchema.safeParse({ name: 'Intake', fields: [newTemplateFields()[0], { ...extra, order: 1 }] });
    expect(swapped.error!.issues[0]!.message).toBe(TEMPLATE_MESSAGES.needsDefaultFields.id);
    const update = updateTemplateSchema.safeParse({ name: 'Intake', fields: [] });
    expect(update.error!.issues[0]!.message).toBe(TEMPLATE_MESSAGES.needsOneField.id);
    expect(updateTemplateSchema.safeParse({ name: 'Intake', fields: [{ ...extra, order: 0 }] }).success).toBe(true);
  });

  it('applies every field rule to the list and normalizes it sorted by order', () => {
    const parsed = createTemplateSchema.parse({ name: ' Intake ', description: '', fields: [extra, ...newTemplateFields()] });
    expect(parsed).toMatchObject({ name: 'Intake', description: null });
    expect(parsed.fields.map((f) => [f.name, f.order])).toEqual([
      ['client_name', 0],
      ['due_date', 1],
      ['brand_colors', 2],
    ]);
    expect(parsed.fields[2]!.options).toEqual(['Red', 'Blue']);
    const message = (fields: unknown[]) => createTemplateSchema.safeParse({ name: 'Intake', fields }).error?.issues[0]?.message;
    const defaults = newTemplateFields();
    expect(message([...defaults, { ...extra, name: 'client name' }])).toBe(TEMPLATE_MESSAGES.nameNotUnique.id);
    expect(message([...defaults, { ...extra, label: '' }])).toBe(TEMPLATE_MESSAGES.labelRequired.id);
    expect(message([...defaults, { ...extra, name: ' ' }])).toBe(TEMPLATE_MESSAGES.nameRequired.id);
    expect(message([...defaults, { ...extra, options: ['Red', 'Red'] }])).toBe(TEMPLATE_MESSAGES.needsTwoOptions.id);
    expect(message([{ ...defaults[0], type: 'number' }, defaults[1]])).toBe(TEMPLATE_MESSAGES.nameReserved.id);
  });
});

describe('answers', () => {
  const fields = sortFields([
    ...newTemplateFields(),
    { label: 'Pages', name: 'pages', type: 'number', required: false, options: [], order: 2 },
    { label: 'Tone', name: 'tone', type: 'radio', required: false, options: ['Calm', 'Bold'], order: 3 },
    { label: 'Plan', name: 'plan', type: 'select', required: false, options: ['Basic', 'Pro'], order: 4 },
    { label: 'Channels', name: 'channels', type: 'checkbox', required: true, options: ['Web', 'Print'], order: 5 },
    { label: 'Brief', name: 'brief', type: 'textarea', required: false, options: [], order: 6 },
  ]);
  const valid = { client_name: 'Acme', due_date: '2026-12-01', channels: ['Web'] };

  it('reports each problem on its own field, as a form shows it (issue 9 step 4)', () => {
    const result = answersSchema(fields).safeParse({ ...valid, channels: [], pages: 'many', tone: 'Loud' });
    expect(result.success).toBe(false);
    expect(result.error!.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['pages', messageWithValues(TEMPLATE_MESSAGES.answerNotNumber, { label: 'Pages' })],
      ['tone', messageWithValues(TEMPLATE_MESSAGES.answerNotOption, { label: 'Tone' })],
      ['channels', messageWithValues(TEMPLATE_MESSAGES.answerRequired, { label: 'Channels' })],
    ]);
    // Issue 48: each message is its text's id with the field's label, said in the reader's language.
    expect(readMessage(result.error!.issues[0]!.message)).toEqual({ id: 'domain-shared.template-rules.answerNotNumber', values: { label: 'Pages' } });
    expect(TEMPLATE_MESSAGES.answerNotNumber.message).toBe('{label} must be a number.');
    // The same check as the API's: its output is validateAnswers' answers.
    const answers = { ...valid, pages: '3', other: 'x' };
    expect(answersSchema(fields).parse(answers)).toEqual((validateAnswers(fields, answers) as { formData: unknown }).formData);
  });

  it("asks only the template's own fields; Client Name and Due Date come from the project unless sent (issue 14)", () => {
    expect(askedFields(fields).map((f) => f.name)).toEqual(['pages', 'tone', 'plan', 'channels', 'brief']);
    expect(withDefaultAnswers({ channels: ['Web'] }, { clientName: 'Acme', dueDate: '2027-01-15' })).toEqual({
      channels: ['Web'],
      client_name: 'Acme',
      due_date: '2027-01-15',
    });
    expect(withDefaultAnswers(null, { clientName: 'Acme', dueDate: null })).toEqual({ client_name: 'Acme', due_date: '' });
    // An API caller's own answers stay (and are checked as before).
    expect(withDefaultAnswers({ client_name: 'Other' }, { clientName: 'Acme', dueDate: null }).client_name).toBe('Other');
  });

  it('starts empty: a list for checkbox fields, text otherwise', () => {
    expect(emptyAnswers(fields)).toEqual({ client_name: '', due_date: '', pages: '', tone: '', plan: '', channels: [], brief: '' });
  });

  it('needs every required field, a checkbox at least one choice', () => {
    const required = { ok: false, message: TEMPLATE_MESSAGES.requiredAnswers.id };
    expect(validateAnswers(fields, { ...valid, channels: [] })).toEqual(required);
    expect(validateAnswers(fields, { ...valid, client_name: '  ' })).toEqual(required);
    expect(validateAnswers(fields, null)).toEqual(required);
    expect(validateAnswers(fields, valid)).toEqual({
      ok: true,
      formData: { client_name: 'Acme', due_date: '2026-12-01', pages: '', tone: '', plan: '', channels: ['Web'], brief: '' },
    });
  });

  it('checks each answer against its type and drops unknown keys', () => {
    expect(validateAnswers(fields, { ...valid, pages: 'many' }).ok).toBe(false);
    expect(validateAnswers(fields, { ...valid, due_date: '2026-02-30' }).ok).toBe(false);
    expect(validateAnswers(fields, { ...valid, tone: 'Loud' }).ok).toBe(false);
    expect(validateAnswers(fields, { ...valid, plan: 'Gold' }).ok).toBe(false);
    expect(validateAnswers(fields, { ...valid, channels: ['Web', 'Radio'] }).ok).toBe(false);
    expect(validateAnswers(fields, { ...valid, channels: 'Web' }).ok).toBe(false);
    const ok = validateAnswers(fields, { ...valid, pages: '12', tone: 'Bold', plan: 'Pro', brief: 'Line 1\nLine 2', other: 'x' });
    expect(ok).toMatchObject({ ok: true, formData: { pages: '12', tone: 'Bold', plan: 'Pro', brief: 'Line 1\nLine 2' } });
    expect(ok.ok && 'other' in ok.formData).toBe(false);
  });
});
