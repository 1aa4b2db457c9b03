// Issue 48 item 3: the member's region, beside their language in Settings: the conventions dates,
// times and numbers are written in (en-GB's "29 Nov 2026", de-AT, es-MX). Saved for the member,
// or left to the browser's; the page writes in it as soon as /api/me's answer says so.
import { useId } from 'react';
import { isRegion, REGIONS, type Region } from '@/domain/region-rules';
import { NativeSelect } from '@/web/components/ui/native-select';
import { Label } from '@/web/components/ui/label';
import { formatDate, formatTime, todayIso } from '@/web/lib/format-date';
import { formatMoney } from '@/web/lib/format-number';
import { isLocale } from '@/domain/locales';
import { i18n, useT } from '@/web/lib/i18n';
import { notifyError, notifySuccess } from '@/web/lib/notify';
import { useOrganizationCurrency } from '@/web/lib/session';
import { useSetRegion } from '../api';

export const REGION_TEXTS = {
  label: /*i18n*/ { id: 'settings.region.label', message: 'Region' },
  automatic: /*i18n*/ { id: 'settings.region.automatic', message: 'Automatic (from your browser)' },
  example: /*i18n*/ { id: 'settings.region.example', message: 'Dates and numbers look like this: {date}, {time}, {money}.' },
  saved: /*i18n*/ { id: 'settings.region.saved', message: 'Region saved' },
};

/** The regions by name in the language on screen, in its alphabetical order. */
function regionOptions(): { region: Region; name: string }[] {
  const language = isLocale(i18n.locale) ? i18n.locale : 'en';
  const names = new Intl.DisplayNames(language, { type: 'region' });
  return REGIONS.map((region) => ({ region, name: names.of(region) ?? region })).sort((a, b) => a.name.localeCompare(b.name, language));
}

export function RegionField({ region }: { region: Region | null }) {
  const t = useT('settings');
  const id = useId();
  const currency = useOrganizationCurrency();
  const setRegion = useSetRegion();

  const choose = (next: Region | null) => {
    setRegion.mutate(next, {
      onSuccess: () => notifySuccess(t(REGION_TEXTS.saved)),
      onError: (error) => notifyError(error),
    });
  };

  // Today at 14:05: the clock's difference shows (2:05 PM, 14:05).
  const sample = `${todayIso()}T14:05:00`;
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={id}>{t(REGION_TEXTS.label)}</Label>
      <NativeSelect
        id={id}
        aria-describedby={`${id}-example`}
        value={region ?? ''}
        disabled={setRegion.isPending}
        onChange={(event) => choose(isRegion(event.target.value) ? event.target.value : null)}
        className="w-full sm:w-72"
      >
        <option value="">{t(REGION_TEXTS.automatic)}</option>
        {regionOptions().map((option) => (
          <option key={option.region} value={option.region}>
            {option.name}
          </option>
        ))}
      </NativeSelect>
      <p id={`${id}-example`} className="text-xs text-muted-foreground" data-testid="region-example">
        {t(REGION_TEXTS.example, { date: formatDate(sample), time: formatTime(sample), money: formatMoney(123450, currency) })}
      </p>
    </div>
  );
}
