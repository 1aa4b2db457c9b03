import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { Download, ExternalLink, FileText, Link2, Trash2, Upload } from 'lucide-react';
import { useRef, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { ACCEPTED_EXTENSIONS, addLinkSchema, FILE_MESSAGES, fileSizeLabel, type ProjectFile } from '@/domain/files';
import { Button } from '@/web/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/web/components/ui/card';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/web/components/ui/dialog';
import { FormField } from '@/web/components/ui/form-field';
import { Input } from '@/web/components/ui/input';
import { Skeleton } from '@/web/components/ui/skeleton';
import { formatDate } from '@/web/lib/format-date';
import { notifyError, notifySuccess } from '@/web/lib/notify';
import type { ProjectSource } from '@/web/lib/project-source';
import { downloadUrl, fileListQuery, useAddLink, useDeleteFile, useUploadFile } from '../api';

const ACCEPT = ACCEPTED_EXTENSIONS.map((ext) => `.${ext}`).join(',');

/** Spec 2 words the same list differently on the project page and on the shared page. */
const WORDING = {
  member: { title: 'Files & Links', open: 'Open Link', linkName: 'Name', linkUrl: 'URL' },
  shared: { title: 'Files & Resources', open: 'Visit', linkName: 'Link Title', linkUrl: 'Link URL' },
} as const;
type Variant = keyof typeof WORDING;

function AddLinkDialog({
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
  const addLink = useAddLink(source);
  const form = useForm({ resolver: zodResolver(addLinkSchema), defaultValues: { name: '', url: '' } });
  const { errors } = form.formState;
  const words = WORDING[variant];
  const [name, url] = useWatch({ control: form.control, name: ['name', 'url'] });
  // Spec 2: on the shared page Add is enabled only when both fields are filled.
  const incomplete = variant === 'shared' && (name.trim() === '' || url.trim() === '');
  const onSubmit = form.handleSubmit((values) =>
    addLink.mutate(values, {
      onSuccess: () => {
        notifySuccess(FILE_MESSAGES.linkAdded);
        form.reset();
        onOpenChange(false);
      },
      // The dialog stays open with what was typed.
      onError: (error) => notifyError(error, FILE_MESSAGES.linkFailed),
    }),
  );
  return (
    <Dialog open={open} onOpenChange={(next) => !addLink.isPending && onOpenChange(next)}>
      <DialogContent className="max-w-[480px]">
        <DialogHeader>
          <DialogTitle>{FILE_MESSAGES.addLink}</DialogTitle>
          <DialogDescription>Share a web address with everyone on this project.</DialogDescription>
        </DialogHeader>
        <form noValidate onSubmit={onSubmit} className="grid gap-4">
          <FormField label={words.linkName} error={errors.name?.message}>
            <Input autoFocus placeholder="e.g., Project Brief" {...form.register('name')} />
          </FormField>
          <FormField label={words.linkUrl} error={errors.url?.message}>
            <Input type="url" placeholder="https://example.com" {...form.register('url')} />
          </FormField>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)} disabled={addLink.isPending}>
              Cancel
            </Button>
            <Button type="submit" disabled={incomplete} loading={addLink.isPending} loadingText="Adding...">
              {FILE_MESSAGES.addLink}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

/** Spec 2 "Shared project page": uploading from a link goes through a small modal. */
function UploadFileDialog({
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
          <DialogTitle>{FILE_MESSAGES.upload}</DialogTitle>
          <DialogDescription>Accepted: {ACCEPTED_EXTENSIONS.join(', ')}.</DialogDescription>
        </DialogHeader>
        <form
          noValidate
          className="grid gap-4"
          onSubmit={(event) => {
            event.preventDefault();
            if (file) onUpload(file, () => setFile(null));
          }}
        >
          <FormField label="File">
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
              Cancel
            </Button>
            <Button type="submit" disabled={!file} loading={uploading} loadingText={FILE_MESSAGES.uploading}>
              <Upload aria-hidden />
              Upload
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

function UploadProgress({ percent }: { percent: number }) {
  return (
    <div role="progressbar" aria-label="Upload progress" aria-valuemin={0} aria-valuemax={100} aria-valuenow={percent} className="h-2 overflow-hidden rounded-full bg-muted">
      <div className="h-full bg-primary transition-all" style={{ width: `${percent}%` }} />
    </div>
  );
}

function FileItem({ file, source, variant, canDelete }: { file: ProjectFile; source: ProjectSource; variant: Variant; canDelete: boolean }) {
  const deleteFile = useDeleteFile(source);
  const Icon = file.isLink ? Link2 : FileText;
  return (
    <li className="flex flex-wrap items-center gap-3 rounded-lg border bg-card p-3" aria-label={file.fileName}>
      <Icon className="size-5 shrink-0 text-muted-foreground" aria-hidden />
      <div className="min-w-48 flex-1">
        <p className="truncate font-medium">{file.fileName}</p>
        <p className="truncate text-xs text-muted-foreground">
          {file.isLink ? file.linkUrl : fileSizeLabel(file.fileSize)} · {formatDate(file.createdAt)}
        </p>
      </div>
      <div className="ml-auto flex items-center gap-1">
        {file.isLink && file.linkUrl ? (
          <Button asChild variant="outline" size="sm">
            <a href={file.linkUrl} target="_blank" rel="noopener noreferrer">
              <ExternalLink aria-hidden />
              {WORDING[variant].open}
            </a>
          </Button>
        ) : (
          <Button asChild variant="outline" size="sm">
            <a href={downloadUrl(source, file)} download={file.fileName}>
              <Download aria-hidden />
              Download
            </a>
          </Button>
        )}
        {canDelete && file.canDelete ? (
          <Button
            variant="ghost"
            size="sm"
            className="text-destructive"
            aria-label={`Delete ${file.fileName}`}
            loading={deleteFile.isPending}
            onClick={() =>
              deleteFile.mutate(file.id, {
                onSuccess: () => notifySuccess(FILE_MESSAGES.deleted),
                onError: (error) => notifyError(FILE_MESSAGES.deleteFailed(error.message)),
              })
            }
          >
            <Trash2 aria-hidden />
          </Button>
        ) : null}
      </div>
    </li>
  );
}

type FilesTabProps = {
  source: ProjectSource;
  /** Upload files and add links (members; signed-in link viewers, spec 6). */
  canContribute?: boolean;
  /** Delete buttons where the server allows them (`file.canDelete`); a link has no delete. */
  canDeleteFiles?: boolean;
  /** The project page's wording and file picker, or the shared page's wording and upload modal. */
  variant?: Variant;
};

export function FilesTab({ source, canContribute = true, canDeleteFiles = true, variant = 'member' }: FilesTabProps) {
  const files = useQuery(fileListQuery(source));
  const [progress, setProgress] = useState(0);
  const upload = useUploadFile(source, setProgress);
  const [linkOpen, setLinkOpen] = useState(false);
  const [uploadOpen, setUploadOpen] = useState(false);
  const input = useRef<HTMLInputElement>(null);

  const startUpload = (file: File, onSuccess?: () => void) => {
    setProgress(0);
    upload.mutate(file, {
      onSuccess: () => {
        notifySuccess(FILE_MESSAGES.uploaded);
        onSuccess?.();
      },
      onError: (error) => notifyError(error, FILE_MESSAGES.uploadFailedTitle),
      onSettled: () => {
        if (input.current) input.current.value = '';
      },
    });
  };

  const onChoose = (file: File | undefined) => {
    if (file) startUpload(file);
  };

  return (
    <Card>
      <CardHeader className="flex flex-row flex-wrap items-center justify-between gap-2">
        <CardTitle>{WORDING[variant].title}</CardTitle>
        {canContribute ? (
          <div className="flex flex-wrap gap-2">
            {variant === 'member' ? (
              <>
                <input ref={input} type="file" accept={ACCEPT} className="sr-only" aria-label="Choose file" tabIndex={-1} onChange={(e) => onChoose(e.target.files?.[0])} />
                <Button onClick={() => input.current?.click()} loading={upload.isPending} loadingText={FILE_MESSAGES.uploading}>
                  <Upload aria-hidden />
                  {FILE_MESSAGES.upload}
                </Button>
              </>
            ) : (
              <Button onClick={() => setUploadOpen(true)}>
                <Upload aria-hidden />
                {FILE_MESSAGES.upload}
              </Button>
            )}
            <Button variant="outline" onClick={() => setLinkOpen(true)}>
              <Link2 aria-hidden />
              {FILE_MESSAGES.addLink}
            </Button>
          </div>
        ) : null}
      </CardHeader>
      <CardContent className="space-y-3">
        {upload.isPending && variant === 'member' ? <UploadProgress percent={progress} /> : null}
        {files.isPending ? (
          <div className="space-y-2">
            <Skeleton className="h-14" />
            <Skeleton className="h-14" />
            <Skeleton className="h-14" />
          </div>
        ) : files.isError ? (
          <div role="alert" className="flex flex-wrap items-center gap-3 text-sm text-destructive">
            <span>{FILE_MESSAGES.loadFailed(files.error.message)}</span>
            <Button size="sm" variant="outline" onClick={() => void files.refetch()}>
              Retry
            </Button>
          </div>
        ) : files.data.length === 0 ? (
          <p className="rounded-lg border border-dashed p-8 text-center text-sm text-muted-foreground">{FILE_MESSAGES.empty}</p>
        ) : (
          <ul className="space-y-2">
            {files.data.map((file) => (
              <FileItem key={file.id} file={file} source={source} variant={variant} canDelete={canDeleteFiles} />
            ))}
          </ul>
        )}
      </CardContent>
      {canContribute ? (
        <>
          <AddLinkDialog source={source} variant={variant} open={linkOpen} onOpenChange={setLinkOpen} />
          {variant === 'shared' ? (
            <UploadFileDialog
              open={uploadOpen}
              onOpenChange={setUploadOpen}
              uploading={upload.isPending}
              progress={progress}
              onUpload={(file, done) =>
                startUpload(file, () => {
                  done();
                  setUploadOpen(false);
                })
              }
            />
          ) : null}
        </>
      ) : null}
    </Card>
  );
}
