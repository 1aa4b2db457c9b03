import { useQuery } from '@tanstack/react-query';
import { Copy, KeyRound } from 'lucide-react';
import { Suspense, useState } from 'react';
import { Controller, useFormState } from 'react-hook-form';
import { ssoSettingsFormSchema, type SsoSettingsForm, type SsoSettingsState } from '@/domain/sso';
import { SSO_DEFAULT_JOIN_ROLE, SSO_ISSUER_PROBLEMS, SSO_JOIN_ROLES, ssoIssuerErrorCode } from '@/domain/sso-rules';
import { Badge } from '@/web/components/ui/badge';
import { Button } from '@/web/components/ui/button';
import { Card, CardContent } from '@/web/components/ui/card';
import { FormField } from '@/web/components/ui/form-field';
import { Input } from '@/web/components/ui/input';
import { Label } from '@/web/components/ui/label';
import { LoadErrorPanel } from '@/web/components/ui/load-error-panel';
import { SchemaField, showServerError, useSchemaForm, type ServerFields } from '@/web/components/ui/schema-form';
import { SettingsCardHeader } from '@/web/components/ui/settings-card-header';
import { Skeleton } from '@/web/components/ui/skeleton';
import { Switch } from '@/web/components/ui/switch';
import { Textarea } from '@/web/components/ui/textarea';
import { ApiError } from '@/web/lib/api-client';
import { copyText } from '@/web/lib/copy-text';
import { useT } from '@/web/lib/i18n';
import { lazyComponent } from '@/web/lib/lazy-component';
import { notifyError, notifySuccess } from '@/web/lib/notify';
import { ssoSettingsQuery, useRemoveSsoSettings, useSaveSsoSettings } from '../api';
import { SSO_TEXTS as TEXTS } from '../texts';
import { SsoDomainProofs } from './sso-domain-proofs';

const ConfirmDeleteDialog = lazyComponent(async () => (await import('@/web/components/ui/confirm-delete-dialog')).ConfirmDeleteDialog);

/** Issue 49 item 12: each way the issuer can fail has its code (`sso_issuer_timeout`...); all show under the issuer. */
const ISSUER_CODES: ReadonlySet<string> = new Set(SSO_ISSUER_PROBLEMS.map(ssoIssuerErrorCode));

/** Which field a refusal of the server belongs under. */
const SERVER_FIELDS: ServerFields<SsoSettingsForm> = {
  ...Object.fromEntries([...ISSUER_CODES].map((code) => [code, 'issuer' as const])),
  sso_domain_taken: 'domains',
  sso_domain_in_use: 'domains',
  sso_secret_required: 'clientSecret',
};

/**
 * Settings -> Single Sign-On (issue 31 item 4): the organization admin connects the organization's
 * OpenID provider; admins see it read-only. The client secret is write-only: the server never
 * sends it back, the field stays empty and saving it empty keeps the saved one.
 */
export function SsoSettingsCard({ canChange }: { canChange: boolean }) {
  const t = useT('sso', 'domain');
  const state = useQuery(ssoSettingsQuery);
  const configured = Boolean(state.data?.settings);
  // Issue 46: saved is not acting: a domain acts only once proven.
  const acting = Boolean(state.data?.settings?.domains.some((d) => d.verified));
  return (
    <Card data-testid="sso-settings-card">
      <SettingsCardHeader
        icon={KeyRound}
        title={t(TEXTS.title)}
        description={t(TEXTS.description)}
        action={state.data ? <Badge variant={acting ? 'default' : 'secondary'}>{acting ? t(TEXTS.on) : configured ? t(TEXTS.waitingForProof) : t(TEXTS.notSetUp)}</Badge> : undefined}
      />
      <CardContent>
        {state.isError ? (
          <LoadErrorPanel title={t(TEXTS.loadFailed)} error={state.error} onRetry={() => void state.refetch()} />
        ) : !state.data ? (
          <Skeleton className="h-64 w-full" />
        ) : (
          // Keyed by the saved version: a save (or a removal) starts the form from what the server holds.
          <SsoForm key={state.data.settings?.updatedAt ?? 'none'} state={state.data} canChange={canChange} />
        )}
      </CardContent>
    </Card>
  );
}

