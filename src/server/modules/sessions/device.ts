// Settings -> Sessions (decision 027): the browser and system a session signed in from, read from
// its User-Agent with bowser (a small, well-kept parser; src/domain stays free of packages).
import Bowser from 'bowser';
import { SESSION_TEXTS } from '../../../domain/sessions';

/** "Chrome 131 on Linux": the browser's name and major version, and the system's name. */
export function describeBrowser(userAgent: string | null): string {
  if (!userAgent) return SESSION_TEXTS.unknownBrowser;
  const parsed = Bowser.parse(userAgent);
  const name = parsed.browser.name;
  if (!name) return SESSION_TEXTS.unknownBrowser;
  const version = parsed.browser.version?.split('.')[0];
  const os = parsed.os.name;
  return `${name}${version ? ` ${version}` : ''}${os ? ` on ${os}` : ''}`;
}
