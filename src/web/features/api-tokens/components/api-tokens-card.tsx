import { useQuery } from '@tanstack/react-query';
import { Copy, KeyRound, Plus } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { API_TOKEN_TEXTS as TEXTS, API_TOKEN_EXPIRIES, API_TOKEN_SCOPES, type ApiToken, type ApiTokenScope, type CreatedApiToken } from '@/domain/api-tokens';
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
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/web/components/ui/dialog';
import { FormField } from '@/web/components/ui/form-field';
import { Input } from '@/web/components/ui/input';
import { Label } from '@/web/components/ui/label';
import { LoadErrorPanel } from '@/web/components/ui/load-error-panel';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/web/components/ui/select';
import { Skeleton } from '@/web/components/ui/skeleton';
import { UI_TEXTS } from '@/web/components/ui/texts';
import { errorMessage } from '@/web/lib/api-client';
import { copyText } from '@/web/lib/copy-text';
import { formatDate, formatDateTime } from '@/web/lib/format-date';
import { notifyError, notifySuccess } from '@/web/lib/notify';
import { apiTokensQuery, useCreateApiToken, useRevokeApiToken } from '../api';

type Expiry = '30' | '90' | '365' | 'never';
const EXPIRY_OPTIONS: Expiry[] = API_TOKEN_EXPIRIES.map((days) => (days === null ? 'never' : (String(days) as Expiry)));

/** Settings -> API tokens (issue 30): the member's tokens, a new one shown once, revoking one. */
export function ApiTokensCard() {
  const tokens = useQuery(apiTokensQuery);
  const [creating, setCreating] = useState(false);
  const [revoking, setRevoking] = useState<ApiToken | null>(null);
  const revoke = useRevokeApiToken();

  return (
    <Card>
      <SettingsCardHeader
        icon={KeyRound}
        title={TEXTS.title}
        description={TEXTS.description}
        action={
          <Button size="sm" onClick={() => setCreating(true)}>
            <Plus aria-hidden />
            {TEXTS.create}
          </Button>
        }
      />
      <CardContent>
        {tokens.isError ? (
          <LoadErrorPanel title={TEXTS.loadFailed} error={tokens.error} onRetry={() => void tokens.refetch()} />
        ) : !tokens.data ? (
          <Skeleton className="h-14 w-full" />
        ) : tokens.data.length === 0 ? (
          <p className="text-sm text-muted-foreground">{TEXTS.empty}</p>
        ) : (
          <ul className="divide-y rounded-md border" aria-label={TEXTS.title}>
            {tokens.data.map((token) => (
              <TokenRow key={token.id} token={token} onRevoke={() => setRevoking(token)} />
            ))}
          </ul>
        )}
      </CardContent>
      {creating ? <CreateTokenDialog onClose={() => setCreating(false)} /> : null}
      <AlertDialog open={revoking !== null} onOpenChange={(open) => !open && setRevoking(null)}>
        <AlertDialogContent>
          <AlertDialogHeader>
            <AlertDialogTitle>{TEXTS.revokeTitle}</AlertDialogTitle>
            <AlertDialogDescription>{revoking ? TEXTS.revokeConfirm(revoking.name) : null}</AlertDialogDescription>
          </AlertDialogHeader>
          <AlertDialogFooter>
            <AlertDialogCancel>{UI_TEXTS.cancel}</AlertDialogCancel>
            <AlertDialogAction
              destructive
              onClick={() =>
                revoking &&
                revoke.mutate(revoking.id, {
                  onSuccess: () => notifySuccess(TEXTS.revoked),
                  onError: (error) => notifyError(error),
                })
              }
            >
              {TEXTS.revoke}
            </AlertDialogAction>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </Card>
  );
}

