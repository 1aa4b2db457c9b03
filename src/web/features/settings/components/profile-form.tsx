import { zodResolver } from '@hookform/resolvers/zod';
import { UserRound } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { AUTH_MESSAGES, updateProfileSchema, type Me } from '@/domain/auth';
import { Button } from '@/web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/web/components/ui/card';
import { FormField } from '@/web/components/ui/form-field';
import { Input } from '@/web/components/ui/input';
import { notifySuccess } from '@/web/lib/notify';
import { useUpdateProfile } from '../api';
import { SETTINGS_TEXTS } from '../texts';

export function ProfileForm({ me }: { me: Me }) {
  const updateProfile = useUpdateProfile();
  const form = useForm({
    resolver: zodResolver(updateProfileSchema),
    defaultValues: { fullName: me.profile.fullName, email: me.profile.email ?? me.user.email },
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit((values) => {
    updateProfile.mutate(values, {
      onSuccess: (updated) => {
        form.reset({ fullName: updated.profile.fullName, email: updated.profile.email ?? updated.user.email });
        notifySuccess(AUTH_MESSAGES.profileUpdated);
      },
    });
  });

  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <UserRound className="size-5 text-primary" aria-hidden />
          {SETTINGS_TEXTS.profileTitle}
        </CardTitle>
        <CardDescription>{SETTINGS_TEXTS.profileDescription}</CardDescription>
      </CardHeader>
      <CardContent>
        <form noValidate onSubmit={onSubmit} className="grid gap-4">
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField label={SETTINGS_TEXTS.fullName} error={errors.fullName?.message}>
              <Input autoComplete="name" {...form.register('fullName')} />
            </FormField>
            <FormField label={SETTINGS_TEXTS.email} error={errors.email?.message}>
              <Input type="email" autoComplete="email" {...form.register('email')} />
            </FormField>
          </div>
          <Button type="submit" className="justify-self-start" loading={updateProfile.isPending} loadingText={SETTINGS_TEXTS.saving}>
            {SETTINGS_TEXTS.updateProfile}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
