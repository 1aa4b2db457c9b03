// Settings -> Sessions (decision 027): the browser and system a session signed in from, read from
// its User-Agent with bowser (a small, well-kept parser; src/domain stays free of packages).
import Bowser from 'bowser';
import { DEFAULT_LOCALE, type Locale } from '../../../domain/locales';
import { SESSION_TEXTS } from '../../../domain/sessions';
import { translate } from '../../platform/i18n';

/**
 * "Chrome 131 on Linux": the browser's name and major version, and the system's name, in the
 * reader's language (issue 48: "Chrome 131 unter Linux"); the names are the User-Agent's own.
 */
export function describeBrowser(userAgent: string | null, locale: Locale = DEFAULT_LOCALE): string {
  const unknown = translate(locale, SESSION_TEXTS.unknownBrowser);
  if (!userAgent) return unknown;
  const parsed = Bowser.parse(userAgent);
  const name = parsed.browser.name;
  if (!name) return unknown;
  const version = parsed.browser.version?.split('.')[0];
  const browser = `${name}${version ? ` ${version}` : ''}`;
  const system = parsed.os.name;
  return system ? translate(locale, SESSION_TEXTS.browserOnSystem, { browser, system }) : browser;
}
