// Field shapes several forms share, and the one rule every text input goes through.
import { z } from 'zod';
import { isStorableText, unstorableTextMessage } from './storable-text';
// Named here too, where the forms' text fields are made; storable-text.ts has them without zod.
export { isStorableText, unstorableTextMessage } from './storable-text';

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
