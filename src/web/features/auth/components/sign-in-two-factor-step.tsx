import { translate, useT } from '@/web/lib/i18n';
import { ArrowLeft, ShieldCheck } from 'lucide-react';
import { useRef, useState, type FormEvent } from 'react';
import { AUTH_MESSAGES } from '@/domain/auth';
import { SSO_ERRORS } from '@/domain/sso-rules';
import {
  RECOVERY_CODE_PLACEHOLDER,
  recoveryCodeFormSchema,
  TOTP_DIGITS,
  TWO_FACTOR_ERRORS,
  TWO_FACTOR_SIGN_IN_TEXTS as TEXTS,
  twoFactorCodeFormSchema,
} from '@/domain/two-factor-sign-in';
import { Button } from '@/web/components/ui/button';
import { FormField } from '@/web/components/ui/form-field';
import { Input } from '@/web/components/ui/input';
import { ApiError } from '@/web/lib/api-client';
import { notifyError, notifySuccess } from '@/web/lib/notify';
import { useSignIn, useSsoTwoFactor } from '../api';
import { AUTH_TEXTS } from '../texts';

type Mode = 'app' | 'recovery';

type Props =
  | { email: string; password: string; code?: string; sso?: false; onBack: () => void }
  /** Issue 31 item 4: after the organization's provider; the server knows the account by the browser's cookie. */
  | { sso: true; email?: undefined; password?: undefined; code?: undefined; onBack: () => void };

/**
 * Issue 31: the step after a right password on an account with two-factor sign-in: a code from
 * the authenticator app, or one of the recovery codes. It sends the password again (kept in memory
 * from the first step), and the emailed code when the sign-in needed one too (issue 26). Loaded
 * only when the server asks for it (decision 013); it has its own heading, which names the mode.
 * After single sign-on (`sso`) the same step finishes that sign-in instead.
 */
export function SignInTwoFactorStep({ email, password, code, sso, onBack }: Props) {
  const t = useT('auth', 'domain-auth');
  const passwordSignIn = useSignIn();
  const ssoSignIn = useSsoTwoFactor();
  const signIn = sso ? ssoSignIn : passwordSignIn;
  const [mode, setMode] = useState<Mode>('app');
  const [error, setError] = useState<string>();
  const inputRef = useRef<HTMLInputElement>(null);

  const showError = (message: string) => {
    setError(message);
    inputRef.current?.focus();
    inputRef.current?.select();
  };

  const swap = () => {
    setError(undefined);
    setMode(mode === 'app' ? 'recovery' : 'app');
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const typed = inputRef.current?.value ?? '';
    const parsed =
      mode === 'app' ? twoFactorCodeFormSchema.safeParse({ twoFactorCode: typed }) : recoveryCodeFormSchema.safeParse({ recoveryCode: typed });
    if (!parsed.success) {
      showError(parsed.error.issues[0]!.message);
      return;
    }
    setError(undefined);
    const callbacks = {
      onSuccess: () => notifySuccess(translate(AUTH_MESSAGES.signedIn)),
      onError: (failure: Error) => {
        if (failure instanceof ApiError && failure.code === TWO_FACTOR_ERRORS.invalid) showError(failure.message);
        else {
          notifyError(failure);
          // The step after the provider expired: only starting again helps.
          if (sso && failure instanceof ApiError && failure.code === SSO_ERRORS.pendingMissing) onBack();
        }
      },
    };
    if (sso) ssoSignIn.mutate(parsed.data, callbacks);
    else passwordSignIn.mutate({ email, password, ...(code ? { code } : {}), ...parsed.data }, callbacks);
  };

  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-4" data-testid="two-factor-step">
      <div className="grid gap-1.5">
        <h1 className="flex items-center gap-2 text-2xl leading-tight font-semibold tracking-tight">
          <ShieldCheck className="size-6 shrink-0 text-primary" aria-hidden />
          {t(TEXTS.signInTitle)}
        </h1>
        <p className="text-sm text-muted-foreground">
          {mode === 'recovery' ? t(TEXTS.signInRecoveryDescription) : sso ? t(AUTH_TEXTS.ssoTwoFactorDescription) : t(TEXTS.signInDescription)}
        </p>
      </div>
      {mode === 'app' ? (
        <FormField key="app" label={t(TEXTS.codeLabel)} error={error}>
          <Input
            ref={inputRef}
            name="twoFactorCode"
            autoComplete="one-time-code"
            inputMode="numeric"
            // Room for the space some apps show in the middle ('123 456'); the schema drops it.
            maxLength={TOTP_DIGITS + 1}
            placeholder="123456"
            className="h-12 text-center font-mono text-xl tracking-[0.5em]"
            autoFocus
            onChange={() => setError(undefined)}
          />
        </FormField>
      ) : (
        <FormField key="recovery" label={t(TEXTS.recoveryCodeLabel)} error={error}>
          <Input
            ref={inputRef}
            name="recoveryCode"
            autoComplete="off"
            autoCapitalize="none"
            autoCorrect="off"
            spellCheck={false}
            maxLength={100}
            placeholder={RECOVERY_CODE_PLACEHOLDER}
            className="h-12 text-center font-mono text-lg tracking-widest"
            autoFocus
            onChange={() => setError(undefined)}
          />
        </FormField>
      )}
      <Button type="submit" className="w-full" loading={signIn.isPending} loadingText={t(AUTH_TEXTS.verifying)}>
        {t(TEXTS.verify)}
      </Button>
      <Button type="button" variant="link" size="sm" className="justify-self-center" onClick={swap} disabled={signIn.isPending}>
        {mode === 'app' ? t(TEXTS.useRecoveryCode) : t(TEXTS.useAppCode)}
      </Button>
      <Button type="button" variant="ghost" size="sm" onClick={onBack} disabled={signIn.isPending}>
        <ArrowLeft aria-hidden />
        {sso ? t(AUTH_TEXTS.backToSignIn) : t(AUTH_TEXTS.backToPassword)}
      </Button>
    </form>
  );
}
