import { useQuery } from '@tanstack/react-query';
import { Fingerprint, Plus } from 'lucide-react';
import { Suspense, useState } from 'react';
import type { Passkey } from '@/domain/passkeys';
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
import { Button } from '@/web/components/ui/button';
import { Card, CardContent } from '@/web/components/ui/card';
import { LoadErrorPanel } from '@/web/components/ui/load-error-panel';
import { SettingsCardHeader } from '@/web/components/ui/settings-card-header';
import { Skeleton } from '@/web/components/ui/skeleton';
import { UI_TEXTS } from '@/web/components/ui/texts';
import { useT } from '@/web/lib/i18n';
import { formatDate, formatDateTime } from '@/web/lib/format-date';
import { lazyComponent, preloadOnIntent } from '@/web/lib/lazy-component';
import { notifySuccess } from '@/web/lib/notify';
import { passkeysQuery, useRemovePasskey } from '../api';
import { PASSKEY_TEXTS as TEXTS } from '../texts';

// The Add and Rename dialogs (and with Add, the browser's WebAuthn library) load when first
// opened, or on the hover or focus of their button (decision 013).
const PasskeyDialog = lazyComponent(async () => (await import('./passkey-dialogs')).PasskeyDialog);

type Open = { kind: 'add' } | { kind: 'rename'; passkey: Passkey };

/** Whether this browser can make and use passkeys at all (an old one, or plain HTTP off localhost, cannot). */
function browserHasWebAuthn(): boolean {
  return typeof window !== 'undefined' && typeof window.PublicKeyCredential === 'function';
}

/**
 * Settings -> Passkeys (issue 31 item 3): the member's passkeys with when each was added and last
 * used; Add (a name and the password, then the device), Rename, and Remove after a confirmation.
 */
export function PasskeysCard() {
  const t = useT('passkeys');
  const passkeys = useQuery(passkeysQuery);
  const [open, setOpen] = useState<Open | null>(null);
  const [removing, setRemoving] = useState<Passkey | null>(null);
  const remove = useRemovePasskey();
  const [supported] = useState(browserHasWebAuthn);

  return (
    <Card data-testid="passkeys-card">
      <SettingsCardHeader
        icon={Fingerprint}
        title={t(TEXTS.title)}
        description={t(TEXTS.description)}
        action={
          <Button size="sm" onClick={() => setOpen({ kind: 'add' })} disabled={!supported} {...preloadOnIntent(PasskeyDialog)}>
            <Plus aria-hidden />
            {t(TEXTS.add)}
          </Button>
        }
      />
      <CardContent className="grid gap-3">
        {supported ? null : <p className="text-sm text-muted-foreground">{t(TEXTS.unsupported)}</p>}
        {passkeys.isError ? (
          <LoadErrorPanel title={t(TEXTS.loadFailed)} error={passkeys.error} onRetry={() => void passkeys.refetch()} />
        ) : !passkeys.data ? (
          <Skeleton className="h-14 w-full" />
        ) : passkeys.data.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t(TEXTS.empty)}</p>
        ) : (
          <ul className="divide-y rounded-md border" aria-label={t(TEXTS.title)}>
            {passkeys.data.map((passkey) => (
              <li key={passkey.id} className="flex flex-col gap-2 p-3 sm:flex-row sm:items-center sm:justify-between" data-testid="passkey">
                <div className="grid min-w-0 gap-1">
                  <p className="truncate font-medium">{passkey.name}</p>
                  <p className="text-xs text-muted-foreground">
                    {t(TEXTS.addedOn, { when: formatDate(passkey.createdAt) })}, {passkey.lastUsedAt ? t(TEXTS.lastUsed, { when: formatDateTime(passkey.lastUsedAt) }) : t(TEXTS.neverUsed)}
                  </p>
                </div>
                <div className="flex shrink-0 gap-2 self-start sm:self-auto">
                  <Button variant="outline" size="sm" onClick={() => setOpen({ kind: 'rename', passkey })} aria-label={t(TEXTS.renameLabel, { name: passkey.name })} {...preloadOnIntent(PasskeyDialog)}>
                    {t(TEXTS.rename)}
                  </Button>
                  <Button variant="outline" size="sm" className="text-destructive hover:text-destructive" onClick={() => setRemoving(passkey)} aria-label={t(TEXTS.removeLabel, { name: passkey.name })}>
                    {t(TEXTS.remove)}
                  </Button>
                </div>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
      {open ? (
        <Suspense fallback={null}>
          <PasskeyDialog {...(open.kind === 'add' ? { kind: 'add' } : { kind: 'rename', passkey: open.passkey })} onClose={() => setOpen(null)} />
        </Suspense>
      ) : null}
      <AlertDialog open={removing !== null} onOpenChange={(isOpen) => !isOpen && setRemoving(null)}>
        <AlertDialogContent>
          <AlertDialogHeader>
            <AlertDialogTitle>{t(TEXTS.removeTitle)}</AlertDialogTitle>
            <AlertDialogDescription>{removing ? t(TEXTS.removeConfirm, { name: removing.name }) : null}</AlertDialogDescription>
          </AlertDialogHeader>
          <AlertDialogFooter>
            <AlertDialogCancel>{t(UI_TEXTS.cancel)}</AlertDialogCancel>
            <AlertDialogAction destructive onClick={() => removing && remove.mutate(removing.id, { onSuccess: () => notifySuccess(t(TEXTS.removed)) })}>
              {t(TEXTS.remove)}
            </AlertDialogAction>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </Card>
  );
}
