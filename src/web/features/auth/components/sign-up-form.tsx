import { translate, useT } from '@/web/lib/i18n';
import { ArrowLeft, MailCheck } from 'lucide-react';
import { useState } from 'react';
import type { z } from 'zod';
import { AUTH_MESSAGES, signUpSchema, VERIFICATION_CODE_LENGTH, verifyCodeSchema } from '@/domain/auth';
import { text } from '@/domain/text-fields';
import { Button } from '@/web/components/ui/button';
import { EmailAddress } from '@/web/components/ui/email-address';
import { FormField } from '@/web/components/ui/form-field';
import { Input } from '@/web/components/ui/input';
import { useSchemaForm } from '@/web/components/ui/schema-form';
import { ApiError } from '@/web/lib/api-client';
import { landAfterSignIn } from '@/web/lib/session';
import { dismissNotice, notifyError, notifySuccess } from '@/web/lib/notify';
import { useSendVerificationCode, useSignUp, useVerifyCode } from '../api';
import { AUTH_TEXTS } from '../texts';

/**
 * The first step's fields. The agency name is optional (issue 49 item 13): left empty or blank it
 * is not sent, and the server names the organization after the member, "<name>'s Agency".
 */
const detailsSchema = signUpSchema.omit({ code: true }).extend({
  organizationName: text()
    .transform((value) => value.trim() || undefined)
    .pipe(signUpSchema.shape.organizationName),
});
const codeSchema = verifyCodeSchema.pick({ code: true });
type Details = z.output<typeof detailsSchema>;

/** One notice for a failed code check: the next try replaces it, a passed check takes it down. */
const CODE_NOTICE = 'sign-up-code';
/** 'Verification code sent': a new code replaces it, the created account takes it down (issue 49 item 13). */
const CODE_SENT_NOTICE = 'sign-up-code-sent';

/** Spec 4 "Sign-up": details, send code, code entry, verify, then the account is created. */
export function SignUpForm({ onStepChange }: { onStepChange: (step: 'details' | 'verify') => void }) {
  // The details are kept when going back from the code step, so nothing typed is lost.
  const [details, setDetails] = useState<Details | null>(null);
  const [step, setStep] = useState<'details' | 'verify'>('details');
  const goTo = (next: 'details' | 'verify') => {
    setStep(next);
    onStepChange(next);
  };
  return step === 'verify' && details ? (
    <VerifyCodeStep details={details} onBack={() => goTo('details')} />
  ) : (
    <DetailsStep
      initial={details}
      onCodeSent={(sent) => {
        setDetails(sent);
        goTo('verify');
      }}
    />
  );
}

