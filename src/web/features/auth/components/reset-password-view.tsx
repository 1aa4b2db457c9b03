import { translate, useT } from '@/web/lib/i18n';
import { useQuery } from '@tanstack/react-query';
import { useEffect, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { AUTH_MESSAGES, resetPasswordFormSchema } from '@/domain/auth';
import { Button } from '@/web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '@/web/components/ui/card';
import { FormField } from '@/web/components/ui/form-field';
import { FullPageMessage } from '@/web/components/ui/full-page-message';
import { Input } from '@/web/components/ui/input';
import { LoadErrorPanel } from '@/web/components/ui/load-error-panel';
import { Logo } from '@/web/components/ui/logo';
import { useSchemaForm } from '@/web/components/ui/schema-form';
import { ApiError } from '@/web/lib/api-client';
import { notifyError, notifySuccess } from '@/web/lib/notify';
import { resetTokenQueryOptions, useCompletePasswordReset } from '../api';
import { AUTH_TEXTS } from '../texts';

function refuseLink(navigate: ReturnType<typeof useNavigate>) {
  notifyError(translate(AUTH_MESSAGES.resetLinkInvalid), translate(AUTH_MESSAGES.resetLinkInvalidTitle), 'reset-link-invalid');
  navigate('/', { replace: true });
}

/** Spec 2 "Reset password page": the token is checked first, then a new password is chosen. */
export function ResetPasswordView({ token }: { token: string }) {
  const t = useT('auth', 'domain-auth');
  const navigate = useNavigate();
  const validation = useQuery(resetTokenQueryOptions(token));
  const complete = useCompletePasswordReset();
  const form = useSchemaForm({ schema: resetPasswordFormSchema, defaultValues: { password: '', confirmPassword: '' } });
  const { errors } = form.formState;

  // Issue 49 item 3: only the server's verdict (not valid, or a request it refuses) makes the link
  // invalid; a check that failed (5xx, the network, too many tries) says so, with Retry.
  const refused = validation.error instanceof ApiError && validation.error.status >= 400 && validation.error.status < 500 && validation.error.status !== 429;
  const invalid = refused || validation.data?.valid === false;
  useEffect(() => {
    if (invalid) refuseLink(navigate);
  }, [invalid, navigate]);

  if (validation.isPending || invalid) return <FullPageMessage>{t(AUTH_TEXTS.validating)}</FullPageMessage>;
  if (validation.isError) {
    return (
      <ResetPasswordShell>
        <LoadErrorPanel title={t(AUTH_TEXTS.resetLinkCheckFailed)} error={validation.error} onRetry={() => void validation.refetch()} />
      </ResetPasswordShell>
    );
  }

  const onSubmit = form.handleSubmit(({ password }) => {
    complete.mutate(
      { token, password },
      {
        onSuccess: () => {
          notifySuccess(t(AUTH_MESSAGES.passwordReset));
          navigate('/', { replace: true });
        },
        onError: (error) => {
          // A link used or expired meanwhile is refused like an invalid one.
          if (error instanceof ApiError && error.status === 400 && error.code === 'invalid_token') {
            refuseLink(navigate);
          } else {
            notifyError(error instanceof ApiError && error.status !== 0 ? error.message : t(AUTH_MESSAGES.resetPasswordFailed));
          }
        },
      },
    );
  });

  return (
    <ResetPasswordShell>
      <form noValidate onSubmit={onSubmit} className="grid gap-4">
        <FormField label={t(AUTH_TEXTS.newPassword)} error={errors.password?.message}>
          <Input type="password" autoComplete="new-password" placeholder={t(AUTH_TEXTS.newPasswordPlaceholder)} autoFocus {...form.register('password')} />
        </FormField>
        <FormField label={t(AUTH_TEXTS.confirmPassword)} error={errors.confirmPassword?.message}>
          <Input type="password" autoComplete="new-password" placeholder={t(AUTH_TEXTS.confirmPasswordPlaceholder)} {...form.register('confirmPassword')} />
        </FormField>
        <Button type="submit" className="w-full" loading={complete.isPending} loadingText={t(AUTH_TEXTS.updating)}>
          {t(AUTH_TEXTS.resetPasswordButton)}
        </Button>
      </form>
    </ResetPasswordShell>
  );
}

function ResetPasswordShell({ children }: { children: ReactNode }) {
  const t = useT('auth', 'domain-auth');
  return (
    <main className="flex min-h-dvh items-center justify-center bg-gradient-to-b from-accent/70 to-background px-4 py-10">
      <div className="w-full max-w-md space-y-6">
        <Logo />
        <Card className="shadow-md">
          <CardHeader>
            <h1 className="text-2xl leading-tight font-semibold tracking-tight">{t(AUTH_TEXTS.newPasswordTitle)}</h1>
            <CardDescription>{t(AUTH_TEXTS.newPasswordSubtitle)}</CardDescription>
          </CardHeader>
          <CardContent>{children}</CardContent>
        </Card>
      </div>
    </main>
  );
}
