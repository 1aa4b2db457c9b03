import { useInfiniteQuery } from '@tanstack/react-query';
import { Download, Eye, ExternalLink, FileText, Link2, Trash2, Upload } from 'lucide-react';
import { APPROVAL_TEXTS, settlingDecision } from '@/domain/approval-states';
import { Suspense, useMemo, useRef, useState } from 'react';
import { FILE_MESSAGES, fileSizeLabel } from '@/domain/file-rules';
import type { ProjectFile } from '@/domain/files';
import { Button } from '@/web/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/web/components/ui/card';
import { LoadMore } from '@/web/components/ui/load-more';
import { Skeleton } from '@/web/components/ui/skeleton';
import { UI_TEXTS } from '@/web/components/ui/texts';
import { useT } from '@/web/lib/i18n';
import { formatDate, formatDateTime } from '@/web/lib/format-date';
import { lazyComponent, preloadOnIntent, useOpenedOnce } from '@/web/lib/lazy-component';
import { notifyError, notifySuccess } from '@/web/lib/notify';
import type { ProjectSource } from '@/web/lib/project-source';
import { downloadUrl, fileListQuery, previewKind, thumbnailUrl, useDeleteFile, useUploadFile } from '../api';
import { FILES_TEXTS } from '../texts';
import { ACCEPT, UploadProgress, type Variant } from './file-parts';

const AddLinkDialog = lazyComponent(async () => (await import('./file-dialogs')).AddLinkDialog);
const UploadFileDialog = lazyComponent(async () => (await import('./file-dialogs')).UploadFileDialog);

// The project page's file menu (Upload new version, Version history, approval): never on a share link.
const FileMenu = lazyComponent(async () => (await import('./file-menu')).FileMenu);
const FileViewerDialog = lazyComponent(async () => (await import('./file-extras')).FileViewerDialog);

const ConfirmDeleteDialog = lazyComponent(async () => (await import('@/web/components/ui/confirm-delete-dialog')).ConfirmDeleteDialog);

const PILL = 'rounded-full border px-2 text-xs';

/** Issue 33: the approval's state as a badge: awaiting, approved, changes requested. */
export function ApprovalBadge({ file }: { file: ProjectFile }) {
  const t = useT('domain-shared');
  if (!file.approval) return null;
  // A plain pill (not ui/badge): the share link's first download stays within its budget.
  return <span className={`${PILL} ${file.approval.state === 'changes_requested' ? 'bg-orange-50' : ''}`}>{t(APPROVAL_TEXTS.states[file.approval.state])}</span>;
}

/**
 * Issue 49 item 7: on staff's row, the client's decision that settled the request, with the link
 * beside the name they typed (issue 46 4a), when, and their comment. The list is refreshed by the
 * project's live updates, so it appears while the page is open.
 */
function ClientDecision({ file }: { file: ProjectFile }) {
  const t = useT('files', 'domain-shared');
  const decision = settlingDecision(file.approval);
  if (!decision) return null;
  return (
    <div className="mt-1 grid gap-0.5 text-xs" data-testid="client-decision">
      <p className="text-muted-foreground">
        {t(FILES_TEXTS.clientDecision, {
          decision: t(APPROVAL_TEXTS.decisions[decision.decision]),
          decider: t(APPROVAL_TEXTS.deciderViaLink, { name: decision.deciderName, link: decision.linkName || t(APPROVAL_TEXTS.untitledLink) }),
          date: formatDateTime(decision.createdAt),
        })}
      </p>
      {decision.comment ? <blockquote className="border-l-2 pl-2 whitespace-pre-wrap break-words">{decision.comment}</blockquote> : null}
    </div>
  );
}

