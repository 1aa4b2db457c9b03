// Issue 48: a text as an English-speaking user reads it, for a test to find it on screen:
// `screen.getByRole('button', { name: en(AUTH_TEXTS.signInButton) })`.
import type { Text } from '@/domain/locales';
import { i18n, type TextValues } from '@/web/lib/i18n';
import './render-with-providers';

export function en(text: Text, values?: TextValues): string {
  if (i18n.locale !== 'en') throw new Error(`en() reads English; the test switched to ${i18n.locale}`);
  return i18n._(values ? { ...text, values } : text);
}