type SsoFormValues = ReturnType<typeof useSsoForm>;

function useSsoForm(saved: SsoSettingsState['settings']) {
  return useSchemaForm({
    schema: ssoSettingsFormSchema(saved),
    defaultValues: {
      issuer: saved?.issuer ?? '',
      clientId: saved?.clientId ?? '',
      clientSecret: '',
      domains: saved?.domains.map((d) => d.domain).join('\n') ?? '',
      join: saved ? (saved.newMembers === 'refuse' ? 'refuse' : saved.joinRole) : SSO_DEFAULT_JOIN_ROLE,
      passwordSignIn: saved?.passwordSignIn ?? true,
      emailVerifiedOptional: saved?.emailVerifiedOptional ?? false,
    },
  });
}

/** One of the card's on/off settings: the switch, its label beside it, its hint under both. */
function SwitchRow({
  form,
  name,
  id,
  label,
  hint,
  disabled,
}: {
  form: SsoFormValues;
  name: 'passwordSignIn' | 'emailVerifiedOptional';
  id: string;
  label: string;
  hint: string;
  disabled: boolean;
}) {
  return (
    <div className="grid gap-1.5">
      <div className="flex items-center gap-3">
        <Controller
          control={form.control}
          name={name}
          render={({ field }) => (
            <Switch id={id} ref={field.ref} checked={field.value} onCheckedChange={field.onChange} disabled={disabled} aria-describedby={`${id}-hint`} />
          )}
        />
        <Label htmlFor={id}>{label}</Label>
      </div>
      <p id={`${id}-hint`} className="text-xs text-muted-foreground">
        {hint}
      </p>
    </div>
  );
}

/**
 * Issue 49 item 12: under the issuer's plain sentence from the server, the technical cause it
 * sent beside it (what the provider or TLS said), folded away behind "Details". Shown only while
 * the issuer's message is still the server's: an edit that clears or replaces it hides it.
 */
function IssuerErrorDetail({ form, detail }: { form: SsoFormValues; detail: string | null }) {
  const t = useT('sso');
  const { errors } = useFormState({ control: form.control, name: 'issuer' });
  if (!detail || errors.issuer?.type !== 'server') return null;
  return (
    <details className="text-xs text-muted-foreground" data-testid="sso-issuer-error-detail">
      <summary className="w-fit cursor-pointer rounded-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring">{t(TEXTS.errorDetails)}</summary>
      <p className="mt-1 rounded-md bg-muted px-2 py-1.5 font-mono break-words">{detail}</p>
    </details>
  );
}

