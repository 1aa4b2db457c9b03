// Issue 48: the member's language, in Settings. Saved for the member (every device they sign in
// on), or left to each browser's language; the page changes language at once. Their region
// (item 3: how dates and numbers are written) is chosen beside it.
import { Languages } from 'lucide-react';
import { useId } from 'react';
import { isLocale, matchLocale, type Locale } from '@/domain/locales';
import type { Region } from '@/domain/region-rules';
import { Card, CardContent } from '@/web/components/ui/card';
import { LANGUAGE_TEXTS, LanguageSelect } from '@/web/components/ui/language-select';
import { SettingsCardHeader } from '@/web/components/ui/settings-card-header';
import { activateLocale, rememberLocale, useT } from '@/web/lib/i18n';
import { notifyError, notifySuccess } from '@/web/lib/notify';
import { useSetLanguage } from '../api';
import { RegionField } from './region-field';

export const LANGUAGE_CARD_TEXTS = {
  description: /*i18n*/ { id: 'settings.language.description', message: 'The language Brieflane speaks to you in, on every device you sign in on.' },
  saved: /*i18n*/ { id: 'settings.language.saved', message: 'Language saved' },
};

export function LanguageCard({ locale, region = null }: { locale: Locale | null; region?: Region | null }) {
  const t = useT('settings');
  const id = useId();
  const setLanguage = useSetLanguage();

  const choose = (next: Locale | null) => {
    setLanguage.mutate(next, {
      onSuccess: async () => {
        const shown = next ?? matchLocale(navigator.languages);
        rememberLocale(next);
        await activateLocale(shown);
        notifySuccess(t(LANGUAGE_CARD_TEXTS.saved));
      },
      onError: (error) => notifyError(error),
    });
  };

  return (
    <Card data-testid="language-card">
      <SettingsCardHeader icon={Languages} title={t(LANGUAGE_TEXTS.language)} description={t(LANGUAGE_CARD_TEXTS.description)} />
      <CardContent className="grid gap-4">
        <label htmlFor={id} className="sr-only">
          {t(LANGUAGE_TEXTS.language)}
        </label>
        <LanguageSelect
          id={id}
          allowBrowser
          value={isLocale(locale) ? locale : null}
          onChange={choose}
          disabled={setLanguage.isPending}
          className="w-full sm:w-72"
        />
        <RegionField region={region} />
      </CardContent>
    </Card>
  );
}
