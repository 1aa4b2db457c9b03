// Issue 48: the languages Brieflane speaks, and which of them a browser asks for. No zod here: every
// page's first download reads this file (the language menu, the catalog to load); the schema of a
// language sent to the server is in auth.ts. Lingui's message descriptors (decision 044) are plain
// objects, so texts need no package.

/** The interface's languages: English (the spec's wording), German and Spanish. */
export const LOCALES = ['en', 'de', 'es'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'en';

/**
 * Every text accented, bracketed and about 30 % longer, to find words left untranslated and
 * layouts that clip (issue 48 item 5). Never offered in Settings or a language menu; shown when
 * saved on the device by hand (src/web/lib/i18n.ts).
 */
export const PSEUDO_LOCALE = 'pseudo';

/**
 * The Intl locale each language formats dates and numbers in (issue 48 item 3): English as the
 * spec writes dates ("Nov 29, 2026", "2:05 PM"), German and Spanish as Germany and Spain do.
 */
export const INTL_LOCALES: Record<Locale, string> = { en: 'en-US', de: 'de-DE', es: 'es-ES' };

/** The Intl locale of a language on screen (the pseudo-locale formats as English). */
export function intlLocaleOf(locale: string): string {
  return isLocale(locale) ? INTL_LOCALES[locale] : INTL_LOCALES[DEFAULT_LOCALE];
}

/** Each language in its own words, as the language menu lists it. */
export const LOCALE_NAMES: Record<Locale, string> = { en: 'English', de: 'Deutsch', es: 'Español' };

/**
 * A text the user reads: its catalog id and its English source (ICU MessageFormat: `{name}`,
 * `{count, plural, one {# task} other {# tasks}}`). Shaped as Lingui's MessageDescriptor; written
 * as `/*i18n*\/ { id, message }` so `lingui extract` finds it without a macro.
 */
export type Text = { readonly id: string; readonly message: string; readonly values?: TextValues };

/** Values for a text's placeholders (`{host}`, `{count, plural, ...}`). */
export type TextValues = Record<string, string | number>;

/**
 * A text with its placeholders filled, to say later in the reader's language: an error the server
 * answers (`conflict(withValues(TASK_MESSAGES.blockedBy, { title }))`), a toast.
 */
export function withValues(text: Text, values: TextValues): Text {
  return { id: text.id, message: text.message, values };
}

/**
 * A validation message with values, for zod, whose messages are strings: the text's id, a space,
 * its values as JSON (`domain-auth.auth.codeLength {"count":6}`). The server's translator and the
 * web app's form fields read it back (`readMessage`) and say it in the reader's language.
 */
export function messageWithValues(text: Text, values: TextValues): string {
  return `${text.id} ${JSON.stringify(values)}`;
}

/** A text as zod carries it (a rule's parse result put into a schema's issue): its id, with its values when it has them. */
export function validationMessage(text: Text): string {
  return text.values ? messageWithValues(text, text.values) : text.id;
}

/** A message as zod carries it: a text's id (with values, from messageWithValues) or words as they are. */
export function readMessage(message: string): { id: string; values?: TextValues } {
  const withJson = /^([\w.-]+) (\{.*\})$/.exec(message);
  if (!withJson) return { id: message };
  try {
    return { id: withJson[1]!, values: JSON.parse(withJson[2]!) as TextValues };
  } catch {
    return { id: message };
  }
}

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

/**
 * The first of our languages a browser asks for, in its order of preference: an Accept-Language
 * header (`de-CH,de;q=0.9,en;q=0.8`) or navigator.languages. A region falls back to its language
 * (`es-MX` is Spanish); a weight of 0 means "not this one"; nothing we speak gives English.
 */
export function matchLocale(asked: string | readonly string[] | null | undefined): Locale {
  const entries = typeof asked === 'string' ? parseAcceptLanguage(asked) : (asked ?? []).map((tag, index) => ({ tag, weight: 1 - index / 1000 }));
  const ranked = entries.filter((entry) => entry.weight > 0).sort((a, b) => b.weight - a.weight);
  for (const { tag } of ranked) {
    const language = tag.trim().toLowerCase().split(/[-_]/)[0];
    if (isLocale(language)) return language;
  }
  return DEFAULT_LOCALE;
}

function parseAcceptLanguage(header: string): { tag: string; weight: number }[] {
  return header
    .split(',')
    .slice(0, 50)
    .map((part, index) => {
      const [tag = '', ...params] = part.split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      const weight = q === undefined ? 1 : Number(q.slice(2));
      // Equal weights keep the header's order.
      return { tag, weight: (Number.isFinite(weight) ? Math.min(Math.max(weight, 0), 1) : 0) - index / 1e6 };
    })
    .filter((entry) => entry.tag.trim() !== '' && entry.tag.trim() !== '*');
}
