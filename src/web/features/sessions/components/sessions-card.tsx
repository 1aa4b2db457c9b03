import { useQuery } from '@tanstack/react-query';
import { KeyRound, MonitorSmartphone } from 'lucide-react';
import { useState } from 'react';
import { SESSION_TEXTS as TEXTS, type MemberSession, type SignInWay } from '@/domain/sessions';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '@/web/components/ui/alert-dialog';
import { Badge } from '@/web/components/ui/badge';
import { Button } from '@/web/components/ui/button';
import { Card, CardContent } from '@/web/components/ui/card';
import { SettingsCardHeader } from '@/web/components/ui/settings-card-header';
import { LoadErrorPanel } from '@/web/components/ui/load-error-panel';
import { Skeleton } from '@/web/components/ui/skeleton';
import { UI_TEXTS } from '@/web/components/ui/texts';
import { useT } from '@/web/lib/i18n';
import { formatDateTime } from '@/web/lib/format-date';
import { notifyError, notifySuccess } from '@/web/lib/notify';
import { sessionsQuery, useEndOtherSessions, useEndSession } from '../api';
import { SESSION_CARD_TEXTS } from '../texts';

type Ending = { kind: 'one'; session: MemberSession } | { kind: 'others' };
type Translate = ReturnType<typeof useT>;

/** "Password and authenticator code", "Passkey", "Single sign-on (login.example.com)" (issue 49 item 21). */
function describeSignInWay(t: Translate, way: SignInWay): string {
  const methods = SESSION_CARD_TEXTS.methods;
  const method =
    way.method === 'sso' ? (way.provider ? t(methods.ssoAt, { provider: way.provider }) : t(methods.sso)) : t(way.method === 'passkey' ? methods.passkey : methods.password);
  return way.factor ? t(SESSION_CARD_TEXTS.methodAndFactor, { method, factor: t(SESSION_CARD_TEXTS.factors[way.factor]) }) : method;
}

/** Settings -> Sessions (issue 31): where the member is signed in, ending one or all the others. */
export function SessionsCard() {
  const t = useT('sessions', 'domain');
  const sessions = useQuery(sessionsQuery);
  const [ending, setEnding] = useState<Ending | null>(null);
  const endOne = useEndSession();
  const endOthers = useEndOtherSessions();
  const others = sessions.data?.filter((s) => !s.current).length ?? 0;

  const confirm = () => {
    if (!ending) return;
    if (ending.kind === 'one') endOne.mutate(ending.session.id, { onSuccess: () => notifySuccess(t(TEXTS.ended)), onError: (error) => notifyError(error) });
    else endOthers.mutate(undefined, { onSuccess: ({ ended }) => notifySuccess(t(TEXTS.endedOthers, { n: ended })), onError: (error) => notifyError(error) });
  };

  return (
    <Card data-testid="sessions-card">
      <SettingsCardHeader
        icon={MonitorSmartphone}
        title={t(TEXTS.title)}
        description={t(TEXTS.description)}
        action={
          others > 0 ? (
            <Button size="sm" variant="outline" onClick={() => setEnding({ kind: 'others' })}>
              {t(TEXTS.endOthers)}
            </Button>
          ) : null
        }
      />
      <CardContent className="grid gap-3">
        {sessions.isError ? (
          <LoadErrorPanel title={t(TEXTS.loadFailed)} error={sessions.error} onRetry={() => void sessions.refetch()} />
        ) : !sessions.data ? (
          <Skeleton className="h-14 w-full" />
        ) : (
          <>
            <ul className="divide-y rounded-md border" aria-label={t(TEXTS.title)}>
              {sessions.data.map((session) => (
                <li key={session.id} className="flex flex-col gap-2 p-3 sm:flex-row sm:items-center sm:justify-between" data-testid="session">
                  <div className="grid min-w-0 gap-1">
                    <p className="flex flex-wrap items-center gap-2 font-medium">
                      <span>{session.browser}</span>
                      {session.current ? <Badge variant="secondary">{t(TEXTS.current)}</Badge> : null}
                    </p>
                    <p className="text-xs text-muted-foreground">
                      {session.address ? `${session.address} · ` : ''}
                      {t(TEXTS.signedIn, { when: formatDateTime(session.signedInAt) })}, {t(TEXTS.lastActive, { when: formatDateTime(session.lastActiveAt) })}
                    </p>
                    {/* A session from before the sign-in paths recorded it says nothing rather than guess. */}
                    {session.signIn ? (
                      <p className="flex items-center gap-1.5 text-xs text-muted-foreground" data-testid="session-sign-in">
                        <KeyRound className="size-3.5 shrink-0" aria-hidden />
                        {t(SESSION_CARD_TEXTS.signInWay, { way: describeSignInWay(t, session.signIn) })}
                      </p>
                    ) : null}
                  </div>
                  {session.current ? null : (
                    <Button
                      variant="outline"
                      size="sm"
                      className="self-start sm:self-auto"
                      onClick={() => setEnding({ kind: 'one', session })}
                      aria-label={
                        session.address
                          ? t(SESSION_CARD_TEXTS.endLabelAt, { browser: session.browser, address: session.address })
                          : t(SESSION_CARD_TEXTS.endLabel, { browser: session.browser })
                      }
                    >
                      {t(TEXTS.end)}
                    </Button>
                  )}
                </li>
              ))}
            </ul>
            {others === 0 ? <p className="text-sm text-muted-foreground">{t(TEXTS.onlyThis)}</p> : null}
          </>
        )}
      </CardContent>
      <AlertDialog open={ending !== null} onOpenChange={(open) => !open && setEnding(null)}>
        <AlertDialogContent>
          <AlertDialogHeader>
            <AlertDialogTitle>{ending?.kind === 'others' ? t(TEXTS.endOthersTitle) : t(TEXTS.endTitle)}</AlertDialogTitle>
            <AlertDialogDescription>{ending?.kind === 'one' ? t(TEXTS.endConfirm, { browser: ending.session.browser }) : t(TEXTS.endOthersConfirm)}</AlertDialogDescription>
          </AlertDialogHeader>
          <AlertDialogFooter>
            <AlertDialogCancel>{t(UI_TEXTS.cancel)}</AlertDialogCancel>
            <AlertDialogAction destructive onClick={confirm}>
              {ending?.kind === 'others' ? t(TEXTS.endOthers) : t(TEXTS.end)}
            </AlertDialogAction>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </Card>
  );
}
