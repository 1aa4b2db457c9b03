import { translate, useT } from '@/web/lib/i18n';
import { ArrowLeft, MailCheck } from 'lucide-react';
import { useRef, useState, type FormEvent } from 'react';
import { AUTH_MESSAGES, SIGN_IN_ERRORS, signInCodeSchema, VERIFICATION_CODE_LENGTH } from '@/domain/auth';
import { TWO_FACTOR_ERRORS } from '@/domain/two-factor';
import { Button } from '@/web/components/ui/button';
import { EmailAddress } from '@/web/components/ui/email-address';
import { FormField } from '@/web/components/ui/form-field';
import { Input } from '@/web/components/ui/input';
import { ApiError } from '@/web/lib/api-client';
import { notifyError, notifySuccess } from '@/web/lib/notify';
import { useSignIn } from '../api';
import { AUTH_TEXTS } from '../texts';

/**
 * Issue 26: the second step of a sign-in past the per-email limit from a new place: the code the
 * server emailed, sent with the password already typed. Loaded only when asked for (decision 013).
 */
export function SignInCodeStep({
  email,
  password,
  onBack,
  onTwoFactorRequired,
}: {
  email: string;
  password: string;
  onBack: () => void;
  /** The code was right and the account has two-factor sign-in on (issue 31): that step comes next, with this code. */
  onTwoFactorRequired: (code: string) => void;
}) {
  const t = useT('auth', 'domain-auth');
  const signIn = useSignIn();
  const [error, setError] = useState<string>();
  const inputRef = useRef<HTMLInputElement>(null);

  const showError = (message: string) => {
    setError(message);
    inputRef.current?.focus();
    inputRef.current?.select();
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = signInCodeSchema.safeParse({ code: inputRef.current?.value ?? '' });
    if (!parsed.success) {
      showError(parsed.error.issues[0]!.message);
      return;
    }
    setError(undefined);
    signIn.mutate(
      { email, password, code: parsed.data.code },
      {
        onSuccess: () => notifySuccess(translate(AUTH_MESSAGES.signedIn)),
        onError: (failure) => {
          if (failure instanceof ApiError && failure.code === SIGN_IN_ERRORS.codeInvalid) showError(failure.message);
          else if (failure instanceof ApiError && failure.code === TWO_FACTOR_ERRORS.required) onTwoFactorRequired(parsed.data.code);
          else notifyError(failure);
        },
      },
    );
  };

  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-4">
      <div className="flex items-start gap-3 rounded-lg bg-accent/60 p-3 text-sm text-accent-foreground">
        <MailCheck className="mt-0.5 size-4 shrink-0" aria-hidden />
        <div className="grid gap-1">
          <p>
            {t(AUTH_TEXTS.signInCodeSentTo, { digits: VERIFICATION_CODE_LENGTH })} <EmailAddress email={email} className="font-medium" />.
          </p>
          <p className="text-xs opacity-80">{t(AUTH_TEXTS.signInCodeWhy)}</p>
        </div>
      </div>
      <FormField label={t(AUTH_TEXTS.signInCode)} error={error} hint={t(AUTH_TEXTS.signInCodeNoEmail)}>
        <Input
          ref={inputRef}
          name="code"
          autoComplete="one-time-code"
          inputMode="numeric"
          maxLength={VERIFICATION_CODE_LENGTH}
          placeholder="123456"
          className="h-12 text-center font-mono text-xl tracking-[0.5em]"
          autoFocus
          onChange={() => setError(undefined)}
        />
      </FormField>
      <Button type="submit" className="w-full" loading={signIn.isPending} loadingText={t(AUTH_TEXTS.signingIn)}>
        {t(AUTH_TEXTS.signInCodeButton)}
      </Button>
      <Button type="button" variant="ghost" size="sm" onClick={onBack} disabled={signIn.isPending}>
        <ArrowLeft aria-hidden />
        {t(AUTH_TEXTS.backToPassword)}
      </Button>
    </form>
  );
}
