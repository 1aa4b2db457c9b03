import { isLocale, type Locale } from '@/domain/locales';
import { activateLocale, rememberLocale, useLocale, useT } from '@/web/lib/i18n';
import { CheckCircle2, Languages } from 'lucide-react';
import { Suspense, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Button } from '@/web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '@/web/components/ui/card';
import { LanguageSelect } from '@/web/components/ui/language-select';
import { Logo } from '@/web/components/ui/logo';
import { Skeleton } from '@/web/components/ui/skeleton';
import { UI_TEXTS } from '@/web/components/ui/texts';
import { lazyComponent, preloadOnIntent } from '@/web/lib/lazy-component';
import { AUTH_TEXTS, type AuthMode } from '../texts';
import { SignInForm, ssoReturn, type SignInStep } from './sign-in-form';

// Sign-up and the reset request (react-hook-form and zod) load when chosen, or on the hover or
// focus of the link that chooses them; sign-in is in the first download (decision 013).
const SignUpForm = lazyComponent(async () => (await import('./sign-up-form')).SignUpForm);
const ResetRequestForm = lazyComponent(async () => (await import('./reset-request-form')).ResetRequestForm);

/** Holds a form's place while its code loads: rows of the same height as its fields. */
function FormSkeleton({ fields }: { fields: number }) {
  const t = useT();
  return (
    <div className="grid gap-4" role="status" aria-label={t(UI_TEXTS.loadingLabel)}>
      {Array.from({ length: fields }, (_, index) => (
        <div key={index} className="grid gap-1.5">
          <Skeleton className="h-3.5 w-24" />
          <Skeleton className="h-10 w-full" />
        </div>
      ))}
      <Skeleton className="h-10 w-full" />
    </div>
  );
}

/** The links between sign in, sign up and reset wrap in a longer language rather than widen a phone's page (issue 48). */
const SWITCH_MODE_CLASS = 'h-auto min-h-10 whitespace-normal';

async function chooseLanguage(locale: Locale | null): Promise<void> {
  if (!locale) return;
  rememberLocale(locale);
  await activateLocale(locale);
}