/** The thumbnail the server made (a button that opens the viewer), or the file's icon. */
export function FileThumbnail({ file, source, onOpen }: { file: ProjectFile; source: ProjectSource; onOpen?: () => void }) {
  const t = useT('files', 'domain-shared');
  const Icon = file.isLink ? Link2 : FileText;
  if (!file.hasThumbnail) return <Icon className="size-5 shrink-0 text-muted-foreground" aria-hidden />;
  const image = <img src={thumbnailUrl(source, file)} alt={t(FILES_TEXTS.thumbnailOf, { name: file.fileName })} className="size-12 rounded border object-cover" />;
  return onOpen ? (
    <button type="button" className="shrink-0 rounded focus-visible:outline-2 focus-visible:outline-ring" onClick={onOpen} aria-label={t(FILES_TEXTS.previewOf, { name: file.fileName })}>
      {image}
    </button>
  ) : (
    image
  );
}

function FileItem({ file, source, variant, canDelete, canRequestApproval }: { file: ProjectFile; source: ProjectSource; variant: Variant; canDelete: boolean; canRequestApproval: boolean }) {
  const t = useT('files', 'domain-shared');
  const deleteFile = useDeleteFile(source);
  const [confirming, setConfirming] = useState(false);
  const confirmOpened = useOpenedOnce(confirming);
  const [viewing, setViewing] = useState(false);
  const viewOpened = useOpenedOnce(viewing);
  const remove = () =>
    deleteFile.mutate(file.id, {
      onSuccess: () => notifySuccess(t(FILE_MESSAGES.deleted)),
      onError: (error) => notifyError(t(FILE_MESSAGES.deleteFailed, { message: error.message })),
    });
  const previewable = !file.isLink && previewKind(file.fileType) !== null;
  // The file's menu: on the project page, for an uploaded file.
  const hasMenu = variant === 'member' && !file.isLink && (file.canDelete || canRequestApproval);
  return (
    <li className="flex flex-wrap items-center gap-3 rounded-lg border bg-card p-3" aria-label={file.fileName}>
      <FileThumbnail file={file} source={source} onOpen={previewable ? () => setViewing(true) : undefined} />
      <div className="min-w-48 flex-1">
        <p className="flex flex-wrap items-center gap-2 font-medium">
          <span className="truncate">{file.fileName}</span>
          {!file.isLink && file.version > 1 ? <span className={PILL}>{t(FILES_TEXTS.versionLabel, { version: file.version })}</span> : null}
          <ApprovalBadge file={file} />
        </p>
        <p className="truncate text-xs text-muted-foreground">
          {file.isLink ? file.linkUrl : fileSizeLabel(file.fileSize)} · {formatDate(file.createdAt)}
        </p>
        {variant === 'member' ? <ClientDecision file={file} /> : null}
      </div>
      <div className="ml-auto flex items-center gap-1">
        {previewable ? (
          <Button variant="outline" size="sm" onClick={() => setViewing(true)} {...preloadOnIntent(FileViewerDialog)}>
            <Eye aria-hidden />
            {t(FILES_TEXTS.preview)}
          </Button>
        ) : null}
        {file.isLink && file.linkUrl ? (
          <Button asChild variant="outline" size="sm">
            <a href={file.linkUrl} target="_blank" rel="noopener noreferrer">
              <ExternalLink aria-hidden />
              {t(FILES_TEXTS.wording[variant].open)}
            </a>
          </Button>
        ) : (
          <Button asChild variant="outline" size="sm">
            <a href={downloadUrl(source, file)} download={file.fileName}>
              <Download aria-hidden />
              {t(FILES_TEXTS.download)}
            </a>
          </Button>
        )}
        {hasMenu ? (
          <Suspense fallback={null}>
            <FileMenu file={file} source={source} canRequestApproval={canRequestApproval} />
          </Suspense>
        ) : null}
        {canDelete && file.canDelete ? (
          <Button
            variant="ghost"
            size="sm"
            className="text-destructive"
            aria-label={t(FILES_TEXTS.deleteItem, { name: file.fileName })}
            loading={deleteFile.isPending}
            onClick={() => setConfirming(true)}
            {...preloadOnIntent(ConfirmDeleteDialog)}
          >
            <Trash2 aria-hidden />
          </Button>
        ) : null}
        <Suspense fallback={null}>
          {confirmOpened ? (
            <ConfirmDeleteDialog
              open={confirming}
              onOpenChange={setConfirming}
              onConfirm={remove}
              title={file.isLink ? t(FILE_MESSAGES.deleteLinkTitle) : t(FILE_MESSAGES.deleteFileTitle)}
              question={t(FILE_MESSAGES.deleteConfirm, { name: file.fileName })}
            />
          ) : null}
          {viewOpened ? <FileViewerDialog source={source} file={file} open={viewing} onOpenChange={setViewing} /> : null}
        </Suspense>
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
  /** Issue 33: staff ask for the client's approval of a file (project page). */
  canRequestApproval?: boolean;
};

export function FilesTab({ source, canContribute = true, canDeleteFiles = true, variant = 'member', canRequestApproval = false }: FilesTabProps) {
  const t = useT('files', 'domain-shared');
  const files = useInfiniteQuery(fileListQuery(source));
  const loaded = useMemo(() => files.data?.pages.flatMap((page) => page.items) ?? [], [files.data]);
  const [progress, setProgress] = useState(0);
  const upload = useUploadFile(source, setProgress);
  const [linkOpen, setLinkOpen] = useState(false);
  const [uploadOpen, setUploadOpen] = useState(false);
  const linkOpened = useOpenedOnce(linkOpen);
  const uploadOpened = useOpenedOnce(uploadOpen);
  const input = useRef<HTMLInputElement>(null);
  const list = useRef<HTMLUListElement>(null);

  const startUpload = (file: File, onSuccess?: () => void) => {
    setProgress(0);
    upload.mutate(file, {
      onSuccess: () => {
        notifySuccess(t(FILE_MESSAGES.uploaded));
        onSuccess?.();
      },
      onError: (error) => notifyError(error, t(FILE_MESSAGES.uploadFailedTitle)),
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
        <CardTitle>{t(FILES_TEXTS.wording[variant].title)}</CardTitle>
        {canContribute ? (
          <div className="flex flex-wrap gap-2">
            {variant === 'member' ? (
              <>
                <input ref={input} type="file" accept={ACCEPT} className="sr-only" aria-label={t(FILES_TEXTS.chooseFile)} tabIndex={-1} onChange={(e) => onChoose(e.target.files?.[0])} />
                <Button onClick={() => input.current?.click()} loading={upload.isPending} loadingText={t(FILE_MESSAGES.uploading)}>
                  <Upload aria-hidden />
                  {t(FILE_MESSAGES.upload)}
                </Button>
              </>
            ) : (
              <Button onClick={() => setUploadOpen(true)} {...preloadOnIntent(UploadFileDialog)}>
                <Upload aria-hidden />
                {t(FILE_MESSAGES.upload)}
              </Button>
            )}
            <Button variant="outline" onClick={() => setLinkOpen(true)} {...preloadOnIntent(AddLinkDialog)}>
              <Link2 aria-hidden />
              {t(FILE_MESSAGES.addLink)}
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
            <span>{t(FILE_MESSAGES.loadFailed, { message: files.error.message })}</span>
            <Button size="sm" variant="outline" onClick={() => void files.refetch()}>
              {t(UI_TEXTS.retry)}
            </Button>
          </div>
        ) : loaded.length === 0 ? (
          <p className="rounded-lg border border-dashed p-8 text-center text-sm text-muted-foreground">{t(FILE_MESSAGES.empty)}</p>
        ) : (
          <>
            <ul ref={list} className="space-y-2">
              {loaded.map((file) => (
                <FileItem key={file.id} file={file} source={source} variant={variant} canDelete={canDeleteFiles} canRequestApproval={canRequestApproval} />
              ))}
            </ul>
            <LoadMore list={files} items={list} label={t(FILES_TEXTS.loadMoreFiles)} />
          </>
        )}
      </CardContent>
      {canContribute ? (
        <Suspense fallback={null}>
          {linkOpened ? <AddLinkDialog source={source} variant={variant} open={linkOpen} onOpenChange={setLinkOpen} /> : null}
          {variant === 'shared' && uploadOpened ? (
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
        </Suspense>
      ) : null}
    </Card>
  );
}
