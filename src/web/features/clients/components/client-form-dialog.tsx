import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { CLIENT_MESSAGES, createClientSchema, updateClientSchema, type Client } from '@/domain/clients';
import { Button } from '@/web/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/web/components/ui/dialog';
import { FormField } from '@/web/components/ui/form-field';
import { Input } from '@/web/components/ui/input';
import { Textarea } from '@/web/components/ui/textarea';
import { notifySuccess } from '@/web/lib/notify';
import { useCreateClient, useUpdateClient } from '../api';

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
  const editing = client !== undefined;
  const createClient = useCreateClient();
  const updateClient = useUpdateClient();
  const form = useForm({
    resolver: zodResolver(editing ? updateClientSchema : createClientSchema),
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
        notifySuccess(editing ? CLIENT_MESSAGES.updated : CLIENT_MESSAGES.created);
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
          <DialogTitle>{editing ? 'Edit Client' : 'Add Client'}</DialogTitle>
          <DialogDescription>
            {editing ? 'Update the client’s details.' : 'Add a client to start running projects for them.'}
          </DialogDescription>
        </DialogHeader>
        <form noValidate onSubmit={onSubmit} className="grid gap-4">
          <FormField label="Client Name" error={errors.name?.message}>
            <Input autoFocus placeholder="e.g., Acme Outdoor Co." {...form.register('name')} />
          </FormField>
          <FormField label="Description" error={errors.description?.message}>
            <Textarea rows={3} placeholder="What the client does, what they need" {...form.register('description')} />
          </FormField>
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField label="Contact Name" error={errors.contactName?.message}>
              <Input autoComplete="off" {...form.register('contactName')} />
            </FormField>
            <FormField label="Contact Email" error={errors.contactEmail?.message}>
              <Input type="email" autoComplete="off" {...form.register('contactEmail')} />
            </FormField>
            <FormField label="Contact Phone" error={errors.contactPhone?.message}>
              <Input type="tel" autoComplete="off" {...form.register('contactPhone')} />
            </FormField>
            <FormField label="Website" error={errors.website?.message}>
              <Input placeholder="example.com" autoComplete="off" {...form.register('website')} />
            </FormField>
          </div>
          <DialogFooter>
            <Button type="button" variant="outline" disabled={pending} onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" loading={pending} loadingText={editing ? 'Updating...' : 'Creating...'}>
              {editing ? 'Update Client' : 'Create Client'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
