import { describe, expect, it } from 'vitest';
import { templateFieldSchema } from './template-field';
import { readTemplateField, sortFields, TEMPLATE_FIELD_TYPES } from './template-rules';

/** What the schema makes of a value: the field it reads, or null. */
const bySchema = (value: unknown) => {
  const result = templateFieldSchema.safeParse(value);
  return result.success ? result.data : null;
};

const FIELD = { label: 'Brand colors', name: 'brand_colors', type: 'checkbox', required: true, options: ['Red', 'Blue'], order: 2, min: 1, max: 2.5 };

/** Values a property may hold: right for some property, wrong or borderline for the others. */
const CANDIDATES: unknown[] = [
  ...TEMPLATE_FIELD_TYPES,
  'Text',
  '',
  '1',
  undefined,
  null,
  true,
  false,
  0,
  -0,
  1.5,
  -3,
  Number.MAX_SAFE_INTEGER,
  Number.MAX_SAFE_INTEGER + 1,
  -Number.MAX_SAFE_INTEGER - 1,
  2 ** 60,
  Infinity,
  Number.NaN,
  [],
  ['a', 'b'],
  ['a', 1],
  // eslint-disable-next-line no-sparse-arrays -- a hole is not a string
  ['a', , 'b'],
  {},
  new String('text'),
  new Date(0),
];

/** The field with one property set to each candidate, or left out, or one property more. */
function nearFields(): Record<string, unknown>[] {
  const near: Record<string, unknown>[] = [];
  for (const key of [...Object.keys(FIELD), 'extra']) {
    const without: Record<string, unknown> = { ...FIELD };
    delete without[key];
    near.push(without);
    for (const value of CANDIDATES) near.push({ ...FIELD, [key]: value });
  }
  return near;
}

describe('reading a stored template field without zod (decision 013)', () => {
  it('answers as templateFieldSchema does for a field with any one property changed, left out or added', () => {
    const cases = nearFields();
    expect(cases.length).toBeGreaterThan(200);
    for (const value of cases) expect(readTemplateField(value), JSON.stringify(value)).toEqual(bySchema(value));
  });

  it('answers as templateFieldSchema does for what is not a field at all', () => {
    for (const value of [...CANDIDATES, [FIELD], Object.create(FIELD) as unknown]) {
      expect(readTemplateField(value), String(value)).toEqual(bySchema(value));
    }
  });

  it('reads a field without its other properties, and a field without options as having none', () => {
    expect(readTemplateField({ ...FIELD, note: 'x' })).toEqual(FIELD);
    expect(readTemplateField({ ...FIELD, options: undefined })?.options).toEqual([]);
    expect(readTemplateField({ ...FIELD, order: 1.5 })).toBeNull();
    expect(readTemplateField({ ...FIELD, type: 'color' })).toBeNull();
  });

  it('sorts the readable fields of a stored list by order and leaves out the rest', () => {
    const a = { label: 'A', name: 'a', type: 'text', required: false, options: [], order: 7 };
    const b = { label: 'B', name: 'b', type: 'date', required: true, options: [], order: 2 };
    expect(sortFields([a, { broken: true }, b]).map((f) => [f.name, f.order])).toEqual([
      ['b', 0],
      ['a', 1],
    ]);
    expect(sortFields('not a list')).toEqual([]);
  });
});
