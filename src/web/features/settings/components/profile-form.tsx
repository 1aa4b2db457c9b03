import { UserRound } from 'lucide-react';
import { useWatch } from 'react-hook-form';
import { AUTH_MESSAGES, profileFormSchema, type Me } from '@/domain/auth';
import { Button } from '@/web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/web/components/ui/card';
import { FormField } from '@/web/components/ui/form-field';
import { Input } from '@/web/components/ui/input';
import { useSchemaForm } from '@/web/components/ui/schema-form';
import { useT } from '@/web/lib/i18n';
import { notifySuccess } from '@/web/lib/notify';
import { useUpdateProfile } from '../api';
import { SETTINGS_TEXTS } from '../texts';

/** Issue 20: a new sign-in email also asks for the current password; the field shows only then. */
export function ProfileForm({ me }: { me: Me }) {
  const t = useT('settings', 'domain-auth');
  const updateProfile = useUpdateProfile();
  const signInEmail = me.user.email;
  const form = useSchemaForm({
    schema: profileFormSchema(signInEmail),
    defaultValues: { fullName: me.profile.fullName, email: me.profile.email ?? signInEmail, currentPassword: '' },
  });
  const { errors } = form.formState;
  const typedEmail = useWatch({ control: form.control, name: 'email' });
  const emailChanges = (typedEmail ?? '').trim().toLowerCase() !== signInEmail.toLowerCase();

  const onSubmit = form.handleSubmit(({ fullName, email, currentPassword }) => {
    const input = email === signInEmail.toLowerCase() ? { fullName, email } : { fullName, email, currentPassword };
    updateProfile.mutate(input, {
      onSuccess: (updated) => {
        form.reset({ fullName: updated.profile.fullName, email: updated.profile.email ?? updated.user.email, currentPassword: '' });
        notifySuccess(t(AUTH_MESSAGES.profileUpdated));
      },
    });
  });

  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <UserRound className="size-5 text-primary" aria-hidden />
          {t(SETTINGS_TEXTS.profileTitle)}
        </CardTitle>
        <CardDescription>{t(SETTINGS_TEXTS.profileDescription)}</CardDescription>
      </CardHeader>
      <CardContent>
        <form noValidate onSubmit={onSubmit} className="grid gap-4">
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField label={t(SETTINGS_TEXTS.fullName)} error={errors.fullName?.message}>
              <Input autoComplete="name" {...form.register('fullName')} />
            </FormField>
            <FormField label={t(SETTINGS_TEXTS.email)} error={errors.email?.message}>
              <Input type="email" autoComplete="email" {...form.register('email')} />
            </FormField>
          </div>
          {emailChanges ? (
            <FormField
              label={t(SETTINGS_TEXTS.currentPassword)}
              error={errors.currentPassword?.message}
              hint={t(SETTINGS_TEXTS.currentPasswordForEmailHint)}
              className="sm:max-w-[calc(50%-0.5rem)]"
            >
              <Input type="password" autoComplete="current-password" {...form.register('currentPassword')} />
            </FormField>
          ) : null}
          <Button type="submit" className="justify-self-start" loading={updateProfile.isPending} loadingText={t(SETTINGS_TEXTS.saving)}>
            {t(SETTINGS_TEXTS.updateProfile)}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
