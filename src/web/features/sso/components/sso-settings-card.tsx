import { useQuery } from '@tanstack/react-query';
import { Copy, KeyRound } from 'lucide-react';
import { Suspense, useState, type FormEvent } from 'react';
import { SSO_MESSAGES, ssoSettingsInputSchema, type SsoSettingsState } from '@/domain/sso';
import { SSO_DEFAULT_JOIN_ROLE, SSO_JOIN_ROLES, type SsoJoinRole } from '@/domain/sso-rules';
import { Badge } from '@/web/components/ui/badge';
import { Button } from '@/web/components/ui/button';
import { Card, CardContent } from '@/web/components/ui/card';
import { FormField } from '@/web/components/ui/form-field';
import { Input } from '@/web/components/ui/input';
import { Label } from '@/web/components/ui/label';
import { LoadErrorPanel } from '@/web/components/ui/load-error-panel';
import { SettingsCardHeader } from '@/web/components/ui/settings-card-header';
import { Skeleton } from '@/web/components/ui/skeleton';
import { Switch } from '@/web/components/ui/switch';
import { Textarea } from '@/web/components/ui/textarea';
import { ApiError } from '@/web/lib/api-client';
import { copyText } from '@/web/lib/copy-text';
import { lazyComponent } from '@/web/lib/lazy-component';
import { notifyError, notifySuccess } from '@/web/lib/notify';
import { ssoSettingsQuery, useRemoveSsoSettings, useSaveSsoSettings } from '../api';
import { SSO_TEXTS as TEXTS } from '../texts';
import { SsoDomainProofs } from './sso-domain-proofs';

const ConfirmDeleteDialog = lazyComponent(async () => (await import('@/web/components/ui/confirm-delete-dialog')).ConfirmDeleteDialog);

type JoinChoice = SsoJoinRole | 'refuse';
type Field = 'issuer' | 'clientId' | 'clientSecret' | 'domains' | 'newMembers';
type FieldErrors = Partial<Record<Field, string>>;

