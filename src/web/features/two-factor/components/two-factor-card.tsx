import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ShieldCheck } from 'lucide-react';
import { Suspense, useEffect, useState } from 'react';
import { TWO_FACTOR_TEXTS as TEXTS } from '@/domain/two-factor';
import { Badge } from '@/web/components/ui/badge';
import { Button } from '@/web/components/ui/button';
import { Card, CardContent } from '@/web/components/ui/card';
import { LoadErrorPanel } from '@/web/components/ui/load-error-panel';
import { SettingsCardHeader } from '@/web/components/ui/settings-card-header';
import { Skeleton } from '@/web/components/ui/skeleton';
import { cn } from '@/web/lib/class-names';
import { formatDate } from '@/web/lib/format-date';
import { useT } from '@/web/lib/i18n';
import { lazyComponent, preloadOnIntent } from '@/web/lib/lazy-component';
import { meQueryKey, useSignedInMe } from '@/web/lib/session';
import { twoFactorStatusQuery } from '../api';
import { TWO_FACTOR_CARD_ID, useTwoFactorCardAnchor } from './two-factor-card-anchor';
import type { TwoFactorDialogKind } from './two-factor-dialogs';

// The dialogs load when first opened, or on the hover or focus of their button (decision 013).
const TwoFactorDialog = lazyComponent(async () => (await import('./two-factor-dialogs')).TwoFactorDialog);

/**
 * Settings -> Two-factor sign-in (issue 31 item 1): off, a button that sets it up; on, since
 * when, the recovery codes left, new codes, and turning it off. `email` names the downloaded codes.
 */
export function TwoFactorCard({ email }: { email: string }) {
  const t = useT('domain');
  const status = useQuery(twoFactorStatusQuery);
  const [dialog, setDialog] = useState<TwoFactorDialogKind | null>(null);
  const enabled = status.data?.enabled;
  const anchor = useTwoFactorCardAnchor<HTMLDivElement>();
  const me = useSignedInMe();
  const queryClient = useQueryClient();
  // Me says whether the organization's requirement still asks for it (the banner, the blocked
  // screen): read again once the card and Me disagree, but only with no dialog open, as the app
  // the blocked screen gives way to would take the new recovery codes off the screen with it.
  useEffect(() => {
    if (enabled !== undefined && dialog === null && enabled !== me.twoFactor.on) void queryClient.invalidateQueries({ queryKey: meQueryKey });
  }, [enabled, dialog, me.twoFactor.on, queryClient]);

  return (
    <Card data-testid="two-factor-card" id={TWO_FACTOR_CARD_ID} ref={anchor} tabIndex={-1} className="scroll-mt-20 outline-none focus-visible:ring-2 focus-visible:ring-ring">
      <SettingsCardHeader
        icon={ShieldCheck}
        title={t(TEXTS.title)}
        description={t(TEXTS.description)}
        action={
          enabled === false ? (
            <Button size="sm" onClick={() => setDialog('set-up')} {...preloadOnIntent(TwoFactorDialog)}>
              {t(TEXTS.setUp)}
            </Button>
          ) : null
        }
      />
      <CardContent>
        {status.isError ? (
          <LoadErrorPanel title={t(TEXTS.loadFailed)} error={status.error} onRetry={() => void status.refetch()} />
        ) : !status.data ? (
          <Skeleton className="h-14 w-full" />
        ) : status.data.enabled ? (
          <div className="flex flex-col gap-3 rounded-md border p-3 sm:flex-row sm:items-center sm:justify-between">
            <div className="grid gap-1">
              <p className="flex flex-wrap items-center gap-2 text-sm font-medium">
                <Badge>{t(TEXTS.on)}</Badge>
                {status.data.enabledAt ? <span>{t(TEXTS.onSince, { when: formatDate(status.data.enabledAt) })}</span> : null}
              </p>
              <p className={cn('text-xs', status.data.recoveryCodesLeft === 0 ? 'font-medium text-destructive' : 'text-muted-foreground')} data-testid="recovery-codes-left">
                {t(TEXTS.recoveryLeft, { n: status.data.recoveryCodesLeft })}
              </p>
            </div>
            <div className="flex flex-wrap gap-2">
              <Button size="sm" variant="outline" onClick={() => setDialog('new-codes')} {...preloadOnIntent(TwoFactorDialog)}>
                {t(TEXTS.newRecoveryCodes)}
              </Button>
              <Button size="sm" variant="outline" className="text-destructive hover:text-destructive" onClick={() => setDialog('turn-off')} {...preloadOnIntent(TwoFactorDialog)}>
                {t(TEXTS.turnOff)}
              </Button>
            </div>
          </div>
        ) : (
          <p className="flex items-center gap-2 text-sm text-muted-foreground">
            <Badge variant="outline">{t(TEXTS.off)}</Badge>
          </p>
        )}
      </CardContent>
      {/* Outside the status above: turning it on changes the status while the dialog still
          shows the recovery codes, once. */}
      {dialog ? (
        <Suspense fallback={null}>
          <TwoFactorDialog kind={dialog} email={email} onClose={() => setDialog(null)} />
        </Suspense>
      ) : null}
    </Card>
  );
}
