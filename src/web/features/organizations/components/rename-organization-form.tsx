import { Building2 } from 'lucide-react';
import { AUTH_MESSAGES, renameOrganizationSchema } from '@/domain/auth';
import { Button } from '@/web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/web/components/ui/card';
import { FormField } from '@/web/components/ui/form-field';
import { Input } from '@/web/components/ui/input';
import { useSchemaForm } from '@/web/components/ui/schema-form';
import { notifySuccess } from '@/web/lib/notify';
import { useT } from '@/web/lib/i18n';
import { useRenameOrganization } from '../api';
import { ORGANIZATIONS_TEXTS } from '../texts';

/** ARCHITECTURE decision 1: the organization's admins can rename it. */
export function RenameOrganizationForm({ organization }: { organization: { id: string; name: string } }) {
  const t = useT('organizations', 'domain-auth');
  const rename = useRenameOrganization();
  const form = useSchemaForm({ schema: renameOrganizationSchema, defaultValues: { name: organization.name } });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit((values) => {
    rename.mutate(values, {
      onSuccess: (updated) => {
        form.reset({ name: updated.name });
        notifySuccess(t(AUTH_MESSAGES.organizationRenamed));
      },
    });
  });

  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Building2 className="size-5 text-primary" aria-hidden />
          {t(ORGANIZATIONS_TEXTS.title)}
        </CardTitle>
        <CardDescription>{t(ORGANIZATIONS_TEXTS.description)}</CardDescription>
      </CardHeader>
      <CardContent>
        <form noValidate onSubmit={onSubmit} className="grid gap-4">
          <FormField label={t(ORGANIZATIONS_TEXTS.name)} error={errors.name?.message} className="sm:max-w-[calc(50%-0.5rem)]">
            <Input autoComplete="organization" {...form.register('name')} />
          </FormField>
          <Button type="submit" className="justify-self-start" loading={rename.isPending} loadingText={t(ORGANIZATIONS_TEXTS.saving)}>
            {t(ORGANIZATIONS_TEXTS.save)}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
