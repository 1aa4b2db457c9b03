import { describe, expect, it } from 'vitest';
import { isDateInRange, isoDate, PROJECT_MESSAGES } from './projects';
import { messageWithValues } from './locales';
import { isStorableText, optionalText, STORABLE_TEXT_MESSAGES, text } from './text-fields';

describe('isStorableText (decision 006)', () => {
  it.each([
    ['', true],
    ['plain', true],
    ['tab\tand\nnewline', true],
    ['emoji 🚀 (a surrogate pair)', true],
    ['準備完了', true],
    ['\u0000', false],
    ['before\u0000after', false],
    ['\ud800', false],
    ['\udc00', false],
    ['x\ud800', false],
    ['\ud800x', false],
    ['\udc00\ud800', false],
    ['🚀\ud83d', false],
    ['\ud83d\ude80\udc00', false],
  ])('%j → %s', (value, expected) => {
    expect(isStorableText(value)).toBe(expected);
  });
});

describe('text()', () => {
  const name = text({ message: 'Name is required' }).trim().min(2, 'Too short');

  it('refuses unstorable text with its message (a text id, said in the reader\'s language), before any other rule', () => {
    const result = name.safeParse('\u0000');
    expect(result.error?.issues.map((i) => i.message)).toEqual([STORABLE_TEXT_MESSAGES.unstorable.id]);
    expect(STORABLE_TEXT_MESSAGES.unstorable.message).toBe('Contains a character that cannot be saved');
  });

  it('keeps the other rules and the missing-value message', () => {
    expect(name.safeParse('  Al  ').data).toBe('Al');
    expect(name.safeParse('A').error?.issues[0]?.message).toBe('Too short');
    expect(name.safeParse(undefined).error?.issues[0]?.message).toBe('Name is required');
  });

  it('applies to optional texts too, whose limit is a text with its value', () => {
    expect(optionalText(100).safeParse('a\ud800').error?.issues[0]?.message).toBe(STORABLE_TEXT_MESSAGES.unstorable.id);
    expect(optionalText(100).safeParse('  ').data).toBeNull();
    expect(optionalText(3).safeParse('abcd').error?.issues[0]?.message).toBe(messageWithValues(STORABLE_TEXT_MESSAGES.tooLong, { max: 3 }));
  });
});

describe('due dates between 1900 and 2999', () => {
  it.each([
    ['0000-01-01', false],
    ['0001-01-01', false],
    ['1899-12-31', false],
    ['1900-01-01', true],
    ['2026-11-22', true],
    ['2999-12-31', true],
    ['3000-01-01', false],
    ['9999-12-31', false],
  ])('%s → %s', (date, expected) => {
    expect(isDateInRange(date)).toBe(expected);
    const result = isoDate.safeParse(date);
    expect(result.success).toBe(expected);
    if (!expected) expect(result.error?.issues.map((i) => i.message)).toEqual([PROJECT_MESSAGES.dueDateOutOfRange.id]);
  });

  it('still says a malformed date is not a date', () => {
    expect(isoDate.safeParse('2026-02-30').error?.issues.map((i) => i.message)).toEqual([PROJECT_MESSAGES.dueDateInvalid.id]);
    expect(isoDate.safeParse('soon').error?.issues.map((i) => i.message)).toEqual([PROJECT_MESSAGES.dueDateInvalid.id]);
  });
});
