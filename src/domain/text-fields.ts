// Field shapes several forms share, and the one rule every text input goes through.
import { z } from 'zod';

/**
 * Decision 006: text that PostgreSQL cannot store (a NUL character, in text or in jsonb) or that
 * is not well-formed UTF-16 (a surrogate without its pair, which has no UTF-8 form) is refused
 * with a 400, never passed on to answer 500. Tested code unit by code unit, so it runs the same
 * in every browser and in Node.
 */
export function isStorableText(value: string): boolean {
  for (let i = 0; i < value.length; i += 1) {
    const unit = value.charCodeAt(i);
    if (unit === 0) return false;
    if (unit >= 0xd800 && unit <= 0xdbff) {
      const next = value.charCodeAt(i + 1);
      if (!(next >= 0xdc00 && next <= 0xdfff)) return false;
      i += 1;
    } else if (unit >= 0xdc00 && unit <= 0xdfff) {
      return false;
    }
  }
  return true;
}

/** The message for a field holding such text, naming the field. */
export function unstorableTextMessage(field: string): string {
  return `${field} contains a character that cannot be saved`;
}

/**
 * Every text input starts here instead of at z.string(): the same string schema, with the
 * storable-text rule checked first. `field` names the field in the message ('Name', 'Search').
 */
export function text(field: string, params?: Parameters<typeof z.string>[0]) {
  return z.string(params).refine(isStorableText, { message: unstorableTextMessage(field), abort: true });
}

/** An optional text: trimmed, and saved as null when empty (spec 5 "empty optional values"). */
export const optionalText = (max: number, field = 'Text') =>
  text(field)
    .trim()
    .max(max, `Must be at most ${max} characters`)
    .nullish()
    .transform((v) => (v ? v : null));
