// Field shapes several forms share, and the one rule every text input goes through.
import { z } from 'zod';
import { messageWithValues } from './locales';
import { isStorableText, STORABLE_TEXT_MESSAGES } from './storable-text';
// Named here too, where the forms' text fields are made; storable-text.ts has them without zod.
export { isStorableText, STORABLE_TEXT_MESSAGES } from './storable-text';

/**
 * Every text input starts here instead of at z.string(): the same string schema, with the
 * storable-text rule checked first. Its message names no field (issue 48: it is said in the
 * reader's language under the field, and the API's answer names the field in `error.field`).
 */
export function text(params?: Parameters<typeof z.string>[0]) {
  return z.string(params).refine(isStorableText, { message: STORABLE_TEXT_MESSAGES.unstorable.id, abort: true });
}

/** An optional text: trimmed, and saved as null when empty (spec 5 "empty optional values"). */
export const optionalText = (max: number) =>
  text()
    .trim()
    .max(max, messageWithValues(STORABLE_TEXT_MESSAGES.tooLong, { max }))
    .nullish()
    .transform((v) => (v ? v : null));
