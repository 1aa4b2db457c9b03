// Issue 48: the language menu, on the signed-out screens and in Settings. Each language is named
// in its own words (a German reader finds "Deutsch" whatever the page's language); the menu's own
// label is in the page's.
import { LOCALE_NAMES, LOCALES, isLocale, type Locale } from '@/domain/locales';
import { useT } from '@/web/lib/i18n';
import { NativeSelect } from './native-select';

export const LANGUAGE_TEXTS = {
  language: /*i18n*/ { id: 'core.language.label', message: 'Language' },
  browserLanguage: /*i18n*/ { id: 'core.language.browser', message: 'Your browser’s language' },
};

type Props = {
  value: Locale | null;
  onChange: (locale: Locale | null) => void;
  /** Offer "Your browser's language" (null): Settings, where the choice is saved for the member. */
  allowBrowser?: boolean;
  disabled?: boolean;
  className?: string;
  id?: string;
};

export function LanguageSelect({ value, onChange, allowBrowser = false, disabled, className, id }: Props) {
  const t = useT();
  return (
    <NativeSelect
      id={id}
      aria-label={id ? undefined : t(LANGUAGE_TEXTS.language)}
      className={className}
      value={value ?? ''}
      disabled={disabled}
      onChange={(event) => onChange(isLocale(event.target.value) ? event.target.value : null)}
    >
      {allowBrowser ? <option value="">{t(LANGUAGE_TEXTS.browserLanguage)}</option> : null}
      {LOCALES.map((locale) => (
        <option key={locale} value={locale} lang={locale}>
          {LOCALE_NAMES[locale]}
        </option>
      ))}
    </NativeSelect>
  );
}
