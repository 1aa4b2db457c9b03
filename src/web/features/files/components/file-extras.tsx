// Issue 33's dialogs of a file, downloaded when one is first opened (decision 013): the in-page
// viewer (images; PDF through PDF.js, itself loaded only for a PDF), the version history, and
// staff's approval request.
import { useQuery } from '@tanstack/react-query';
import { Download } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { APPROVAL_TEXTS } from '@/domain/approval-rules';
import type { ProjectFile } from '@/domain/files';
import { Button } from '@/web/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/web/components/ui/dialog';
import { Input } from '@/web/components/ui/input';
import { LoadErrorPanel } from '@/web/components/ui/load-error-panel';
import { SchemaField, useSchemaForm } from '@/web/components/ui/schema-form';
import { Textarea } from '@/web/components/ui/textarea';
import { UI_TEXTS } from '@/web/components/ui/texts';
import { useT } from '@/web/lib/i18n';
import { formatDate, formatDateTime } from '@/web/lib/format-date';
import { notifyError, notifySuccess } from '@/web/lib/notify';
import type { ProjectSource } from '@/web/lib/project-source';
import { previewKind, useCancelApproval, useRequestApproval, versionDownloadUrl, versionsQuery } from '../api';
import { FILE_EXTRAS_TEXTS } from '../extras-texts';
import { FILES_TEXTS } from '../texts';

const PdfPages = lazy(async () => ({ default: (await import('./pdf-pages')).PdfPages }));

type DialogProps = { source: ProjectSource; file: ProjectFile; open: boolean; onOpenChange: (open: boolean) => void };

/** The newest version, in the page: an image as an image, a PDF drawn by PDF.js; nothing else is rendered. */
export function FileViewerDialog({ source, file, open, onOpenChange, version = file.version }: DialogProps & { version?: number }) {
  const t = useT('files');
  const kind = previewKind(file.fileType);
  const url = versionDownloadUrl(source, file.id, version);
  const title = t(FILES_TEXTS.previewOf, { name: file.fileName });
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-4xl">
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{t(FILE_EXTRAS_TEXTS.versionTitle, { version })}</DialogDescription>
        </DialogHeader>
        {kind === 'image' ? (
          <img src={url} alt={title} className="mx-auto max-h-[65vh] max-w-full rounded border object-contain" />
        ) : kind === 'pdf' ? (
          <Suspense fallback={<p className="text-sm text-muted-foreground">{t(FILE_EXTRAS_TEXTS.loadingPreview)}</p>}>
            <PdfPages url={url} title={title} />
          </Suspense>
        ) : (
          <p className="text-sm">{t(FILE_EXTRAS_TEXTS.previewFailed)}</p>
        )}
        <DialogFooter>
          <Button asChild variant="outline">
            <a href={url} download={file.fileName}>
              <Download aria-hidden />
              {t(FILES_TEXTS.download)}
            </a>
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

export function VersionsDialog({ source, file, open, onOpenChange }: DialogProps) {
  const t = useT('files', 'domain-shared');
  const versions = useQuery({ ...versionsQuery(source, file.id), enabled: open });
  const decisions = file.approval?.decisions ?? [];
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-[560px]">
        <DialogHeader>
          <DialogTitle>{t(FILE_EXTRAS_TEXTS.versionHistory)}</DialogTitle>
          <DialogDescription>{file.fileName}</DialogDescription>
        </DialogHeader>
        {versions.isPending ? (
          <p className="text-sm text-muted-foreground">{t(UI_TEXTS.loading)}</p>
        ) : versions.isError ? (
          <LoadErrorPanel title={t(FILE_EXTRAS_TEXTS.versionsLoadFailed)} error={versions.error} onRetry={() => void versions.refetch()} />
        ) : (
          <ol className="grid gap-2">
            {versions.data.items.map((v) => (
              <li key={v.id} className="flex flex-wrap items-center gap-2 rounded border p-2 text-sm">
                <span className="font-medium">{t(FILE_EXTRAS_TEXTS.versionTitle, { version: v.version })}</span>
                <span className="min-w-40 flex-1 break-words text-muted-foreground">
                  {v.fileName} · {v.uploaderName ?? t(FILE_EXTRAS_TEXTS.someone)} · {formatDateTime(v.createdAt)}
                </span>
                <Button asChild variant="outline" size="sm">
                  <a href={versionDownloadUrl(source, file.id, v.version)} download={v.fileName} aria-label={t(FILE_EXTRAS_TEXTS.downloadVersion, { version: v.version })}>
                    <Download aria-hidden />
                    {t(FILES_TEXTS.download)}
                  </a>
                </Button>
              </li>
            ))}
          </ol>
        )}
        {decisions.length > 0 ? (
          <section className="grid gap-1">
            <h3 className="text-sm font-semibold">{t(FILE_EXTRAS_TEXTS.decisionHistory)}</h3>
            <ul className="grid gap-1 text-sm">
              {decisions.map((d) => (
                <li key={d.id}>
                  {t(FILE_EXTRAS_TEXTS.decisionLine, {
                    decision: t(APPROVAL_TEXTS.decisions[d.decision]),
                    decider: t(APPROVAL_TEXTS.deciderViaLink, { name: d.deciderName, link: d.linkName || t(APPROVAL_TEXTS.untitledLink) }),
                    version: d.version,
                  })} · {formatDateTime(d.createdAt)}
                  {d.comment ? <q className="ml-1 text-muted-foreground">{d.comment}</q> : null}
                </li>
              ))}
            </ul>
          </section>
        ) : null}
      </DialogContent>
    </Dialog>
  );
}

