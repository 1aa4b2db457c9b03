// Issue 14: Create Project with no clients yet creates the first one in place, by its name (the
// other details are added later on the Clients tab), instead of opening an empty picker.
import { useState } from 'react';
import { CLIENT_MESSAGES, createClientSchema } from '@/domain/clients';
import { Button } from '@/web/components/ui/button';
import { FormField } from '@/web/components/ui/form-field';
import { Input } from '@/web/components/ui/input';
import { useCreateClient } from '@/web/features/clients/api';
import { translateMessage, useT } from '@/web/lib/i18n';
import { notifySuccess } from '@/web/lib/notify';
import { PROJECTS_TEXTS } from '../texts';

type InlineNewClientProps = {
  /** The project form's message for its client (e.g. 'Please select a client.'). */
  error?: string;
  onCreated: (client: { id: string; name: string }) => void;
};

export function InlineNewClient({ error, onCreated }: InlineNewClientProps) {
  const t = useT('projects', 'domain');
  const createClient = useCreateClient();
  const [name, setName] = useState('');
  const [nameError, setNameError] = useState<string | null>(null);

  const add = () => {
    const parsed = createClientSchema.safeParse({ name });
    if (!parsed.success) {
      setNameError(translateMessage(parsed.error.issues[0]?.message ?? CLIENT_MESSAGES.nameTooShort.id));
      return;
    }
    setNameError(null);
    createClient.mutate(parsed.data, {
      onSuccess: (client) => {
        notifySuccess(t(CLIENT_MESSAGES.created));
        onCreated(client);
      },
    });
  };

  return (
    <FormField label={t(PROJECTS_TEXTS.inlineClient.label)} error={nameError ?? error} hint={t(PROJECTS_TEXTS.inlineClient.hint)}>
      <InlineClientInput
        value={name}
        pending={createClient.isPending}
        onChange={(value) => {
          setName(value);
          if (nameError && createClientSchema.shape.name.safeParse(value).success) setNameError(null);
        }}
        onAdd={add}
      />
    </FormField>
  );
}

type InlineClientInputProps = {
  id?: string;
  'aria-invalid'?: boolean;
  'aria-describedby'?: string;
  value: string;
  pending: boolean;
  onChange: (value: string) => void;
  onAdd: () => void;
};

/** The name input and its button; Enter adds the client rather than submitting the project form. */
function InlineClientInput({ value, pending, onChange, onAdd, ...control }: InlineClientInputProps) {
  const t = useT('projects');
  return (
    <div className="flex gap-2">
      <Input
        {...control}
        value={value}
        placeholder={t(PROJECTS_TEXTS.inlineClient.placeholder)}
        onChange={(e) => onChange(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter') {
            e.preventDefault();
            onAdd();
          }
        }}
      />
      <Button type="button" variant="secondary" loading={pending} loadingText={t(PROJECTS_TEXTS.inlineClient.adding)} onClick={onAdd}>
        {t(PROJECTS_TEXTS.inlineClient.add)}
      </Button>
    </div>
  );
}
