import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { Download, ExternalLink, FileText, Link2, Trash2, Upload } from 'lucide-react';
import { useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { ACCEPTED_EXTENSIONS, addLinkSchema, FILE_MESSAGES, fileSizeLabel, type ProjectFile } from '@/domain/files';
import { Button } from '@/web/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/web/components/ui/card';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/web/components/ui/dialog';
import { FormField } from '@/web/components/ui/form-field';
import { Input } from '@/web/components/ui/input';
import { Skeleton } from '@/web/components/ui/skeleton';
import { formatDate } from '@/web/lib/format-date';
import { notifyError, notifySuccess } from '@/web/lib/notify';
import { downloadUrl, fileListQuery, useAddLink, useDeleteFile, useUploadFile } from '../api';

const ACCEPT = ACCEPTED_EXTENSIONS.map((ext) => `.${ext}`).join(',');

function AddLinkDialog({ projectId, open, onOpenChange }: { projectId: string; open: boolean; onOpenChange: (open: boolean) => void }) {
  const addLink = useAddLink(projectId);
  const form = useForm({ resolver: zodResolver(addLinkSchema), defaultValues: { name: '', url: '' } });
  const { errors } = form.formState;
  const onSubmit = form.handleSubmit((values) =>
    addLink.mutate(values, {
      onSuccess: () => {
        notifySuccess(FILE_MESSAGES.linkAdded);
        form.reset();
        onOpenChange(false);
      },
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
          <FormField label="Name" error={errors.name?.message}>
            <Input autoFocus placeholder="e.g., Project Brief" {...form.register('name')} />
          </FormField>
          <FormField label="URL" error={errors.url?.message}>
            <Input type="url" placeholder="https://example.com" {...form.register('url')} />
          </FormField>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)} disabled={addLink.isPending}>
              Cancel
            </Button>
            <Button type="submit" loading={addLink.isPending} loadingText="Adding...">
              {FILE_MESSAGES.addLink}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

function FileItem({ file, projectId }: { file: ProjectFile; projectId: string }) {
  const deleteFile = useDeleteFile(projectId);
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
              Open Link
            </a>
          </Button>
        ) : (
          <Button asChild variant="outline" size="sm">
            <a href={downloadUrl(file)} download={file.fileName}>
              <Download aria-hidden />
              Download
            </a>
          </Button>
        )}
        {file.canDelete ? (
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

export function FilesTab({ projectId }: { projectId: string }) {
  const files = useQuery(fileListQuery(projectId));
  const [progress, setProgress] = useState(0);
  const upload = useUploadFile(projectId, setProgress);
  const [linkOpen, setLinkOpen] = useState(false);
  const input = useRef<HTMLInputElement>(null);

  const onChoose = (file: File | undefined) => {
    if (!file) return;
    setProgress(0);
    upload.mutate(file, {
      onSuccess: () => notifySuccess(FILE_MESSAGES.uploaded),
      onError: (error) => notifyError(error, FILE_MESSAGES.uploadFailedTitle),
      onSettled: () => {
        if (input.current) input.current.value = '';
      },
    });
  };

  return (
    <Card>
      <CardHeader className="flex flex-row flex-wrap items-center justify-between gap-2">
        <CardTitle>Files &amp; Links</CardTitle>
        <div className="flex gap-2">
          <input ref={input} type="file" accept={ACCEPT} className="sr-only" aria-label="Choose file" tabIndex={-1} onChange={(e) => onChoose(e.target.files?.[0])} />
          <Button onClick={() => input.current?.click()} loading={upload.isPending} loadingText={FILE_MESSAGES.uploading}>
            <Upload aria-hidden />
            {FILE_MESSAGES.upload}
          </Button>
          <Button variant="outline" onClick={() => setLinkOpen(true)}>
            <Link2 aria-hidden />
            {FILE_MESSAGES.addLink}
          </Button>
        </div>
      </CardHeader>
      <CardContent className="space-y-3">
        {upload.isPending ? (
          <div role="progressbar" aria-label="Upload progress" aria-valuemin={0} aria-valuemax={100} aria-valuenow={progress} className="h-2 overflow-hidden rounded-full bg-muted">
            <div className="h-full bg-primary transition-all" style={{ width: `${progress}%` }} />
          </div>
        ) : null}
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
              <FileItem key={file.id} file={file} projectId={projectId} />
            ))}
          </ul>
        )}
      </CardContent>
      <AddLinkDialog projectId={projectId} open={linkOpen} onOpenChange={setLinkOpen} />
    </Card>
  );
}
