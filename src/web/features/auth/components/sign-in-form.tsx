import type { Text } from '@/domain/locales';
import { translate, useT } from '@/web/lib/i18n';
import { Fingerprint, KeyRound } from 'lucide-react';
import { Suspense, useEffect, useLayoutEffect, useRef, useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { SSO_ERROR_PARAM, SSO_ERRORS, SSO_REDIRECT_ERRORS, SSO_STEP_PARAM, SSO_TWO_FACTOR_STEP, type SsoRedirectError } from '@/domain/sso-rules';
import { Button } from '@/web/components/ui/button';
import { FormField } from '@/web/components/ui/form-field';
import { Input } from '@/web/components/ui/input';
import { UI_TEXTS } from '@/web/components/ui/texts';
import { ApiError } from '@/web/lib/api-client';
import { lazyComponent } from '@/web/lib/lazy-component';
import { notifyError, notifySuccess, preloadNotices } from '@/web/lib/notify';
import { lookUpSignIn, ssoStartUrl } from '@/web/features/sso/api';
import { loadPasskeySignIn, usePasskeySignIn, useSignIn } from '../api';
import { AUTH_TEXTS } from '../texts';

type Field = 'email' | 'password';
type FieldErrors = Partial<Record<Field, string>>;

// The first screen a visitor sees stays light (decision 013): a plain form instead of
// react-hook-form, and the rules (the domain's signInSchema, hence zod) load on the first
// submit, or earlier when the form gets focus or a key, so a submit rarely waits for them.
const loadRules = () => import('@/domain/auth');
// Two-factor sign-in's error codes (issue 31), loaded with the rules: its schemas are zod too.
// The sign-in step's own file, without Settings' two-factor words.
const loadTwoFactorRules = () => import('@/domain/two-factor-sign-in');
// The emailed-code step (issue 26) and the two-factor step (issue 31) are rare: each loads when
// the server asks for it.
const SignInCodeStep = lazyComponent(async () => (await import('./sign-in-code-step')).SignInCodeStep);
const SignInTwoFactorStep = lazyComponent(async () => (await import('./sign-in-two-factor-step')).SignInTwoFactorStep);

type Credentials = { email: string; password: string };
/** The two-factor step sends the emailed code again when the sign-in needed one (issue 26). */
type TwoFactorCredentials = Credentials & { code?: string };

export type SignInStep = 'password' | 'code' | 'two-factor';

/** A plain shape check before asking the server which sign-in an email uses (the schema is zod). */
const LOOKS_LIKE_EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** What the server said of an email's domain (issue 31 item 4): single sign-on, and whether a password is offered. */
type SsoLookup = { email: string; sso: boolean; password: boolean; provider: string | null };

/** The sign-in page a single sign-on came back to: why it failed, or that the two-factor step is next. */
export function ssoReturn(searchParams: URLSearchParams): { error: SsoRedirectError | null; twoFactor: boolean } {
  const error = searchParams.get(SSO_ERROR_PARAM);
  return {
    error: (SSO_REDIRECT_ERRORS as readonly string[]).includes(error ?? '') ? (error as SsoRedirectError) : null,
    twoFactor: searchParams.get(SSO_STEP_PARAM) === SSO_TWO_FACTOR_STEP,
  };
}

/**
 * Sign in with email and password. After a failed submit the messages follow the typing, as the
 * other forms do (react-hook-form's re-validation on change).
 */
export function SignInForm({
  onForgotPassword,
  onForgotPasswordIntent,
  onIntent,
  onStepChange,
}: {
  onForgotPassword: () => void;
  /** The form moved to the emailed-code step (issue 26), the two-factor step (issue 31), or back. */
  onStepChange?: (step: SignInStep) => void;
  /** The forgot-password link is hovered or focused. */
  onForgotPasswordIntent?: () => void;
  /** The form got focus or a key: a sign-in may follow. */
  onIntent?: () => void;
}) {
  const t = useT('auth', 'domain-auth');
  const signIn = useSignIn();
  const formRef = useRef<HTMLFormElement>(null);
  const [errors, setErrors] = useState<FieldErrors>({});
  const submitted = useRef(false);
  const intended = useRef(false);
  // Past the per-email limit from a new place, the server asks for an emailed code as well.
  const [codeStep, setCodeStep] = useState<Credentials | null>(null);
  // With two-factor sign-in on (issue 31), a right password (and emailed code) asks for its code.
  const [twoFactorStep, setTwoFactorStep] = useState<TwoFactorCredentials | null>(null);
  const [backFrom, setBackFrom] = useState<Credentials | null>(null);
  // Issue 31 item 4: a single sign-on comes back here with why it failed, or for its two-factor step.
  const [searchParams, setSearchParams] = useSearchParams();
  const [returned] = useState(() => ssoReturn(searchParams));
  const [ssoTwoFactor, setSsoTwoFactor] = useState(returned.twoFactor);
  const [ssoError, setSsoError] = useState<Text | string | null>(returned.error ? AUTH_TEXTS.ssoErrors[returned.error] : null);
  // Which sign-in the typed email's domain uses, once asked (when the email field is left).
  const [sso, setSso] = useState<SsoLookup | null>(null);
  const [passwordAnyway, setPasswordAnyway] = useState(false);
  const typedEmail = useRef('');
  const [emailTyped, setEmailTyped] = useState('');

  useEffect(() => {
    // The address bar drops what the redirect said, so a reload does not say it again.
    if (!searchParams.has(SSO_ERROR_PARAM) && !searchParams.has(SSO_STEP_PARAM)) return;
    const next = new URLSearchParams(searchParams);
    next.delete(SSO_ERROR_PARAM);
    next.delete(SSO_STEP_PARAM);
    setSearchParams(next, { replace: true });
  }, [searchParams, setSearchParams]);

  useEffect(() => {
    // Back from the code step: the email is kept, the password (likely mistyped) typed again.
    if (backFrom) formRef.current?.querySelector<HTMLInputElement>('[name="password"]')?.focus();
  }, [backFrom]);

  const showIntent = () => {
    if (intended.current) return;
    intended.current = true;
    void loadRules().catch(() => {});
    void loadTwoFactorRules().catch(() => {});
    preloadNotices();
    onIntent?.();
  };

  const validate = async () => {
    const { signInSchema } = await loadRules();
    const data = new FormData(formRef.current!);
    const result = signInSchema.safeParse({ email: data.get('email'), password: data.get('password') });
    const found: FieldErrors = {};
    for (const issue of result.error?.issues ?? []) {
      const field = issue.path[0];
      if ((field === 'email' || field === 'password') && !found[field]) found[field] = issue.message;
    }
    setErrors(found);
    return { values: result.data, errors: found };
  };

  /** Asks which sign-in the email uses; a failed lookup leaves the password as it is. */
  const checkEmail = async (email: string): Promise<SsoLookup | null> => {
    const value = email.trim().toLowerCase();
    if (!LOOKS_LIKE_EMAIL.test(value)) return null;
    if (sso?.email === value) return sso;
    try {
      const found = { email: value, ...(await lookUpSignIn(value)) };
      // Only if the field still says it: a slow answer for an email since changed is dropped.
      if (typedEmail.current.trim().toLowerCase() === value) setSso(found);
      return found;
    } catch {
      return null;
    }
  };

  // Issue 46: Enter without a password moves the focus to the button naming the provider's host
  // (once it is drawn), so the next Enter or click is a choice made knowing where it goes.
  const ssoButton = useRef<HTMLAnchorElement>(null);
  const ssoFocusWanted = useRef(false);
  const focusSsoButton = () => {
    if (ssoButton.current) ssoButton.current.focus();
    else ssoFocusWanted.current = true;
  };

  const ssoShown = Boolean(sso?.sso && sso.provider && sso.email === emailTyped);
  // A layout effect: the focus moves in the commit that draws the button, before a key can land elsewhere.
  useLayoutEffect(() => {
    // The lookup's answer drew the button after Enter asked for it.
    if (!ssoFocusWanted.current || !ssoShown) return;
    ssoFocusWanted.current = false;
    ssoButton.current?.focus();
  }, [ssoShown]);

  const emailValue = () => (formRef.current?.querySelector<HTMLInputElement>('[name="email"]')?.value ?? '').trim().toLowerCase();
  const ssoNow = sso && sso.email === emailTyped ? sso : null;
  const passwordShown = !ssoNow || ssoNow.password || passwordAnyway;

  const showTwoFactorStep = (credentials: TwoFactorCredentials) => {
    SignInTwoFactorStep.preload();
    setCodeStep(null);
    setTwoFactorStep(credentials);
    onStepChange?.('two-factor');
  };

  const backToPassword = (from: Credentials) => {
    setBackFrom({ email: from.email, password: from.password });
    setCodeStep(null);
    setTwoFactorStep(null);
    onStepChange?.('password');
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    showIntent();
    submitted.current = true;
    setSsoError(null);
    // Without a password (Enter in the email field, or one that signs in only through single
    // sign-on), an email whose domain uses it is offered the provider's button, focused. Issue 46:
    // the page is never left for a provider but by that button, which names the provider's host.
    const password = formRef.current?.querySelector<HTMLInputElement>('[name="password"]')?.value ?? '';
    if (!password) {
      const found = await checkEmail(emailValue());
      if (found?.sso) {
        focusSsoButton();
        return;
      }
    }
    const [{ AUTH_MESSAGES, SIGN_IN_ERRORS }, { TWO_FACTOR_ERRORS }] = await Promise.all([loadRules(), loadTwoFactorRules()]);
    const { values, errors: found } = await validate();
    if (!values) {
      // Focus the first field with a message, as react-hook-form does.
      const first = (['email', 'password'] as const).find((field) => found[field]);
      if (first) formRef.current?.querySelector<HTMLInputElement>(`[name="${first}"]`)?.focus();
      return;
    }
    signIn.mutate(values, {
      onSuccess: () => notifySuccess(translate(AUTH_MESSAGES.signedIn)),
      onError: (error) => {
        if (error instanceof ApiError && error.code === SIGN_IN_ERRORS.codeRequired) {
          SignInCodeStep.preload();
          setCodeStep({ email: values.email, password: values.password });
          onStepChange?.('code');
        } else if (error instanceof ApiError && error.code === TWO_FACTOR_ERRORS.required) {
          showTwoFactorStep({ email: values.email, password: values.password });
        } else if (error instanceof ApiError && error.code === SSO_ERRORS.required) {
          // The organization signs in only through its provider: offer it (its host from the
          // lookup), and say why.
          typedEmail.current = values.email;
          setEmailTyped(values.email);
          setPasswordAnyway(false);
          setSsoError(error.message);
          void checkEmail(values.email).then((found) => (found?.sso ? focusSsoButton() : undefined));
        } else {
          notifyError(error);
        }
      },
    });
  };

  if (ssoTwoFactor) {
    return (
      <Suspense fallback={<div role="status" aria-label={t(UI_TEXTS.loadingLabel)} className="h-64" />}>
        <SignInTwoFactorStep
          sso
          onBack={() => {
            setSsoTwoFactor(false);
            onStepChange?.('password');
          }}
        />
      </Suspense>
    );
  }

  if (twoFactorStep) {
    return (
      <Suspense fallback={<div role="status" aria-label={t(UI_TEXTS.loadingLabel)} className="h-64" />}>
        <SignInTwoFactorStep
          email={twoFactorStep.email}
          password={twoFactorStep.password}
          code={twoFactorStep.code}
          onBack={() => backToPassword(twoFactorStep)}
        />
      </Suspense>
    );
  }

  if (codeStep) {
    return (
      <Suspense fallback={<div role="status" aria-label={t(UI_TEXTS.loadingLabel)} className="h-48" />}>
        <SignInCodeStep
          email={codeStep.email}
          password={codeStep.password}
          onBack={() => backToPassword(codeStep)}
          onTwoFactorRequired={(code) => showTwoFactorStep({ ...codeStep, code })}
        />
      </Suspense>
    );
  }

  const onChange = () => {
    const email = emailValue();
    if (email !== typedEmail.current) {
      typedEmail.current = email;
      setEmailTyped(email);
      setPasswordAnyway(false);
    }
    if (submitted.current) void validate();
  };

  return (
    <div className="grid gap-4">
      <form ref={formRef} noValidate onSubmit={onSubmit} onChange={onChange} onFocus={showIntent} onKeyDown={showIntent} className="grid gap-4">
        {ssoError ? (
          <p role="alert" className="rounded-md border border-destructive/40 bg-destructive/5 p-3 text-sm text-destructive" data-testid="sso-error">
            {typeof ssoError === 'string' ? ssoError : t(ssoError)}
          </p>
        ) : null}
        <FormField label={t(AUTH_TEXTS.email)} error={errors.email}>
          <Input
            name="email"
            type="email"
            autoComplete="email"
            placeholder={t(AUTH_TEXTS.emailPlaceholder)}
            defaultValue={backFrom?.email}
            onBlur={(event) => void checkEmail(event.currentTarget.value)}
          />
        </FormField>
        {ssoNow?.sso && ssoNow.provider ? (
          <div className="grid gap-2" data-testid="sso-option">
            <p className="text-sm text-muted-foreground">{t(AUTH_TEXTS.ssoAvailable)}</p>
            <Button asChild className="w-full">
              <a ref={ssoButton} href={ssoStartUrl(ssoNow.email)} data-testid="sso-continue">
                <KeyRound aria-hidden />
                {t(AUTH_TEXTS.continueWithSsoAt, { host: ssoNow.provider })}
              </a>
            </Button>
            {passwordShown ? null : (
              <Button type="button" variant="link" size="sm" className="justify-self-center text-xs" onClick={() => setPasswordAnyway(true)}>
                {t(AUTH_TEXTS.usePasswordInstead)}
              </Button>
            )}
          </div>
        ) : null}
        {passwordShown ? (
          <>
            {ssoNow?.sso ? (
              <p className="flex items-center gap-3 text-xs text-muted-foreground uppercase before:h-px before:flex-1 before:bg-border after:h-px after:flex-1 after:bg-border">{t(AUTH_TEXTS.orWithPassword)}</p>
            ) : null}
            <div className="grid gap-1.5">
              <FormField label={t(AUTH_TEXTS.password)} error={errors.password}>
                <Input name="password" type="password" autoComplete="current-password" placeholder={t(AUTH_TEXTS.passwordPlaceholder)} autoFocus={passwordAnyway} />
              </FormField>
              <Button
                type="button"
                variant="link"
                size="sm"
                className="justify-self-end text-xs"
                onClick={onForgotPassword}
                onPointerEnter={onForgotPasswordIntent}
                onFocus={onForgotPasswordIntent}
              >
                {t(AUTH_TEXTS.forgotPassword)}
              </Button>
            </div>
            <Button type="submit" variant={ssoNow?.sso ? 'outline' : 'default'} className="w-full" loading={signIn.isPending} loadingText={t(AUTH_TEXTS.signingIn)}>
              {t(AUTH_TEXTS.signInButton)}
            </Button>
          </>
        ) : null}
      </form>
      {browserHasWebAuthn() ? <PasskeySignIn /> : null}
    </div>
  );
}

/** Whether this browser can use passkeys at all (an old one, or plain HTTP off localhost, cannot). */
function browserHasWebAuthn(): boolean {
  return typeof window.PublicKeyCredential === 'function';
}

/**
 * Issue 31 item 3: 'Sign In with a Passkey', beside the password. Its code and the browser's
 * WebAuthn library load on the button's hover or focus, which also fetches a challenge, so the
 * device asks at once when it is pressed. A passkey stands for both factors: no code step follows.
 */
function PasskeySignIn() {
  const t = useT('auth', 'domain-auth');
  const passkeySignIn = usePasskeySignIn();
  const prepare = () => void loadPasskeySignIn().then((module) => module.preparePasskeySignIn(), () => {});
  const onClick = () =>
    passkeySignIn.mutate(undefined, {
      onSuccess: async () => notifySuccess(translate((await loadRules()).AUTH_MESSAGES.signedIn)),
      onError: async (error) => {
        // Cancelled in the browser's own prompt (or timed out): nothing went wrong to explain.
        const cancelled = await loadPasskeySignIn().then((module) => module.isCancelledCeremony(error), () => false);
        notifyError(cancelled ? t(AUTH_TEXTS.passkeyCancelled) : error);
      },
    });
  return (
    <>
      <div className="flex items-center gap-3 text-xs text-muted-foreground uppercase">
        <span className="h-px flex-1 bg-border" aria-hidden />
        {t(AUTH_TEXTS.or)}
        <span className="h-px flex-1 bg-border" aria-hidden />
      </div>
      <Button
        type="button"
        variant="outline"
        // Wraps rather than widening the card at 375 px in a longer language (issue 48).
        className="h-auto min-h-10 w-full whitespace-normal"
        onClick={onClick}
        onPointerEnter={prepare}
        onFocus={prepare}
        loading={passkeySignIn.isPending}
        loadingText={t(AUTH_TEXTS.waitingForPasskey)}
      >
        <Fingerprint aria-hidden />
        {t(AUTH_TEXTS.signInWithPasskey)}
      </Button>
    </>
  );
}