// The schema (zod) loads with the first check: these dialogs also serve a share link's viewers,
// whose pages download no zod (decision 013).
const loadRequestApprovalSchema = async () => (await import('@/domain/approvals')).requestApprovalFormSchema;

export function RequestApprovalDialog({ source, file, open, onOpenChange }: DialogProps) {
  const t = useT('files');
  const request = useRequestApproval(source, file.id);
  const cancel = useCancelApproval(source, file.id);
  const form = useSchemaForm({ schema: loadRequestApprovalSchema, defaultValues: { message: file.approval?.message ?? '', dueDate: file.approval?.dueDate ?? '' } });
  const submit = form.handleSubmit((input) => {
    request.mutate(input, {
      onSuccess: () => (notifySuccess(t(FILE_EXTRAS_TEXTS.approvalRequested)), onOpenChange(false)),
      onError: (error) => notifyError(error, t(FILE_EXTRAS_TEXTS.approvalFailed)),
    });
  });
  return (
    <Dialog open={open} onOpenChange={(next) => !request.isPending && onOpenChange(next)}>
      <DialogContent className="max-w-[480px]">
        <DialogHeader>
          <DialogTitle>{t(FILE_EXTRAS_TEXTS.requestApproval)}</DialogTitle>
          <DialogDescription>{t(FILE_EXTRAS_TEXTS.requestApprovalDescription)}</DialogDescription>
        </DialogHeader>
        <form noValidate onSubmit={submit} className="grid gap-4">
          <p className="text-sm">
            {file.fileName} · {t(FILE_EXTRAS_TEXTS.versionTitle, { version: file.version })}
            {file.approval?.dueDate ? ` · ${t(FILE_EXTRAS_TEXTS.dueBy, { date: formatDate(file.approval.dueDate) })}` : ''}
          </p>
          <SchemaField form={form} name="message" label={t(FILE_EXTRAS_TEXTS.approvalMessage)}>
            <Textarea rows={3} maxLength={2000} />
          </SchemaField>
          <SchemaField form={form} name="dueDate" label={t(FILE_EXTRAS_TEXTS.approvalDueDate)}>
            <Input type="date" />
          </SchemaField>
          <DialogFooter>
            {file.approval ? (
              <Button
                type="button"
                variant="outline"
                loading={cancel.isPending}
                onClick={() =>
                  cancel.mutate(undefined, {
                    onSuccess: () => (notifySuccess(t(FILE_EXTRAS_TEXTS.approvalCancelled)), onOpenChange(false)),
                    onError: (error) => notifyError(error, t(FILE_EXTRAS_TEXTS.approvalFailed)),
                  })
                }
              >
                {t(FILE_EXTRAS_TEXTS.cancelApproval)}
              </Button>
            ) : null}
            <Button type="submit" loading={request.isPending} loadingText={t(FILE_EXTRAS_TEXTS.sending)}>
              {t(FILE_EXTRAS_TEXTS.requestApproval)}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