/** Which field a refusal of the server belongs under. */
const SERVER_FIELDS: Record<string, Field> = {
  sso_issuer_unreachable: 'issuer',
  sso_issuer_invalid: 'issuer',
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
  const state = useQuery(ssoSettingsQuery);
  const configured = Boolean(state.data?.settings);
  // Issue 46: saved is not acting: a domain acts only once proven.
  const acting = Boolean(state.data?.settings?.domains.some((d) => d.verified));
  return (
    <Card data-testid="sso-settings-card">
      <SettingsCardHeader
        icon={KeyRound}
        title={TEXTS.title}
        description={TEXTS.description}
        action={state.data ? <Badge variant={acting ? 'default' : 'secondary'}>{acting ? TEXTS.on : configured ? TEXTS.waitingForProof : TEXTS.notSetUp}</Badge> : undefined}
      />
      <CardContent>
        {state.isError ? (
          <LoadErrorPanel title={TEXTS.loadFailed} error={state.error} onRetry={() => void state.refetch()} />
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

function SsoForm({ state, canChange }: { state: SsoSettingsState; canChange: boolean }) {
  const saved = state.settings;
  const save = useSaveSsoSettings();
  const remove = useRemoveSsoSettings();
  const [issuer, setIssuer] = useState(saved?.issuer ?? '');
  const [clientId, setClientId] = useState(saved?.clientId ?? '');
  const [clientSecret, setClientSecret] = useState('');
  const [domains, setDomains] = useState(saved?.domains.map((d) => d.domain).join('\n') ?? '');
  const [join, setJoin] = useState<JoinChoice>(saved ? (saved.newMembers === 'refuse' ? 'refuse' : saved.joinRole) : SSO_DEFAULT_JOIN_ROLE);
  const [passwordSignIn, setPasswordSignIn] = useState(saved?.passwordSignIn ?? true);
  const [emailVerifiedOptional, setEmailVerifiedOptional] = useState(saved?.emailVerifiedOptional ?? false);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [confirming, setConfirming] = useState(false);
  const disabled = !canChange || save.isPending;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = ssoSettingsInputSchema.safeParse({
      issuer,
      clientId,
      clientSecret: clientSecret === '' ? undefined : clientSecret,
      domains: domains
        .split(/[\s,;]+/)
        .map((d) => d.trim())
        .filter(Boolean),
      newMembers: join === 'refuse' ? 'refuse' : 'join',
      joinRole: join === 'refuse' ? (saved?.joinRole ?? SSO_DEFAULT_JOIN_ROLE) : join,
      passwordSignIn,
      emailVerifiedOptional,
    });
    if (!parsed.success) {
      const found: FieldErrors = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as Field;
        found[field] ??= issue.message;
      }
      setErrors(found);
      return;
    }
    // The first save needs the secret, and so does one after the server's AUTH_SECRET changed.
    if (!saved?.hasClientSecret && !parsed.data.clientSecret) {
      setErrors({ clientSecret: SSO_MESSAGES.secretRequired });
      return;
    }
    setErrors({});
    save.mutate(parsed.data, {
      onSuccess: () => notifySuccess(TEXTS.saved),
      onError: (error) => {
        const field = error instanceof ApiError ? SERVER_FIELDS[error.code] : undefined;
        if (field) setErrors({ [field]: error.message });
        else notifyError(error);
      },
    });
  };

  const copyCallback = () =>
    void copyText(state.callbackUrl).then(
      () => notifySuccess(TEXTS.callbackCopied),
      (error: unknown) => notifyError(error),
    );

  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-4">
      <div className="grid gap-1">
        <FormField label={TEXTS.callbackUrl} hint={TEXTS.callbackHint}>
          <Input name="callbackUrl" readOnly value={state.callbackUrl} className="font-mono text-xs" onFocus={(event) => event.currentTarget.select()} />
        </FormField>
        <Button type="button" variant="link" size="sm" className="justify-self-start px-0" onClick={copyCallback}>
          <Copy aria-hidden />
          {TEXTS.copyCallback}
        </Button>
      </div>
      <FormField label={TEXTS.issuer} hint={TEXTS.issuerHint} error={errors.issuer}>
        <Input name="issuer" type="url" inputMode="url" autoComplete="off" spellCheck={false} placeholder={TEXTS.issuerPlaceholder} value={issuer} onChange={(e) => setIssuer(e.target.value)} disabled={disabled} />
      </FormField>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label={TEXTS.clientId} error={errors.clientId}>
          <Input name="clientId" autoComplete="off" spellCheck={false} value={clientId} onChange={(e) => setClientId(e.target.value)} disabled={disabled} />
        </FormField>
        <FormField label={TEXTS.clientSecret} hint={TEXTS.clientSecretHint} error={errors.clientSecret}>
          <Input
            name="clientSecret"
            type="password"
            autoComplete="new-password"
            placeholder={saved?.hasClientSecret ? TEXTS.clientSecretSavedPlaceholder : undefined}
            value={clientSecret}
            onChange={(e) => setClientSecret(e.target.value)}
            disabled={disabled}
          />
        </FormField>
      </div>
      <FormField label={TEXTS.domains} hint={TEXTS.domainsHint} error={errors.domains}>
        <Textarea name="domains" rows={2} spellCheck={false} placeholder={TEXTS.domainsPlaceholder} value={domains} onChange={(e) => setDomains(e.target.value)} disabled={disabled} />
      </FormField>
      <fieldset className="grid gap-2" disabled={disabled}>
        <legend className="mb-2 text-sm font-medium">{TEXTS.newMembers}</legend>
        {[...[...SSO_JOIN_ROLES].reverse(), 'refuse' as const].map((choice) => (
          <label key={choice} className="flex items-start gap-2.5 text-sm has-[:disabled]:cursor-not-allowed">
            <input type="radio" name="sso-new-members" value={choice} className="mt-0.5 size-4 shrink-0 accent-primary" checked={join === choice} onChange={() => setJoin(choice)} />
            {choice === 'refuse' ? TEXTS.refuse : TEXTS.joinAs(choice)}
          </label>
        ))}
      </fieldset>
      <div className="grid gap-1.5">
        <div className="flex items-center gap-3">
          <Switch id="sso-password-sign-in" checked={passwordSignIn} onCheckedChange={setPasswordSignIn} disabled={disabled} aria-describedby="sso-password-sign-in-hint" />
          <Label htmlFor="sso-password-sign-in">{TEXTS.passwordSignIn}</Label>
        </div>
        <p id="sso-password-sign-in-hint" className="text-xs text-muted-foreground">
          {TEXTS.passwordSignInHint}
        </p>
      </div>
      <div className="grid gap-1.5">
        <div className="flex items-center gap-3">
          <Switch
            id="sso-email-verified-optional"
            checked={emailVerifiedOptional}
            onCheckedChange={setEmailVerifiedOptional}
            disabled={disabled}
            aria-describedby="sso-email-verified-optional-hint"
          />
          <Label htmlFor="sso-email-verified-optional">{TEXTS.emailVerifiedOptional}</Label>
        </div>
        <p id="sso-email-verified-optional-hint" className="text-xs text-muted-foreground">
          {TEXTS.emailVerifiedOptionalHint}
        </p>
      </div>
      {saved ? <SsoDomainProofs domains={saved.domains} canChange={canChange} /> : null}
      {canChange ? (
        <div className="flex flex-wrap gap-2">
          <Button type="submit" loading={save.isPending} loadingText={TEXTS.saving}>
            {TEXTS.save}
          </Button>
          {saved ? (
            <Button type="button" variant="outline" className="text-destructive" onClick={() => setConfirming(true)} disabled={remove.isPending}>
              {TEXTS.remove}
            </Button>
          ) : null}
        </div>
      ) : (
        <p className="text-sm text-muted-foreground">{TEXTS.readOnly}</p>
      )}
      {confirming ? (
        <Suspense fallback={null}>
          <ConfirmDeleteDialog
            open
            onOpenChange={(open) => !open && setConfirming(false)}
            title={TEXTS.removeTitle}
            question={TEXTS.removeConfirm}
            confirmLabel={TEXTS.remove}
            onConfirm={() => remove.mutate(undefined, { onSuccess: () => notifySuccess(TEXTS.removed), onError: (error) => notifyError(error) })}
          />
        </Suspense>
      ) : null}
    </form>
  );
}
