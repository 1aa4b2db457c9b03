import { useQuery } from '@tanstack/react-query';
import { Copy, KeyRound, Plus } from 'lucide-react';
import { useId, useState } from 'react';
import { Controller, type ControllerRenderProps } from 'react-hook-form';
import { API_TOKEN_TEXTS as TEXTS, API_TOKEN_EXPIRIES, API_TOKEN_SCOPES, createApiTokenSchema, type ApiToken, type CreatedApiToken } from '@/domain/api-tokens';
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
import { Input } from '@/web/components/ui/input';
import { Label } from '@/web/components/ui/label';
import { LoadErrorPanel } from '@/web/components/ui/load-error-panel';
import { FormError, SchemaField, showFormError, useSchemaForm } from '@/web/components/ui/schema-form';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/web/components/ui/select';
import { Skeleton } from '@/web/components/ui/skeleton';
import { UI_TEXTS } from '@/web/components/ui/texts';
import { useT } from '@/web/lib/i18n';
import { copyText } from '@/web/lib/copy-text';
import { formatDate, formatDateTime } from '@/web/lib/format-date';
import { notifyError, notifySuccess } from '@/web/lib/notify';
import { apiTokensQuery, useCreateApiToken, useRevokeApiToken } from '../api';
import { API_TOKEN_CARD_TEXTS } from '../texts';

type Expiry = '30' | '90' | '365' | 'never';
type ExpiryDays = (typeof API_TOKEN_EXPIRIES)[number];
const expiryOf = (days: ExpiryDays): Expiry => (days === null ? 'never' : (String(days) as Expiry));
const daysOf = (expiry: Expiry): ExpiryDays => (expiry === 'never' ? null : (Number(expiry) as ExpiryDays));
const EXPIRY_OPTIONS: Expiry[] = API_TOKEN_EXPIRIES.map(expiryOf);

/** Settings -> API tokens (issue 30): the member's tokens, a new one shown once, revoking one. */
export function ApiTokensCard() {
  const t = useT('domain');
  const tokens = useQuery(apiTokensQuery);
  const [creating, setCreating] = useState(false);
  const [revoking, setRevoking] = useState<ApiToken | null>(null);
  const revoke = useRevokeApiToken();

  return (
    <Card>
      <SettingsCardHeader
        icon={KeyRound}
        title={t(TEXTS.title)}
        description={t(TEXTS.description)}
        action={
          <Button size="sm" onClick={() => setCreating(true)}>
            <Plus aria-hidden />
            {t(TEXTS.create)}
          </Button>
        }
      />
      <CardContent>
        {tokens.isError ? (
          <LoadErrorPanel title={t(TEXTS.loadFailed)} error={tokens.error} onRetry={() => void tokens.refetch()} />
        ) : !tokens.data ? (
          <Skeleton className="h-14 w-full" />
        ) : tokens.data.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t(TEXTS.empty)}</p>
        ) : (
          <ul className="divide-y rounded-md border" aria-label={t(TEXTS.title)}>
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
            <AlertDialogTitle>{t(TEXTS.revokeTitle)}</AlertDialogTitle>
            <AlertDialogDescription>{revoking ? t(TEXTS.revokeConfirm, { name: revoking.name }) : null}</AlertDialogDescription>
          </AlertDialogHeader>
          <AlertDialogFooter>
            <AlertDialogCancel>{t(UI_TEXTS.cancel)}</AlertDialogCancel>
            <AlertDialogAction
              destructive
              onClick={() =>
                revoking &&
                revoke.mutate(revoking.id, {
                  onSuccess: () => notifySuccess(t(TEXTS.revoked)),
                  onError: (error) => notifyError(error),
                })
              }
            >
              {t(TEXTS.revoke)}
            </AlertDialogAction>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </Card>
  );
}

