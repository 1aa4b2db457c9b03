// Issue 49 item 8: where money is computed from a rate and no rate is in force, the screen says
// "No rate set" rather than a made-up "$0.00". Organization admins and admins, who set rates, get
// a link to where they are set (the Team tab: each member's page holds their rate card); anyone
// else reads plain text.
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { isAdmin } from '@/domain/roles';
import { NO_RATE_TEXTS } from '@/web/components/texts';
import { useT } from '@/web/lib/i18n';
import { meQueryOptions } from '@/web/lib/session';

/** The dashboard's Team tab (as the team feature's TEAM_TAB_PATH; a shared piece does not import a feature). */
const TEAM_TAB = '/?tab=team';

export function NoRateSet({ linked = true }: { linked?: boolean }) {
  const t = useT();
  // The Me the sign-in gate already loaded (never a request of its own); none known: plain text.
  const role = useQuery({ ...meQueryOptions, enabled: false }).data?.profile.role;
  if (!linked || !role || !isAdmin(role)) return <span data-testid="no-rate">{t(NO_RATE_TEXTS.noRateSet)}</span>;
  return (
    <Link to={TEAM_TAB} className="text-primary underline-offset-4 hover:underline" aria-label={t(NO_RATE_TEXTS.setRates)} data-testid="no-rate">
      {t(NO_RATE_TEXTS.noRateSet)}
    </Link>
  );
}
