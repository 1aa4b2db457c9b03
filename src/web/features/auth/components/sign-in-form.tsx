import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { AUTH_MESSAGES, signInSchema } from '@/domain/auth';
import { Button } from '@/web/components/ui/button';
import { FormField } from '@/web/components/ui/form-field';
import { Input } from '@/web/components/ui/input';
import { notifySuccess } from '@/web/lib/notify';
import { useSignIn } from '../api';
import { AUTH_TEXTS } from '../texts';

export function SignInForm({ onForgotPassword }: { onForgotPassword: () => void }) {
  const signIn = useSignIn();
  const form = useForm({ resolver: zodResolver(signInSchema), defaultValues: { email: '', password: '' } });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit((values) => {
    signIn.mutate(values, { onSuccess: () => notifySuccess(AUTH_MESSAGES.signedIn) });
  });

  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-4">
      <FormField label="Email" error={errors.email?.message}>
        <Input type="email" autoComplete="email" placeholder="you@agency.com" {...form.register('email')} />
      </FormField>
      <div className="grid gap-1.5">
        <FormField label="Password" error={errors.password?.message}>
          <Input type="password" autoComplete="current-password" placeholder="Your password" {...form.register('password')} />
        </FormField>
        <Button type="button" variant="link" size="sm" className="justify-self-end text-xs" onClick={onForgotPassword}>
          {AUTH_TEXTS.forgotPassword}
        </Button>
      </div>
      <Button type="submit" className="w-full" loading={signIn.isPending} loadingText={AUTH_TEXTS.signingIn}>
        {AUTH_TEXTS.signInButton}
      </Button>
    </form>
  );
}
