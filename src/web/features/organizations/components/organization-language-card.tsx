// Issue 48: the organization's language, in Settings → Organization (its admins, like its name).
// Its emails speak it to members with no saved language and to clients; nobody's screens change.
import { Languages } from 'lucide-react';
import { useId } from 'react';
import type { Locale } from '@/domain/locales';
import { Card, CardContent } from '@/web/components/ui/card';
import { LanguageSelect } from '@/web/components/ui/language-select';
import { SettingsCardHeader } from '@/web/components/ui/settings-card-header';
import { useT } from '@/web/lib/i18n';
import { notifyError, notifySuccess } from '@/web/lib/notify';
import { useSetOrganizationLocale } from '../api';
import { ORGANIZATIONS_TEXTS } from '../texts';

export function OrganizationLanguageCard({ locale }: { locale: Locale }) {
  const t = useT('organizations');
  const id = useId();
  const setLocale = useSetOrganizationLocale();

  const choose = (next: Locale | null) => {
    if (!next || next === locale) return;
    setLocale.mutate(next, {
      onSuccess: () => notifySuccess(t(ORGANIZATIONS_TEXTS.languageSaved)),
      onError: (error) => notifyError(error, t(ORGANIZATIONS_TEXTS.languageSaveFailed)),
    });
  };

  return (
    <Card data-testid="organization-language-card">
      <SettingsCardHeader icon={Languages} title={t(ORGANIZATIONS_TEXTS.languageTitle)} description={t(ORGANIZATIONS_TEXTS.languageDescription)} />
      <CardContent>
        <label htmlFor={id} className="sr-only">
          {t(ORGANIZATIONS_TEXTS.languageTitle)}
        </label>
        <LanguageSelect id={id} value={locale} onChange={choose} disabled={setLocale.isPending} className="w-full sm:w-72" />
      </CardContent>
    </Card>
  );
}
