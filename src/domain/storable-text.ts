// Decision 006's rule for text that can be stored, without zod: the text fields of ./text-fields.ts
// check it, and its message can be part of a page that loads no schema library (decision 013).

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

/**
 * Issue 48: the words of the rule, in the `core` part (src/domain/word-parts.ts): a text field
 * refuses such text on any page, a share link's and the sign-in screen's too. The field is not
 * named: a form shows the message under it, and the API's answer names it (`error.field`).
 */
export const STORABLE_TEXT_MESSAGES = {
  unstorable: /*i18n*/ { id: 'core.storable-text.unstorable', message: 'Contains a character that cannot be saved' },
  tooLong: /*i18n*/ { id: 'core.storable-text.tooLong', message: 'Must be at most {max} characters' },
} as const;