function DetailsStep({ initial, onCodeSent }: { initial: Details | null; onCodeSent: (details: Details) => void }) {
  const t = useT('auth', 'domain-auth');
  const sendCode = useSendVerificationCode();
  const form = useSchemaForm({
    schema: detailsSchema,
    defaultValues: initial ? { ...initial, organizationName: initial.organizationName ?? '' } : { fullName: '', email: '', password: '', organizationName: '' },
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit((values) => {
    sendCode.mutate(
      { email: values.email },
      {
        onSuccess: () => {
          notifySuccess(translate(AUTH_MESSAGES.codeSent), translate(AUTH_MESSAGES.codeSentTitle), CODE_SENT_NOTICE);
          onCodeSent(values);
        },
        onError: (error) =>
          notifyError(error instanceof ApiError && error.status !== 0 ? error.message : translate(AUTH_MESSAGES.codeSendThrown)),
      },
    );
  });

  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-4">
      <FormField label={t(AUTH_TEXTS.fullName)} error={errors.fullName?.message}>
        <Input autoComplete="name" placeholder={t(AUTH_TEXTS.fullNamePlaceholder)} {...form.register('fullName')} />
      </FormField>
      <FormField label={t(AUTH_TEXTS.email)} error={errors.email?.message}>
        <Input type="email" autoComplete="email" placeholder={t(AUTH_TEXTS.emailPlaceholder)} {...form.register('email')} />
      </FormField>
      <FormField label={t(AUTH_TEXTS.password)} error={errors.password?.message}>
        <Input type="password" autoComplete="new-password" placeholder={t(AUTH_TEXTS.newPasswordPlaceholder)} {...form.register('password')} />
      </FormField>
      <FormField label={t(AUTH_TEXTS.agencyName)} hint={t(AUTH_TEXTS.agencyNameHint)} error={errors.organizationName?.message}>
        <Input autoComplete="organization" placeholder={t(AUTH_TEXTS.agencyNamePlaceholder)} {...form.register('organizationName')} />
      </FormField>
      <Button type="submit" className="w-full" loading={sendCode.isPending} loadingText={t(AUTH_TEXTS.sendingCode)}>
        {t(AUTH_TEXTS.sendCodeButton)}
      </Button>
    </form>
  );
}

function VerifyCodeStep({ details, onBack }: { details: Details; onBack: () => void }) {
  const t = useT('auth', 'domain-auth');
  const verifyCode = useVerifyCode();
  const signUp = useSignUp();
  const form = useSchemaForm({ schema: codeSchema, defaultValues: { code: '' } });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit(({ code }) => {
    verifyCode.mutate(
      { email: details.email, code },
      {
        onSuccess: ({ valid }) => {
          // Spec 4: the account is created only when the code check says valid.
          if (!valid) {
            notifyError(translate(AUTH_MESSAGES.codeInvalid), translate(AUTH_MESSAGES.codeInvalidTitle), CODE_NOTICE);
            return;
          }
          // An 'Invalid code' of an earlier try would otherwise stay on the Welcome page (issue 27).
          dismissNotice(CODE_NOTICE);
          // A new account lands on /welcome: the gate goes there straight from the auth screen,
          // so the dashboard at / never shows in between.
          landAfterSignIn('/welcome');
          signUp.mutate(
            { ...details, code },
            {
              onSuccess: () => {
                // Else it would follow the new member onto the Welcome page.
                dismissNotice(CODE_SENT_NOTICE);
                notifySuccess(translate(AUTH_MESSAGES.accountCreated));
              },
              onError: () => landAfterSignIn(null),
            },
          );
        },
        onError: (error) =>
          notifyError(error instanceof ApiError && error.status !== 0 ? error.message : translate(AUTH_MESSAGES.verifyFailed), 'Error', CODE_NOTICE),
      },
    );
  });

  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-4">
      <div className="flex items-start gap-3 rounded-lg bg-accent/60 p-3 text-sm text-accent-foreground">
        <MailCheck className="mt-0.5 size-4 shrink-0" aria-hidden />
        <div className="grid gap-1">
          <p>
            {t(AUTH_TEXTS.codeSentTo, { digits: VERIFICATION_CODE_LENGTH })} <EmailAddress email={details.email} className="font-medium" />.
          </p>
          <p className="text-xs opacity-80">{t(AUTH_TEXTS.existingAccountNote)}</p>
        </div>
      </div>
      <FormField label={t(AUTH_TEXTS.verificationCode)} error={errors.code?.message}>
        <Input
          autoComplete="one-time-code"
          inputMode="numeric"
          maxLength={VERIFICATION_CODE_LENGTH}
          placeholder="123456"
          className="h-12 text-center font-mono text-xl tracking-[0.5em]"
          autoFocus
          {...form.register('code')}
        />
      </FormField>
      <Button type="submit" className="w-full" loading={verifyCode.isPending || signUp.isPending} loadingText={t(AUTH_TEXTS.verifying)}>
        {t(AUTH_TEXTS.verifyButton)}
      </Button>
      <Button type="button" variant="ghost" size="sm" onClick={onBack} disabled={verifyCode.isPending || signUp.isPending}>
        <ArrowLeft aria-hidden />
        {t(AUTH_TEXTS.useDifferentEmail)}
      </Button>
    </form>
  );
}
