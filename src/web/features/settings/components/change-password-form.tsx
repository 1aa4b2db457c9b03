import { KeyRound } from 'lucide-react';
import { AUTH_MESSAGES, changePasswordFormSchema } from '@/domain/auth';
import { Button } from '@/web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/web/components/ui/card';
import { FormField } from '@/web/components/ui/form-field';
import { Input } from '@/web/components/ui/input';
import { useSchemaForm } from '@/web/components/ui/schema-form';
import { useT } from '@/web/lib/i18n';
import { notifySuccess } from '@/web/lib/notify';
import { useChangePassword } from '../api';
import { SETTINGS_TEXTS } from '../texts';

const EMPTY = { currentPassword: '', newPassword: '', confirmPassword: '' };

/** ARCHITECTURE decision 7: changing the password also asks for the current one. */
export function ChangePasswordForm() {
  const t = useT('settings', 'domain-auth');
  const changePassword = useChangePassword();
  const form = useSchemaForm({ schema: changePasswordFormSchema, defaultValues: EMPTY });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit(({ currentPassword, newPassword }) => {
    changePassword.mutate(
      { currentPassword, newPassword },
      {
        onSuccess: () => {
          form.reset(EMPTY);
          notifySuccess(t(AUTH_MESSAGES.passwordUpdated));
        },
      },
    );
  });

  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <KeyRound className="size-5 text-primary" aria-hidden />
          {t(SETTINGS_TEXTS.passwordTitle)}
        </CardTitle>
        <CardDescription>{t(SETTINGS_TEXTS.passwordDescription)}</CardDescription>
      </CardHeader>
      <CardContent>
        <form noValidate onSubmit={onSubmit} className="grid gap-4">
          <FormField label={t(SETTINGS_TEXTS.currentPassword)} error={errors.currentPassword?.message} className="sm:max-w-[calc(50%-0.5rem)]">
            <Input type="password" autoComplete="current-password" {...form.register('currentPassword')} />
          </FormField>
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField label={t(SETTINGS_TEXTS.newPassword)} error={errors.newPassword?.message}>
              <Input type="password" autoComplete="new-password" {...form.register('newPassword')} />
            </FormField>
            <FormField label={t(SETTINGS_TEXTS.confirmPassword)} error={errors.confirmPassword?.message}>
              <Input type="password" autoComplete="new-password" {...form.register('confirmPassword')} />
            </FormField>
          </div>
          <Button type="submit" className="justify-self-start" loading={changePassword.isPending} loadingText={t(SETTINGS_TEXTS.updating)}>
            {t(SETTINGS_TEXTS.updatePassword)}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
