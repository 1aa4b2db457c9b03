import { useEffect } from 'react';
import { CLIENT_MESSAGES, createClientSchema, updateClientSchema, type Client } from '@/domain/clients';
import { Button } from '@/web/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/web/components/ui/dialog';
import { FormField } from '@/web/components/ui/form-field';
import { Input } from '@/web/components/ui/input';
import { useSchemaForm } from '@/web/components/ui/schema-form';
import { Textarea } from '@/web/components/ui/textarea';
import { UI_TEXTS } from '@/web/components/ui/texts';
import { useT } from '@/web/lib/i18n';
import { notifySuccess } from '@/web/lib/notify';
import { useCreateClient, useUpdateClient } from '../api';
import { CLIENTS_TEXTS } from '../texts';

type Props = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Edit this client; without one the dialog creates a client. */
  client?: Client;
};

const emptyValues = { name: '', description: '', contactName: '', contactEmail: '', contactPhone: '', website: '' };

function valuesOf(client?: Client) {
  if (!client) return emptyValues;
  return {
    name: client.name,
    description: client.description ?? '',
    contactName: client.contactName ?? '',
    contactEmail: client.contactEmail ?? '',
    contactPhone: client.contactPhone ?? '',
    website: client.website ?? '',
  };
}

export function ClientFormDialog({ open, onOpenChange, client }: Props) {
  const t = useT('clients', 'domain');
  const editing = client !== undefined;
  const createClient = useCreateClient();
  const updateClient = useUpdateClient();
  const form = useSchemaForm({
    schema: editing ? updateClientSchema : createClientSchema,
    defaultValues: valuesOf(client),
  });
  const { errors } = form.formState;

  // Each opening starts from the client as it is now (or blank for a new one).
  useEffect(() => {
    if (open) form.reset(valuesOf(client));
  }, [open, client, form]);

  const pending = createClient.isPending || updateClient.isPending;
  const onSubmit = form.handleSubmit((values) => {
    const done = {
      onSuccess: () => {
        notifySuccess(t(editing ? CLIENT_MESSAGES.updated : CLIENT_MESSAGES.created));
        onOpenChange(false);
      },
    };
    if (client) updateClient.mutate({ id: client.id, ...values }, done);
    else createClient.mutate(values, done);
  });

  return (
    <Dialog open={open} onOpenChange={(next) => !pending && onOpenChange(next)}>
      <DialogContent className="max-w-xl">
        <DialogHeader>
          <DialogTitle>{editing ? t(CLIENTS_TEXTS.editClient) : t(CLIENTS_TEXTS.addClient)}</DialogTitle>
          <DialogDescription>
            {editing ? t(CLIENTS_TEXTS.editDescription) : t(CLIENTS_TEXTS.addDescription)}
          </DialogDescription>
        </DialogHeader>
        <form noValidate onSubmit={onSubmit} className="grid gap-4">
          <FormField label={t(CLIENTS_TEXTS.fields.name)} error={errors.name?.message}>
            <Input autoFocus placeholder={t(CLIENTS_TEXTS.namePlaceholder)} {...form.register('name')} />
          </FormField>
          <FormField label={t(CLIENTS_TEXTS.fields.description)} error={errors.description?.message}>
            <Textarea rows={3} placeholder={t(CLIENTS_TEXTS.descriptionPlaceholder)} {...form.register('description')} />
          </FormField>
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField label={t(CLIENTS_TEXTS.fields.contactName)} error={errors.contactName?.message}>
              <Input autoComplete="off" {...form.register('contactName')} />
            </FormField>
            <FormField label={t(CLIENTS_TEXTS.fields.contactEmail)} error={errors.contactEmail?.message}>
              <Input type="email" autoComplete="off" {...form.register('contactEmail')} />
            </FormField>
            <FormField label={t(CLIENTS_TEXTS.fields.contactPhone)} error={errors.contactPhone?.message}>
              <Input type="tel" autoComplete="off" {...form.register('contactPhone')} />
            </FormField>
            <FormField label={t(CLIENTS_TEXTS.fields.website)} error={errors.website?.message}>
              <Input placeholder={t(CLIENTS_TEXTS.websitePlaceholder)} autoComplete="off" {...form.register('website')} />
            </FormField>
          </div>
          <DialogFooter>
            <Button type="button" variant="outline" disabled={pending} onClick={() => onOpenChange(false)}>
              {t(UI_TEXTS.cancel)}
            </Button>
            <Button type="submit" loading={pending} loadingText={editing ? t(CLIENTS_TEXTS.updating) : t(CLIENTS_TEXTS.creating)}>
              {editing ? t(CLIENTS_TEXTS.updateClient) : t(CLIENTS_TEXTS.createClient)}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