function TokenRow({ token, onRevoke }: { token: ApiToken; onRevoke: () => void }) {
  // When the row first showed: the React Compiler keeps Date.now() out of render.
  const [now] = useState(() => Date.now());
  const expired = token.expiresAt !== null && new Date(token.expiresAt).getTime() <= now;
  return (
    <li className="flex flex-col gap-2 p-3 sm:flex-row sm:items-center sm:justify-between" data-testid="api-token">
      <div className="grid min-w-0 gap-1">
        <p className="flex flex-wrap items-center gap-2 font-medium">
          <span className="truncate">{token.name}</span>
          <Badge variant="secondary">{TEXTS.scopes[token.scope]}</Badge>
          {expired ? <Badge variant="destructive">{TEXTS.expired}</Badge> : null}
        </p>
        <p className="text-xs text-muted-foreground">
          <code>{token.prefix}…</code> · {token.expiresAt ? TEXTS.expires(formatDate(token.expiresAt)) : TEXTS.noExpiry} ·{' '}
          {token.lastUsedAt ? TEXTS.lastUsed(formatDateTime(token.lastUsedAt), token.lastUsedAddress) : TEXTS.neverUsed}
        </p>
      </div>
      <Button variant="outline" size="sm" className="self-start sm:self-auto" onClick={onRevoke} aria-label={`${TEXTS.revoke} ${token.name}`}>
        {TEXTS.revoke}
      </Button>
    </li>
  );
}

function CreateTokenDialog({ onClose }: { onClose: () => void }) {
  const create = useCreateApiToken();
  const [name, setName] = useState('');
  const [scope, setScope] = useState<ApiTokenScope>('read');
  const [expiry, setExpiry] = useState<Expiry>('90');
  const [nameError, setNameError] = useState<string>();
  const [created, setCreated] = useState<CreatedApiToken | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim()) {
      setNameError(TEXTS.nameRequired);
      return;
    }
    setNameError(undefined);
    create.mutate({ name: name.trim(), scope, expiresInDays: expiry === 'never' ? null : (Number(expiry) as 30 | 90 | 365) }, { onSuccess: setCreated });
  };

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{created ? TEXTS.created : TEXTS.createTitle}</DialogTitle>
          <DialogDescription>{created ? TEXTS.shownOnce : TEXTS.description}</DialogDescription>
        </DialogHeader>
        {created ? (
          <div className="grid gap-4">
            <div className="flex gap-2">
              <Input readOnly value={created.token} aria-label={TEXTS.title} className="font-mono text-xs" onFocus={(event) => event.currentTarget.select()} autoFocus />
              <Button
                type="button"
                variant="outline"
                onClick={() =>
                  void copyText(created.token).then(
                    () => notifySuccess(TEXTS.copied),
                    (error: unknown) => notifyError(error),
                  )
                }
              >
                <Copy aria-hidden />
                {TEXTS.copy}
              </Button>
            </div>
            <DialogFooter>
              <Button type="button" onClick={onClose}>
                {TEXTS.done}
              </Button>
            </DialogFooter>
          </div>
        ) : (
          <form className="grid gap-4" onSubmit={submit} noValidate>
            <FormField label={TEXTS.name} error={nameError}>
              <Input value={name} onChange={(event) => setName(event.target.value)} placeholder={TEXTS.namePlaceholder} maxLength={100} autoFocus />
            </FormField>
            <div className="grid gap-4 sm:grid-cols-2">
              <ChoiceField label={TEXTS.scope} value={scope} onChange={(value) => setScope(value as ApiTokenScope)} options={API_TOKEN_SCOPES.map((s) => [s, TEXTS.scopes[s]])} />
              <ChoiceField label={TEXTS.expiry} value={expiry} onChange={(value) => setExpiry(value as Expiry)} options={EXPIRY_OPTIONS.map((e) => [e, TEXTS.expiries[e]])} />
            </div>
            {create.isError ? (
              <p role="alert" className="text-sm font-medium text-destructive">
                {errorMessage(create.error)}
              </p>
            ) : null}
            <DialogFooter>
              <Button type="button" variant="outline" onClick={onClose}>
                {UI_TEXTS.cancel}
              </Button>
              <Button type="submit" disabled={create.isPending}>
                {TEXTS.create}
              </Button>
            </DialogFooter>
          </form>
        )}
      </DialogContent>
    </Dialog>
  );
}

function ChoiceField({ label, value, onChange, options }: { label: string; value: string; onChange: (value: string) => void; options: [string, string][] }) {
  const labelId = useId();
  return (
    <div className="grid gap-1.5">
      <Label id={labelId}>{label}</Label>
      <Select value={value} onValueChange={onChange}>
        <SelectTrigger aria-labelledby={labelId}>
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          {options.map(([option, text]) => (
            <SelectItem key={option} value={option}>
              {text}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
    </div>
  );
}