function SsoForm({ state, canChange }: { state: SsoSettingsState; canChange: boolean }) {
  const t = useT('sso', 'domain');
  const saved = state.settings;
  const save = useSaveSsoSettings();
  const remove = useRemoveSsoSettings();
  const form = useSsoForm(saved);
  const [confirming, setConfirming] = useState(false);
  const [issuerDetail, setIssuerDetail] = useState<string | null>(null);
  const disabled = !canChange || save.isPending;

  const onSubmit = form.handleSubmit((input) => {
    setIssuerDetail(null);
    save.mutate(input, {
      onSuccess: () => notifySuccess(t(TEXTS.saved)),
      onError: (error) => {
        if (error instanceof ApiError && ISSUER_CODES.has(error.code)) setIssuerDetail(error.detail ?? null);
        return showServerError(form, error, SERVER_FIELDS) || notifyError(error);
      },
    });
  });

  const copyCallback = () =>
    void copyText(state.callbackUrl).then(
      () => notifySuccess(t(TEXTS.callbackCopied)),
      (error: unknown) => notifyError(error),
    );

  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-4">
      <div className="grid gap-1">
        <FormField label={t(TEXTS.callbackUrl)} hint={t(TEXTS.callbackHint)}>
          <Input name="callbackUrl" readOnly value={state.callbackUrl} className="font-mono text-xs" onFocus={(event) => event.currentTarget.select()} />
        </FormField>
        <Button type="button" variant="link" size="sm" className="justify-self-start px-0" onClick={copyCallback}>
          <Copy aria-hidden />
          {t(TEXTS.copyCallback)}
        </Button>
      </div>
      <div className="grid gap-1.5">
        <SchemaField form={form} name="issuer" label={t(TEXTS.issuer)} hint={t(TEXTS.issuerHint)}>
          <Input type="url" inputMode="url" autoComplete="off" spellCheck={false} placeholder={t(TEXTS.issuerPlaceholder)} disabled={disabled} />
        </SchemaField>
        <IssuerErrorDetail form={form} detail={issuerDetail} />
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <SchemaField form={form} name="clientId" label={t(TEXTS.clientId)}>
          <Input autoComplete="off" spellCheck={false} disabled={disabled} />
        </SchemaField>
        <SchemaField form={form} name="clientSecret" label={t(TEXTS.clientSecret)} hint={t(TEXTS.clientSecretHint)}>
          <Input type="password" autoComplete="new-password" placeholder={saved?.hasClientSecret ? t(TEXTS.clientSecretSavedPlaceholder) : undefined} disabled={disabled} />
        </SchemaField>
      </div>
      <SchemaField form={form} name="domains" label={t(TEXTS.domains)} hint={t(TEXTS.domainsHint)}>
        <Textarea rows={2} spellCheck={false} placeholder={t(TEXTS.domainsPlaceholder)} disabled={disabled} />
      </SchemaField>
      <fieldset className="grid gap-2" disabled={disabled}>
        <legend className="mb-2 text-sm font-medium">{t(TEXTS.newMembers)}</legend>
        {[...[...SSO_JOIN_ROLES].reverse(), 'refuse' as const].map((choice) => (
          <label key={choice} className="flex items-start gap-2.5 text-sm has-[:disabled]:cursor-not-allowed">
            <input type="radio" value={choice} className="mt-0.5 size-4 shrink-0 accent-primary" {...form.register('join')} />
            {choice === 'refuse' ? t(TEXTS.refuse) : t(TEXTS.joinAs[choice])}
          </label>
        ))}
      </fieldset>
      <SwitchRow form={form} name="passwordSignIn" id="sso-password-sign-in" label={t(TEXTS.passwordSignIn)} hint={t(TEXTS.passwordSignInHint)} disabled={disabled} />
      <SwitchRow
        form={form}
        name="emailVerifiedOptional"
        id="sso-email-verified-optional"
        label={t(TEXTS.emailVerifiedOptional)}
        hint={t(TEXTS.emailVerifiedOptionalHint)}
        disabled={disabled}
      />
      {saved ? <SsoDomainProofs domains={saved.domains} canChange={canChange} /> : null}
      {canChange ? (
        <div className="flex flex-wrap gap-2">
          <Button type="submit" loading={save.isPending} loadingText={t(TEXTS.saving)}>
            {t(TEXTS.save)}
          </Button>
          {saved ? (
            <Button type="button" variant="outline" className="text-destructive" onClick={() => setConfirming(true)} disabled={remove.isPending}>
              {t(TEXTS.remove)}
            </Button>
          ) : null}
        </div>
      ) : (
        <p className="text-sm text-muted-foreground">{t(TEXTS.readOnly)}</p>
      )}
      {confirming ? (
        <Suspense fallback={null}>
          <ConfirmDeleteDialog
            open
            onOpenChange={(open) => !open && setConfirming(false)}
            title={t(TEXTS.removeTitle)}
            question={t(TEXTS.removeConfirm)}
            confirmLabel={t(TEXTS.remove)}
            onConfirm={() => remove.mutate(undefined, { onSuccess: () => notifySuccess(t(TEXTS.removed)), onError: (error) => notifyError(error) })}
          />
        </Suspense>
      ) : null}
    </form>
  );
}
