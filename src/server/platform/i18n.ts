// Issue 48 (decision 045): the server speaks the caller's language in what people read of its
// answers: an error's `message` (its `code` stays the same in every language). The caller's
// language is the member's saved one, else their Accept-Language, else English. The catalogs
// are the web app's compiled ones for the parts the server writes: `domain` (the rules' words,
// validation among them), `core` (the storable-text rule's) and `server` (its own).
import { setupI18n, type I18n, type Messages } from '@lingui/core';
import { DEFAULT_LOCALE, LOCALES, matchLocale, readMessage, type Locale, type Text, type TextValues } from '../../domain/locales';
import { messages as deDomain } from '../../locales/de/domain';
import { messages as deDomainAuth } from '../../locales/de/domain-auth';
import { messages as deDomainShared } from '../../locales/de/domain-shared';
import { messages as deCore } from '../../locales/de/core';
import { messages as deServer } from '../../locales/de/server';
import { messages as enDomain } from '../../locales/en/domain';
import { messages as enDomainAuth } from '../../locales/en/domain-auth';
import { messages as enDomainShared } from '../../locales/en/domain-shared';
import { messages as enCore } from '../../locales/en/core';
import { messages as enServer } from '../../locales/en/server';
import { messages as esDomain } from '../../locales/es/domain';
import { messages as esDomainAuth } from '../../locales/es/domain-auth';
import { messages as esDomainShared } from '../../locales/es/domain-shared';
import { messages as esCore } from '../../locales/es/core';
import { messages as esServer } from '../../locales/es/server';

// Every part of the rules' words (src/domain/word-parts.ts: `core` holds the storable-text rule's,
// with the web app's shared components' words beside them) and the server's own.
const CATALOGS: Record<Locale, Messages> = {
  en: { ...enCore, ...enDomain, ...enDomainAuth, ...enDomainShared, ...enServer },
  de: { ...deCore, ...deDomain, ...deDomainAuth, ...deDomainShared, ...deServer },
  es: { ...esCore, ...esDomain, ...esDomainAuth, ...esDomainShared, ...esServer },
};

const translators = new Map<Locale, I18n>(LOCALES.map((locale) => [locale, setupI18n({ locale, messages: { [locale]: CATALOGS[locale] } })]));

export type { TextValues };

/**
 * A text in a language. A string is a text's id when the catalogs know it (a validation message
 * of the domain's schemas carries its id), else words already written (another system's, a
 * field's own limit): those pass as they are.
 */
export function translate(locale: Locale, text: Text | string, values?: TextValues): string {
  const translator = translators.get(locale) ?? translators.get(DEFAULT_LOCALE)!;
  const descriptor = typeof text === 'string' ? knownText(text) : text;
  if (!descriptor) return text as string;
  const all = (values ?? descriptor.values) ? { ...descriptor.values, ...values } : undefined;
  return translator._(all ? { ...descriptor, values: all } : descriptor);
}

/** A message that names a text of the catalogs (its id, with values: readMessage), else undefined. */
function knownText(message: string): Text | undefined {
  const { id, values } = readMessage(message);
  return id in CATALOGS.en ? { id, message: id, values } : undefined;
}

/**
 * The language of a request's answer: the member's saved language (`savedLocale`, when someone
 * signed in is known), else the first of ours the Accept-Language header asks for.
 */
export function answerLocale(acceptLanguage: string | undefined, savedLocale: Locale | null | undefined): Locale {
  return savedLocale ?? matchLocale(acceptLanguage);
}
