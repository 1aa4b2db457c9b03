// Settings -> Sessions (decision 027): the browser and system a session signed in from, read from
// its User-Agent with bowser (a small, well-kept parser; src/domain stays free of packages).
import Bowser from 'bowser';
import { SESSION_TEXTS } from '../../../domain/sessions';

// The description is composed here in English ("Chrome 131 on Linux"), so its unknown case is too.
const UNKNOWN_BROWSER = SESSION_TEXTS.unknownBrowser.message;

/** "Chrome 131 on Linux": the browser's name and major version, and the system's name. */
export function describeBrowser(userAgent: string | null): string {
  if (!userAgent) return UNKNOWN_BROWSER;
  const parsed = Bowser.parse(userAgent);
  const name = parsed.browser.name;
  if (!name) return UNKNOWN_BROWSER;
  const version = parsed.browser.version?.split('.')[0];
  const os = parsed.os.name;
  return `${name}${version ? ` ${version}` : ''}${os ? ` on ${os}` : ''}`;
}