/** Spec 2 "Authentication screen": sign in, sign up (two steps) and password reset request. */
export function AuthScreen({ initialMode = 'sign-in', onSignInIntent }: { initialMode?: AuthMode; onSignInIntent?: () => void }) {
  const t = useT('auth');
  const locale = useLocale();
  const [mode, setMode] = useState<AuthMode>(initialMode);
  const [signUpStep, setSignUpStep] = useState<'details' | 'verify'>('details');
  const [searchParams] = useSearchParams();
  // Back from an organization's provider for the two-factor step (issue 31 item 4): it shows first.
  const [signInStep, setSignInStep] = useState<SignInStep>(() => (ssoReturn(searchParams).twoFactor ? 'two-factor' : 'password'));

  const switchMode = (next: AuthMode) => {
    setSignUpStep('details');
    setSignInStep('password');
    setMode(next);
  };

  const twoFactorStep = mode === 'sign-in' && signInStep === 'two-factor';
  const title =
    mode === 'sign-in'
      ? signInStep === 'code'
        ? t(AUTH_TEXTS.signInCodeTitle)
        : t(AUTH_TEXTS.signInTitle)
      : mode === 'reset'
        ? t(AUTH_TEXTS.resetTitle)
        : signUpStep === 'verify'
          ? t(AUTH_TEXTS.verifyTitle)
          : t(AUTH_TEXTS.signUpTitle);
  const subtitle =
    mode === 'sign-in' ? (signInStep === 'code' ? null : t(AUTH_TEXTS.signInSubtitle)) : mode === 'reset' ? t(AUTH_TEXTS.resetSubtitle) : signUpStep === 'verify' ? null : t(AUTH_TEXTS.signUpSubtitle);

  return (
    <div className="grid min-h-dvh lg:grid-cols-[1.05fr_1fr]">
      <aside className="relative hidden overflow-hidden bg-gradient-to-br from-indigo-950 via-indigo-800 to-fuchsia-700 p-12 text-white lg:flex lg:flex-col lg:justify-between">
        <div aria-hidden className="absolute -top-24 -right-24 size-96 rounded-full bg-fuchsia-400/20 blur-3xl" />
        <div aria-hidden className="absolute -bottom-32 -left-16 size-96 rounded-full bg-indigo-300/20 blur-3xl" />
        <Logo className="relative text-white" />
        <div className="relative max-w-md space-y-4">
          <p className="text-4xl leading-tight font-semibold tracking-tight">{t(AUTH_TEXTS.tagline)}</p>
          <p className="text-lg text-indigo-100">{t(AUTH_TEXTS.pitch)}</p>
        </div>
        <p className="relative text-sm text-indigo-200">{t(AUTH_TEXTS.madeFor)}</p>
      </aside>

      <main className="relative flex items-center justify-center px-4 py-10 sm:px-8">
        {/* Issue 48: a visitor picks the page's language; it is kept on this device. */}
        <div className="absolute top-4 right-4 flex items-center gap-2 text-sm text-muted-foreground">
          <Languages className="size-4" aria-hidden />
          <LanguageSelect value={isLocale(locale) ? locale : null} onChange={(locale) => void chooseLanguage(locale)} className="h-8 w-auto" />
        </div>
        <div className="w-full max-w-md space-y-6">
          <Logo className="lg:hidden" />
          <Card className="shadow-md">
            {/* The two-factor step (issue 31) is loaded with its own heading, which names its mode:
                its texts come with its code, not in this first download (decision 013). */}
            {twoFactorStep ? null : (
              <CardHeader>
                <h1 className="text-2xl leading-tight font-semibold tracking-tight">{title}</h1>
                {subtitle ? <CardDescription>{subtitle}</CardDescription> : null}
              </CardHeader>
            )}
            <CardContent className={twoFactorStep ? 'grid gap-6 pt-6' : 'grid gap-6'}>
              {mode === 'sign-up' && signUpStep === 'details' ? (
                <ul className="grid gap-2 rounded-lg border bg-muted/50 p-4 text-sm" aria-label={t(AUTH_TEXTS.benefitsLabel)}>
                  {AUTH_TEXTS.benefits.map((benefit) => (
                    <li key={benefit.id} className="flex items-center gap-2">
                      <CheckCircle2 className="size-4 shrink-0 text-success" aria-hidden />
                      {t(benefit)}
                    </li>
                  ))}
                </ul>
              ) : null}

              {mode === 'sign-in' ? (
                <SignInForm
                  onForgotPassword={() => switchMode('reset')}
                  onForgotPasswordIntent={ResetRequestForm.preload}
                  onIntent={onSignInIntent}
                  onStepChange={setSignInStep}
                />
              ) : null}
              {mode === 'sign-up' ? (
                <Suspense fallback={<FormSkeleton fields={3} />}>
                  <SignUpForm onStepChange={setSignUpStep} />
                </Suspense>
              ) : null}
              {mode === 'reset' ? (
                <Suspense fallback={<FormSkeleton fields={1} />}>
                  <ResetRequestForm onDone={() => switchMode('sign-in')} />
                </Suspense>
              ) : null}

              <div className="text-center text-sm">
                {mode === 'sign-in' ? (
                  <Button variant="link" className={SWITCH_MODE_CLASS} onClick={() => switchMode('sign-up')} {...preloadOnIntent(SignUpForm)}>
                    {t(AUTH_TEXTS.toSignUp)}
                  </Button>
                ) : mode === 'sign-up' ? (
                  <Button variant="link" className={SWITCH_MODE_CLASS} onClick={() => switchMode('sign-in')}>
                    {t(AUTH_TEXTS.toSignIn)}
                  </Button>
                ) : (
                  <Button variant="link" className={SWITCH_MODE_CLASS} onClick={() => switchMode('sign-in')}>
                    {t(AUTH_TEXTS.backToSignIn)}
                  </Button>
                )}
              </div>
            </CardContent>
          </Card>
        </div>
      </main>
    </div>
  );
}
