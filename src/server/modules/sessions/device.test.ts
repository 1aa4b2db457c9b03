// Settings -> Sessions: the browser and system a session is named by, read from its User-Agent.
import { describe, expect, it } from 'vitest';
import { SESSION_TEXTS } from '../../../domain/sessions';
import { describeBrowser } from './device';

const AGENTS = {
  chromeLinux: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
  chromeMac: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
  firefoxMac: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14.1; rv:133.0) Gecko/20100101 Firefox/133.0',
  safariIphone: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
  edgeWindows: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.2903.86',
  chromeAndroid: 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.6778.81 Mobile Safari/537.36',
};

describe('describeBrowser', () => {
  it('names the browser, its major version and the system', () => {
    expect(describeBrowser(AGENTS.chromeLinux)).toBe('Chrome 131 on Linux');
    expect(describeBrowser(AGENTS.chromeMac)).toBe('Chrome 131 on macOS');
    expect(describeBrowser(AGENTS.firefoxMac)).toBe('Firefox 133 on macOS');
    expect(describeBrowser(AGENTS.safariIphone)).toBe('Safari 17 on iOS');
    expect(describeBrowser(AGENTS.edgeWindows)).toBe('Microsoft Edge 131 on Windows');
    expect(describeBrowser(AGENTS.chromeAndroid)).toBe('Chrome 131 on Android');
  });

  it('says "Unknown browser" without a User-Agent or for a program that is no browser', () => {
    expect(describeBrowser(null)).toBe(SESSION_TEXTS.unknownBrowser.message);
    expect(describeBrowser('')).toBe(SESSION_TEXTS.unknownBrowser.message);
    expect(describeBrowser('curl/8.5.0')).toBe(SESSION_TEXTS.unknownBrowser.message);
  });

  it("describes the device in the reader's language (issue 48), the names as the User-Agent gives them", () => {
    expect(describeBrowser(AGENTS.chromeLinux, 'de')).toBe('Chrome 131 unter Linux');
    expect(describeBrowser(AGENTS.firefoxMac, 'es')).toBe('Firefox 133 en macOS');
    expect(describeBrowser(null, 'de')).toBe('Unbekannter Browser');
  });
});
