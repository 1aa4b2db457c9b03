// Issue 48 item 4: "Language" in the Share Project Access dialog: the language a share, intake or
// approval link's visitor sees (they may switch with the shared page's language menu). Left at
// the organization's default, the link follows the organization's language.
import { useController, type Control } from 'react-hook-form';
import { LOCALE_NAMES, LOCALES, isLocale, type Locale } from '@/domain/locales';
import type { CreateAccessLinkInput } from '@/domain/sharing';
import { FormField } from '@/web/components/ui/form-field';
import { NativeSelect } from '@/web/components/ui/native-select';
import { useT } from '@/web/lib/i18n';
import { SHARING_TEXTS } from '../texts';

type Props = {
  control: Control<CreateAccessLinkInput>;
  /** The organization's language, named in the first choice. */
  organizationLocale: Locale;
  error?: string;
};

export function LinkLanguageField({ control, organizationLocale, error }: Props) {
  const t = useT('sharing');
  const { value, onChange, onBlur } = useController({ control, name: 'locale' }).field;
  return (
    <FormField label={t(SHARING_TEXTS.linkLanguage)} hint={t(SHARING_TEXTS.linkLanguageHint)} error={error}>
      {/* Directly inside FormField, which gives it the id its label points to. */}
      <NativeSelect
        value={value ?? ''}
        onChange={(event) => onChange(isLocale(event.target.value) ? event.target.value : null)}
        onBlur={onBlur}
        className="h-10 w-full"
      >
        <option value="">{t(SHARING_TEXTS.organizationLanguage, { language: LOCALE_NAMES[organizationLocale] })}</option>
        {LOCALES.map((locale) => (
          <option key={locale} value={locale} lang={locale}>
            {LOCALE_NAMES[locale]}
          </option>
        ))}
      </NativeSelect>
    </FormField>
  );
}
