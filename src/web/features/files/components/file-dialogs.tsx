// The files tab's dialogs, downloaded when one is first opened (decision 013): the form library
// and the link schema stay out of the project and shared pages' first download.
import { Upload } from 'lucide-react';
import { useState } from 'react';
import { useWatch } from 'react-hook-form';
import { ACCEPTED_EXTENSIONS, addLinkSchema, FILE_MESSAGES } from '@/domain/files';
import { Button } from '@/web/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/web/components/ui/dialog';
import { FormField } from '@/web/components/ui/form-field';
import { Input } from '@/web/components/ui/input';
import { useSchemaForm } from '@/web/components/ui/schema-form';
import { UI_TEXTS } from '@/web/components/ui/texts';
import { useT } from '@/web/lib/i18n';
import { notifyError, notifySuccess } from '@/web/lib/notify';
import type { ProjectSource } from '@/web/lib/project-source';
import { useAddLink } from '../api';
import { FILES_TEXTS } from '../texts';
import { ACCEPT, UploadProgress, type Variant } from './file-parts';

/** The address field's example: the same in every language. */
const URL_PLACEHOLDER = 'https://example.com';

export function AddLinkDialog({
  source,
  variant,
  open,
  onOpenChange,
}: {
  source: ProjectSource;
  variant: Variant;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const t = useT('files', 'domain-shared');
  const addLink = useAddLink(source);
  const form = useSchemaForm({ schema: addLinkSchema, defaultValues: { name: '', url: '' } });
  const { errors } = form.formState;
  const words = FILES_TEXTS.wording[variant];
  const [name, url] = useWatch({ control: form.control, name: ['name', 'url'] });
  // Spec 2: on the shared page Add is enabled only when both fields are filled.
  const incomplete = variant === 'shared' && (name.trim() === '' || url.trim() === '');
  const onSubmit = form.handleSubmit((values) =>
    addLink.mutate(values, {
      onSuccess: () => {
        notifySuccess(t(FILE_MESSAGES.linkAdded));
        form.reset();
        onOpenChange(false);
      },
      // The dialog stays open with what was typed.
      onError: (error) => notifyError(error, t(FILE_MESSAGES.linkFailed)),
    }),
  );
  return (
    <Dialog open={open} onOpenChange={(next) => !addLink.isPending && onOpenChange(next)}>
      <DialogContent className="max-w-[480px]">
        <DialogHeader>
          <DialogTitle>{t(FILE_MESSAGES.addLink)}</DialogTitle>
          <DialogDescription>{t(FILES_TEXTS.addLinkDescription)}</DialogDescription>
        </DialogHeader>
        <form noValidate onSubmit={onSubmit} className="grid gap-4">
          <FormField label={t(words.linkName)} error={errors.name?.message}>
            <Input autoFocus placeholder={t(FILES_TEXTS.linkNamePlaceholder)} {...form.register('name')} />
          </FormField>
          <FormField label={t(words.linkUrl)} error={errors.url?.message}>
            <Input type="url" placeholder={URL_PLACEHOLDER} {...form.register('url')} />
          </FormField>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)} disabled={addLink.isPending}>
              {t(UI_TEXTS.cancel)}
            </Button>
            <Button type="submit" disabled={incomplete} loading={addLink.isPending} loadingText={t(FILES_TEXTS.adding)}>
              {t(FILE_MESSAGES.addLink)}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

/** Spec 2 "Shared project page": uploading from a link goes through a small modal. */
export function UploadFileDialog({
  open,
  onOpenChange,
  uploading,
  progress,
  onUpload,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  uploading: boolean;
  progress: number;
  onUpload: (file: File, done: () => void) => void;
}) {
  const t = useT('files', 'domain-shared');
  const [file, setFile] = useState<File | null>(null);
  const close = (next: boolean) => {
    if (uploading) return;
    if (!next) setFile(null);
    onOpenChange(next);
  };
  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent className="max-w-[480px]">
        <DialogHeader>
          <DialogTitle>{t(FILE_MESSAGES.upload)}</DialogTitle>
          <DialogDescription>{t(FILES_TEXTS.accepted, { extensions: ACCEPTED_EXTENSIONS.join(', ') })}</DialogDescription>
        </DialogHeader>
        <form
          noValidate
          className="grid gap-4"
          onSubmit={(event) => {
            event.preventDefault();
            if (file) onUpload(file, () => setFile(null));
          }}
        >
          <FormField label={t(FILES_TEXTS.file)}>
            <Input
              type="file"
              accept={ACCEPT}
              disabled={uploading}
              className="h-auto py-1.5 file:mr-3 file:rounded file:border-0 file:bg-muted file:px-2 file:py-1 file:text-sm"
              onChange={(e) => setFile(e.target.files?.[0] ?? null)}
            />
          </FormField>
          {uploading ? <UploadProgress percent={progress} /> : null}
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => close(false)} disabled={uploading}>
              {t(UI_TEXTS.cancel)}
            </Button>
            <Button type="submit" disabled={!file} loading={uploading} loadingText={t(FILE_MESSAGES.uploading)}>
              <Upload aria-hidden />
              {t(FILES_TEXTS.upload)}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
