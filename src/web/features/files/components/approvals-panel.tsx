// "Awaiting your approval" on the shared page (issue 33), first on a link where viewers may
// approve; downloaded only for such a link. The client previews each file's newest version and
// approves it or requests changes (a comment required), giving their name. No sign-in needed.
import { useQuery } from '@tanstack/react-query';
import { Check, Eye, MessageSquareWarning } from 'lucide-react';
import { Suspense, useId, useState } from 'react';
import { APPROVAL_MESSAGES } from '@/domain/approval-rules';
import type { ProjectFile } from '@/domain/files';
import { Button } from '@/web/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/web/components/ui/card';
import { FormField } from '@/web/components/ui/form-field';
import { Input } from '@/web/components/ui/input';
import { LoadErrorPanel } from '@/web/components/ui/load-error-panel';
import { Textarea } from '@/web/components/ui/textarea';
import { formatDate } from '@/web/lib/format-date';
import { lazyComponent, preloadOnIntent, useOpenedOnce } from '@/web/lib/lazy-component';
import { useT } from '@/web/lib/i18n';
import { notifyError, notifySuccess } from '@/web/lib/notify';
import type { ProjectSource } from '@/web/lib/project-source';
import { awaitingApprovalQuery, previewKind, useDecideApproval } from '../api';
import { FILE_EXTRAS_TEXTS } from '../extras-texts';
import { FILES_TEXTS } from '../texts';
import { FileThumbnail } from './files-tab';

const FileViewerDialog = lazyComponent(async () => (await import('./file-extras')).FileViewerDialog);

function AwaitingFile({ source, file, name, setName }: { source: ProjectSource; file: ProjectFile; name: string; setName: (name: string) => void }) {
  const t = useT('files', 'domain-shared');
  const decide = useDecideApproval(source, file.id);
  const [comment, setComment] = useState('');
  const [errors, setErrors] = useState<{ name?: string; comment?: string }>({});
  const [viewing, setViewing] = useState(false);
  const viewOpened = useOpenedOnce(viewing);
  const headingId = useId();
  const submit = (decision: 'approved' | 'changes_requested') => {
    const found = {
      name: name.trim() ? undefined : t(APPROVAL_MESSAGES.nameRequired),
      comment: decision === 'changes_requested' && !comment.trim() ? t(APPROVAL_MESSAGES.commentRequired) : undefined,
    };
    setErrors(found);
    if (found.name || found.comment) return;
    decide.mutate(
      { decision, version: file.version, name: name.trim(), comment: comment.trim() || null },
      {
        onSuccess: () => notifySuccess(t(decision === 'approved' ? FILE_EXTRAS_TEXTS.approved : FILE_EXTRAS_TEXTS.changesSent)),
        onError: (error) => notifyError(error, t(FILE_EXTRAS_TEXTS.decideFailed)),
      },
    );
  };
  const approval = file.approval;
  return (
    <li className="grid gap-3 rounded-lg border p-4" aria-labelledby={headingId}>
      <div className="flex flex-wrap items-center gap-3">
        <FileThumbnail file={file} source={source} onOpen={previewKind(file.fileType) ? () => setViewing(true) : undefined} />
        <div className="min-w-40 flex-1">
          <h3 id={headingId} className="font-medium break-words">
            {file.fileName} <span className="text-sm font-normal text-muted-foreground">· {t(FILE_EXTRAS_TEXTS.versionTitle, { version: file.version })}</span>
          </h3>
          {approval?.dueDate ? <p className="text-xs text-muted-foreground">{t(FILE_EXTRAS_TEXTS.dueBy, { date: formatDate(approval.dueDate) })}</p> : null}
        </div>
        {previewKind(file.fileType) ? (
          <Button variant="outline" size="sm" onClick={() => setViewing(true)} {...preloadOnIntent(FileViewerDialog)}>
            <Eye aria-hidden />
            {t(FILES_TEXTS.preview)}
          </Button>
        ) : null}
      </div>
      {approval?.message ? <p className="rounded bg-muted p-2 text-sm whitespace-pre-wrap">{approval.message}</p> : null}
      <div className="grid gap-3 sm:grid-cols-2">
        <FormField label={t(FILE_EXTRAS_TEXTS.yourName)} error={errors.name}>
          <Input value={name} maxLength={120} autoComplete="name" onChange={(e) => setName(e.target.value)} />
        </FormField>
        <FormField label={t(FILE_EXTRAS_TEXTS.comment)} hint={t(FILE_EXTRAS_TEXTS.commentHint)} error={errors.comment} className="sm:col-span-2">
          <Textarea value={comment} rows={3} maxLength={5000} onChange={(e) => setComment(e.target.value)} />
        </FormField>
      </div>
      <div className="flex flex-wrap gap-2">
        <Button onClick={() => submit('approved')} loading={decide.isPending && decide.variables?.decision === 'approved'} disabled={decide.isPending}>
          <Check aria-hidden />
          {t(FILE_EXTRAS_TEXTS.approve)}
        </Button>
        <Button variant="outline" onClick={() => submit('changes_requested')} loading={decide.isPending && decide.variables?.decision === 'changes_requested'} disabled={decide.isPending}>
          <MessageSquareWarning aria-hidden />
          {t(FILE_EXTRAS_TEXTS.requestChanges)}
        </Button>
      </div>
      {viewOpened ? (
        <Suspense fallback={null}>
          <FileViewerDialog source={source} file={file} open={viewing} onOpenChange={setViewing} />
        </Suspense>
      ) : null}
    </li>
  );
}

export function ApprovalsPanel({ source }: { source: ProjectSource }) {
  const t = useT('files');
  const awaiting = useQuery(awaitingApprovalQuery(source));
  const [name, setName] = useState('');
  const items = awaiting.data?.items ?? [];
  return (
    <Card className="border-violet-300">
      <CardHeader>
        <CardTitle level={2}>{t(FILE_EXTRAS_TEXTS.awaitingYourApproval)}</CardTitle>
        <p className="text-sm text-muted-foreground">{t(FILE_EXTRAS_TEXTS.awaitingDescription)}</p>
      </CardHeader>
      <CardContent>
        {awaiting.isPending ? (
          <p className="text-sm text-muted-foreground">{t(FILE_EXTRAS_TEXTS.loadingPreview)}</p>
        ) : awaiting.isError ? (
          <LoadErrorPanel title={t(FILE_EXTRAS_TEXTS.awaitingLoadFailed)} error={awaiting.error} onRetry={() => void awaiting.refetch()} />
        ) : items.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t(FILE_EXTRAS_TEXTS.nothingAwaiting)}</p>
        ) : (
          <ul className="grid gap-3">
            {items.map((file) => (
              <AwaitingFile key={`${file.id}-${file.version}`} source={source} file={file} name={name} setName={setName} />
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
