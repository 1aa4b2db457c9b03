import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { calendarText } from './calendar-text';

// eslint-disable-next-line no-control-regex -- the characters the feed must not carry
const FORBIDDEN = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/;
/** Every character the rule removes, one of each. */
const CONTROLS = [
  ...Array.from({ length: 0x20 }, (_, i) => String.fromCharCode(i)),
  ...Array.from({ length: 0x21 }, (_, i) => String.fromCharCode(0x7f + i)),
  '\u2028',
  '\u2029',
];

describe('calendarText', () => {
  it('removes C0 and C1 controls, DEL and the line and paragraph separators, keeping the words apart', () => {
    expect(calendarText('\u0007bell\u2028line\u0085next\u0000')).toBe('bell line next');
    expect(calendarText('Rogue\u001b[2JAgency')).toBe('Rogue [2JAgency');
    expect(calendarText('a\t\r\nb\u2029\u009fc\u007f')).toBe('a b c');
    for (const control of CONTROLS) expect(calendarText(`x${control}y`), control.charCodeAt(0).toString(16)).toBe('x y');
    expect(calendarText(CONTROLS.join(''))).toBe('');
  });

  it('leaves every other character alone: spaces, accents, emoji, the characters next to the ranges', () => {
    for (const kept of [' ', '\u00a0', '\u00a0 spaced ', 'Crème brûlée', '😀 launch', '~', '\u00a0\u00ff', '\u2027\u202a', '']) {
      expect(calendarText(kept)).toBe(kept);
    }
  });

  const anyText = fc.string({ unit: fc.oneof(fc.constantFrom(...CONTROLS), fc.constantFrom('a', 'b', ' ', 'é'), fc.string({ unit: 'binary', minLength: 1, maxLength: 1 })) });

  it('never returns one of those characters, and is idempotent', () => {
    fc.assert(
      fc.property(anyText, (value) => {
        const clean = calendarText(value);
        expect(clean).not.toMatch(FORBIDDEN);
        expect(calendarText(clean)).toBe(clean);
      }),
    );
  });

  it('keeps the other characters in their order, adding only single spaces between them', () => {
    fc.assert(
      fc.property(anyText, (value) => {
        const clean = calendarText(value);
        expect(clean.replaceAll(' ', '')).toBe(value.replace(new RegExp(FORBIDDEN, 'g'), '').replaceAll(' ', ''));
        expect(clean.length).toBeLessThanOrEqual(value.length);
      }),
    );
  });

  it('returns text without them unchanged', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme' }).filter((v) => !FORBIDDEN.test(v)), (value) => {
        expect(calendarText(value)).toBe(value);
      }),
    );
  });
});