function TokenRow({ token, onRevoke }: { token: ApiToken; onRevoke: () => void }) {
  const t = useT('api-tokens', 'domain');
  // When the row first showed: the React Compiler keeps Date.now() out of render.
  const [now] = useState(() => Date.now());
  const expired = token.expiresAt !== null && new Date(token.expiresAt).getTime() <= now;
  return (
    <li className="flex flex-col gap-2 p-3 sm:flex-row sm:items-center sm:justify-between" data-testid="api-token">
      <div className="grid min-w-0 gap-1">
        <p className="flex flex-wrap items-center gap-2 font-medium">
          <span className="truncate">{token.name}</span>
          <Badge variant="secondary">{t(TEXTS.scopes[token.scope])}</Badge>
          {expired ? <Badge variant="destructive">{t(TEXTS.expired)}</Badge> : null}
        </p>
        <p className="text-xs text-muted-foreground">
          <code>{token.prefix}…</code> · {token.expiresAt ? t(TEXTS.expires, { when: formatDate(token.expiresAt) }) : t(TEXTS.noExpiry)} ·{' '}
          {token.lastUsedAt
            ? t(token.lastUsedAddress ? TEXTS.lastUsedFrom : TEXTS.lastUsed, { when: formatDateTime(token.lastUsedAt), address: token.lastUsedAddress ?? '' })
            : t(TEXTS.neverUsed)}
        </p>
      </div>
      <Button variant="outline" size="sm" className="self-start sm:self-auto" onClick={onRevoke} aria-label={t(API_TOKEN_CARD_TEXTS.revokeLabel, { name: token.name })}>
        {t(TEXTS.revoke)}
      </Button>
    </li>
  );
}

function CreateTokenDialog({ onClose }: { onClose: () => void }) {
  const t = useT('domain');
  const create = useCreateApiToken();
  const form = useSchemaForm({ schema: createApiTokenSchema, defaultValues: { name: '', scope: 'read', expiresInDays: 90 } });
  const [created, setCreated] = useState<CreatedApiToken | null>(null);

  const submit = form.handleSubmit((input) => {
    create.mutate(input, { onSuccess: setCreated, onError: (error) => showFormError(form, error) });
  });

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{created ? t(TEXTS.created) : t(TEXTS.createTitle)}</DialogTitle>
          <DialogDescription>{created ? t(TEXTS.shownOnce) : t(TEXTS.description)}</DialogDescription>
        </DialogHeader>
        {created ? (
          <div className="grid gap-4">
            <div className="flex gap-2">
              <Input readOnly value={created.token} aria-label={t(TEXTS.title)} className="font-mono text-xs" onFocus={(event) => event.currentTarget.select()} autoFocus />
              <Button
                type="button"
                variant="outline"
                onClick={() =>
                  void copyText(created.token).then(
                    () => notifySuccess(t(TEXTS.copied)),
                    (error: unknown) => notifyError(error),
                  )
                }
              >
                <Copy aria-hidden />
                {t(TEXTS.copy)}
              </Button>
            </div>
            <DialogFooter>
              <Button type="button" onClick={onClose}>
                {t(TEXTS.done)}
              </Button>
            </DialogFooter>
          </div>
        ) : (
          <form className="grid gap-4" onSubmit={submit} noValidate>
            <SchemaField form={form} name="name" label={t(TEXTS.name)}>
              <Input placeholder={t(TEXTS.namePlaceholder)} maxLength={100} autoFocus />
            </SchemaField>
            <div className="grid gap-4 sm:grid-cols-2">
              <Controller
                control={form.control}
                name="scope"
                render={({ field }) => (
                  <ChoiceField label={t(TEXTS.scope)} field={{ name: field.name, ref: field.ref }} value={field.value} onChange={field.onChange} options={API_TOKEN_SCOPES.map((s) => [s, t(TEXTS.scopes[s])])} />
                )}
              />
              <Controller
                control={form.control}
                name="expiresInDays"
                render={({ field }) => (
                  <ChoiceField
                    label={t(TEXTS.expiry)}
                    field={{ name: field.name, ref: field.ref }}
                    value={expiryOf(field.value)}
                    onChange={(value) => field.onChange(daysOf(value as Expiry))}
                    options={EXPIRY_OPTIONS.map((e) => [e, t(TEXTS.expiries[e])])}
                  />
                )}
              />
            </div>
            <FormError form={form} />
            <DialogFooter>
              <Button type="button" variant="outline" onClick={onClose}>
                {t(UI_TEXTS.cancel)}
              </Button>
              <Button type="submit" disabled={create.isPending}>
                {t(TEXTS.create)}
              </Button>
            </DialogFooter>
          </form>
        )}
      </DialogContent>
    </Dialog>
  );
}

/** A choice of a few: its label names the select, which takes the focus as the field's `ref`. */
function ChoiceField({
  label,
  field,
  value,
  onChange,
  options,
}: {
  label: string;
  /** react-hook-form's field: its name, and the ref that lets the select take the focus. */
  field: Pick<ControllerRenderProps, 'name' | 'ref'>;
  value: string;
  onChange: (value: string) => void;
  options: [string, string][];
}) {
  const labelId = useId();
  return (
    <div className="grid gap-1.5">
      <Label id={labelId}>{label}</Label>
      <Select value={value} onValueChange={onChange}>
        <SelectTrigger {...field} aria-labelledby={labelId}>
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
