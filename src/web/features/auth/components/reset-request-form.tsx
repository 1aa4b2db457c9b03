import { useT } from '@/web/lib/i18n';
import { AUTH_MESSAGES, requestPasswordResetSchema } from '@/domain/auth';
import { Button } from '@/web/components/ui/button';
import { FormField } from '@/web/components/ui/form-field';
import { Input } from '@/web/components/ui/input';
import { showFieldError, useSchemaForm } from '@/web/components/ui/schema-form';
import { SSO_ERRORS } from '@/domain/sso-rules';
import { ApiError } from '@/web/lib/api-client';
import { notifyError, notifySuccess } from '@/web/lib/notify';
import { useRequestPasswordReset } from '../api';
import { AUTH_TEXTS } from '../texts';

export function ResetRequestForm({ onDone }: { onDone: () => void }) {
  const t = useT('auth', 'domain-auth');
  const requestReset = useRequestPasswordReset();
  const form = useSchemaForm({ schema: requestPasswordResetSchema, defaultValues: { email: '' } });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit((values) => {
    requestReset.mutate(values, {
      // Spec 4: the reset view returns to sign-in once the link is sent.
      onSuccess: () => {
        notifySuccess(t(AUTH_MESSAGES.resetSent), t(AUTH_MESSAGES.resetSentTitle));
        onDone();
      },
      onError: (error) => {
        // Issue 31 item 4: the organization signs in through its provider; the server says what to do.
        if (error instanceof ApiError && error.code === SSO_ERRORS.required) showFieldError(form, 'email', error.message);
        else notifyError(t(AUTH_MESSAGES.resetFailed));
      },
    });
  });

  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-4">
      <FormField label={t(AUTH_TEXTS.email)} error={errors.email?.message}>
        <Input type="email" autoComplete="email" placeholder={t(AUTH_TEXTS.emailPlaceholder)} {...form.register('email')} />
      </FormField>
      <Button type="submit" className="w-full" loading={requestReset.isPending} loadingText={t(AUTH_TEXTS.sendingResetLink)}>
        {t(AUTH_TEXTS.sendResetLink)}
      </Button>
    </form>
  );
}
