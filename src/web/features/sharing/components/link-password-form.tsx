// The password of a protected share link (spec 2 "Shared project page", 8): a form of the kit
// (issue 47). The shared page loads this module only when the link asks for its password, and the
// schema (zod) with the first check: a share link's first download holds neither react-hook-form
// nor zod (decision 013). A wrong password is spec 8's 'Invalid Password' toast, not a message
// under the field; what was typed stays.
import { SHARED_LINK_ERRORS } from '@/domain/shared-link-errors';
import { SHARING_MESSAGES } from '@/domain/sharing-rules';
import { Button } from '@/web/components/ui/button';
import { Input } from '@/web/components/ui/input';
import { SchemaField, useSchemaForm } from '@/web/components/ui/schema-form';
import { ApiError } from '@/web/lib/api-client';
import { useT } from '@/web/lib/i18n';
import { dismissNotice, notifyError } from '@/web/lib/notify';
import { useOpenProtectedLink } from '../api';
import { SHARING_TEXTS } from '../texts';

const loadPasswordSchema = async () => (await import('@/domain/sharing')).linkPasswordFormSchema;

/** The toast's id: the next wrong password replaces it, the right one takes it down. */
const INVALID_PASSWORD_NOTICE = 'invalid-password';

const isLinkError = (error: unknown, code: string) => error instanceof ApiError && error.code === code;

export function LinkPasswordForm({ token, viewerId }: { token: string; viewerId: string | null }) {
  const t = useT('sharing', 'domain-shared');
  const open = useOpenProtectedLink(token, viewerId);
  const form = useSchemaForm({ schema: loadPasswordSchema, defaultValues: { password: '' } });

  const submit = form.handleSubmit(({ password }) => {
    open.mutate(password, {
      onSuccess: () => dismissNotice(INVALID_PASSWORD_NOTICE),
      onError: (error) => {
        if (isLinkError(error, SHARED_LINK_ERRORS.invalidPassword)) {
          notifyError(t(SHARING_MESSAGES.invalidPassword), t(SHARING_MESSAGES.invalidPasswordTitle), INVALID_PASSWORD_NOTICE);
        } else if (!isLinkError(error, SHARED_LINK_ERRORS.invalidLink)) {
          // Too many attempts, network: the server's own message. An invalid link turns the page.
          notifyError(error);
        }
      },
    });
  });

  return (
    <form noValidate onSubmit={submit} className="grid gap-4">
      <SchemaField form={form} name="password" label={t(SHARING_TEXTS.password)}>
        <Input type="password" autoFocus autoComplete="current-password" />
      </SchemaField>
      <Button type="submit" className="w-full" loading={open.isPending}>
        {t(SHARING_MESSAGES.accessProject)}
      </Button>
    </form>
  );
}
