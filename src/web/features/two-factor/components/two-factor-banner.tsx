import { ShieldAlert } from 'lucide-react';
import { Suspense } from 'react';
import { Link } from 'react-router';
import type { Me } from '@/domain/auth';
import { settingsSectionPath } from '@/domain/settings-sections';
import { TWO_FACTOR_POLICY_TEXTS as TEXTS } from '@/domain/two-factor-policy-rules';
import { formatDate } from '@/web/lib/format-date';
import { useT } from '@/web/lib/i18n';
import { TWO_FACTOR_CARD_HASH } from './two-factor-card-anchor';

/**
 * Issue 31 item 2: a member the organization's requirement applies to, still in the grace period,
 * is told on every page until when, with the way to Settings' Two-factor card. Past the deadline
 * the app shows only the set-up (TwoFactorRequiredScreen) instead.
 */
export function TwoFactorBanner({ twoFactor }: { twoFactor: Me['twoFactor'] }) {
  if (!twoFactor.required || twoFactor.overdue || !twoFactor.deadline) return null;
  // Its words are the rules' (`domain`), which the shell does not wait for: the banner alone waits.
  return (
    <Suspense fallback={null}>
      <Banner deadline={twoFactor.deadline} />
    </Suspense>
  );
}

function Banner({ deadline }: { deadline: string }) {
  const t = useT('domain');
  return (
    <section
      aria-label={t(TEXTS.bannerLabel)}
      data-testid="two-factor-banner"
      className="mx-auto mt-4 flex max-w-6xl flex-col gap-3 rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-950 sm:flex-row sm:items-center sm:justify-between"
    >
      <p className="flex items-start gap-2">
        <ShieldAlert className="mt-0.5 size-4 shrink-0" aria-hidden />
        {t(TEXTS.bannerBefore, { when: formatDate(deadline) })}
      </p>
      <Link
        to={`${settingsSectionPath('security')}${TWO_FACTOR_CARD_HASH}`}
        className="inline-flex shrink-0 items-center justify-center self-start rounded-md bg-amber-900 px-3 py-1.5 text-sm font-medium text-amber-50 outline-none hover:bg-amber-800 focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 sm:self-auto"
      >
        {t(TEXTS.bannerAction)}
      </Link>
    </section>
  );
}
