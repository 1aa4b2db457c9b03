// The passkeys card's dialogs (issue 31 item 3), loaded when one is first opened: adding a passkey
// (a name and the password, then the browser's own prompt), and renaming one.
import { TriangleAlert } from 'lucide-react';
import { useEffect } from 'react';
import { addPasskeyFormSchema, PASSKEY_ERRORS, PASSKEY_MESSAGES, renamePasskeySchema, type Passkey } from '@/domain/passkeys';
import { Button } from '@/web/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/web/components/ui/dialog';
import { FormField } from '@/web/components/ui/form-field';
import { Input } from '@/web/components/ui/input';
import { showFieldError, useSchemaForm } from '@/web/components/ui/schema-form';
import { UI_TEXTS } from '@/web/components/ui/texts';
import { useT } from '@/web/lib/i18n';
import { ApiError } from '@/web/lib/api-client';
import { notifyError, notifySuccess } from '@/web/lib/notify';
import { loadWebAuthn, useAddPasskey, useRenamePasskey } from '../api';
import { PASSKEY_TEXTS as TEXTS } from '../texts';

export type PasskeyDialogProps = ({ kind: 'add' } | { kind: 'rename'; passkey: Passkey }) & { onClose: () => void };

export function PasskeyDialog(props: PasskeyDialogProps) {
  return props.kind === 'add' ? <AddPasskeyDialog onClose={props.onClose} /> : <RenamePasskeyDialog passkey={props.passkey} onClose={props.onClose} />;
}

/** What went wrong in the browser's part: its DOMException's name, or the library's own code. */
function ceremonyMessage(error: unknown, t: ReturnType<typeof useT>): string | null {
  if (!(error instanceof Error) || error instanceof ApiError) return null;
  const code = (error as Error & { code?: string }).code;
  if (code === 'ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED') return t(TEXTS.alreadyOnDevice);
  // Cancelled, timed out, or no device that can: the browser says no more, on purpose.
  if (error.name === 'NotAllowedError' || error.name === 'AbortError' || code === 'ERROR_CEREMONY_ABORTED' || code === 'ERROR_PASSTHROUGH_SEE_CAUSE_PROPERTY') return t(TEXTS.cancelled);
  return t(PASSKEY_MESSAGES.notAdded);
}

function FormAlert({ message }: { message: string | undefined }) {
  if (!message) return null;
  return (
    <p role="alert" className="flex items-start gap-2 rounded-md border border-destructive/40 bg-destructive/5 p-3 text-sm font-medium text-destructive">
      <TriangleAlert className="mt-0.5 size-4 shrink-0" aria-hidden />
      {message}
    </p>
  );
}

function AddPasskeyDialog({ onClose }: { onClose: () => void }) {
  const t = useT('passkeys', 'domain');
  const add = useAddPasskey();
  const form = useSchemaForm({ schema: addPasskeyFormSchema, defaultValues: { name: '', password: '' } });
  const { errors } = form.formState;
  // The browser's half loads while the member types, so their device asks at once after Continue.
  useEffect(() => {
    void loadWebAuthn().catch(() => {});
  }, []);

  const onSubmit = form.handleSubmit((values) =>
    add.mutate(values, {
      onSuccess: () => {
        notifySuccess(t(TEXTS.added));
        onClose();
      },
      onError: (error) => {
        if (error instanceof ApiError && error.code === PASSKEY_ERRORS.wrongPassword) {
          showFieldError(form, 'password', error.message, { select: true });
          return;
        }
        const message = ceremonyMessage(error, t) ?? (error instanceof ApiError && error.status < 500 ? error.message : null);
        if (message) form.setError('root.server', { type: 'server', message });
        else notifyError(error);
      },
    }),
  );

  return (
    <Dialog open onOpenChange={(open) => !open && !add.isPending && onClose()}>
      <DialogContent data-testid="passkey-dialog">
        <DialogHeader>
          <DialogTitle>{t(TEXTS.addTitle)}</DialogTitle>
          <DialogDescription>{t(TEXTS.addDescription)}</DialogDescription>
        </DialogHeader>
        <form noValidate onSubmit={onSubmit} className="grid gap-4">
          <FormField label={t(TEXTS.nameLabel)} error={errors.name?.message}>
            <Input placeholder={t(TEXTS.namePlaceholder)} autoComplete="off" maxLength={100} autoFocus {...form.register('name')} />
          </FormField>
          <FormField label={t(TEXTS.passwordLabel)} error={errors.password?.message}>
            <Input type="password" autoComplete="current-password" {...form.register('password')} />
          </FormField>
          <FormAlert message={errors.root?.server?.message} />
          <DialogFooter>
            <Button type="button" variant="outline" onClick={onClose} disabled={add.isPending}>
              {t(UI_TEXTS.cancel)}
            </Button>
            <Button type="submit" loading={add.isPending} loadingText={t(TEXTS.waiting)}>
              {t(TEXTS.continue)}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

function RenamePasskeyDialog({ passkey, onClose }: { passkey: Passkey; onClose: () => void }) {
  const t = useT('passkeys', 'domain');
  const rename = useRenamePasskey();
  const form = useSchemaForm({ schema: renamePasskeySchema, defaultValues: { name: passkey.name } });
  const onSubmit = form.handleSubmit((values) =>
    rename.mutate(
      { id: passkey.id, name: values.name },
      {
        onSuccess: () => {
          notifySuccess(t(TEXTS.renamed));
          onClose();
        },
        onError: (error) => {
          if (error instanceof ApiError && error.status === 400) showFieldError(form, 'name', error.message);
          else {
            notifyError(error);
            // Removed meanwhile (another tab): nothing to rename.
            if (error instanceof ApiError && error.status === 404) onClose();
          }
        },
      },
    ),
  );
  return (
    <Dialog open onOpenChange={(open) => !open && !rename.isPending && onClose()}>
      <DialogContent data-testid="passkey-dialog">
        <DialogHeader>
          <DialogTitle>{t(TEXTS.renameTitle)}</DialogTitle>
          <DialogDescription>{t(TEXTS.renameDescription)}</DialogDescription>
        </DialogHeader>
        <form noValidate onSubmit={onSubmit} className="grid gap-4">
          <FormField label={t(TEXTS.nameLabel)} error={form.formState.errors.name?.message}>
            <Input autoComplete="off" maxLength={100} autoFocus {...form.register('name')} />
          </FormField>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={onClose} disabled={rename.isPending}>
              {t(UI_TEXTS.cancel)}
            </Button>
            <Button type="submit" loading={rename.isPending}>
              {t(TEXTS.save)}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
