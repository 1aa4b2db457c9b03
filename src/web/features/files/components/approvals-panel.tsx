// "Awaiting your approval" on the shared page (issue 33), first on a link where viewers may
// approve; downloaded only for such a link. The client previews each file's newest version and
// approves it or requests changes (a comment required), giving their name. No sign-in needed.
// What was decided stays below, with who decided, when and the comment (issue 49 item 7).
import { useQuery } from '@tanstack/react-query';
import { Check, Eye, MessageSquareWarning } from 'lucide-react';
import { Suspense, useEffect, useId, useRef, useState } from 'react';
import { APPROVAL_MESSAGES } from '@/domain/approval-rules';
import { settlingDecision } from '@/domain/approval-states';
import type { ProjectFile } from '@/domain/files';
import { Button } from '@/web/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/web/components/ui/card';
import { FormField } from '@/web/components/ui/form-field';
import { Input } from '@/web/components/ui/input';
import { LoadErrorPanel } from '@/web/components/ui/load-error-panel';
import { Textarea } from '@/web/components/ui/textarea';
import { useFocusFirstInvalid } from '@/web/lib/focus-first-invalid';
import { formatDate, formatDateTime } from '@/web/lib/format-date';
import { lazyComponent, preloadOnIntent, useOpenedOnce } from '@/web/lib/lazy-component';
import { useT } from '@/web/lib/i18n';
import { notifyError, notifySuccess } from '@/web/lib/notify';
import type { ProjectSource } from '@/web/lib/project-source';
import { linkApprovalsQuery, previewKind, useDecideApproval } from '../api';
import { FILE_EXTRAS_TEXTS } from '../extras-texts';
import { FILES_TEXTS } from '../texts';
import { FileThumbnail } from './files-tab';

const FileViewerDialog = lazyComponent(async () => (await import('./file-extras')).FileViewerDialog);

type AwaitingFileProps = {
  source: ProjectSource;
  file: ProjectFile;
  name: string;
  setName: (name: string) => void;
  /** The panel's: a decided file leaves this list, and the callbacks must outlive its item. */
  decide: ReturnType<typeof useDecideApproval>;
  onDecided: (fileId: string) => void;
};

function AwaitingFile({ source, file, name, setName, decide, onDecided }: AwaitingFileProps) {
  const t = useT('files', 'domain-shared');
  const [comment, setComment] = useState('');
  const [errors, setErrors] = useState<{ name?: string; comment?: string }>({});
  const [viewing, setViewing] = useState(false);
  const viewOpened = useOpenedOnce(viewing);
  const headingId = useId();
  // Issue 49 item 11: a refused decision moves the focus to the first field to fix.
  const { ref: fieldsRef, focusFirstInvalidSoon } = useFocusFirstInvalid<HTMLLIElement>();
  const submit = (decision: 'approved' | 'changes_requested') => {
    const found = {
      name: name.trim() ? undefined : t(APPROVAL_MESSAGES.nameRequired),
      comment: decision === 'changes_requested' && !comment.trim() ? t(APPROVAL_MESSAGES.commentRequired) : undefined,
    };
    setErrors(found);
    if (found.name || found.comment) {
      focusFirstInvalidSoon();
      return;
    }
    decide.mutate(
      { fileId: file.id, decision, version: file.version, name: name.trim(), comment: comment.trim() || null },
      {
        onSuccess: () => {
          notifySuccess(t(decision === 'approved' ? FILE_EXTRAS_TEXTS.approved : FILE_EXTRAS_TEXTS.changesSent));
          onDecided(file.id);
        },
        onError: (error) => notifyError(error, t(FILE_EXTRAS_TEXTS.decideFailed)),
      },
    );
  };
  const approval = file.approval;
  const deciding = decide.isPending && decide.variables?.fileId === file.id ? decide.variables.decision : null;
  return (
    <li ref={fieldsRef} className="grid gap-3 rounded-lg border p-4" aria-labelledby={headingId}>
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
        <Button onClick={() => submit('approved')} loading={deciding === 'approved'} disabled={decide.isPending}>
          <Check aria-hidden />
          {t(FILE_EXTRAS_TEXTS.approve)}
        </Button>
        <Button variant="outline" onClick={() => submit('changes_requested')} loading={deciding === 'changes_requested'} disabled={decide.isPending}>
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

/** A file decided on: what was decided, by whom (the name given), when, and the comment. */
function DecidedFile({ file, focused }: { file: ProjectFile; focused: boolean }) {
  const t = useT('files');
  const decision = settlingDecision(file.approval);
  const item = useRef<HTMLLIElement>(null);
  const headingId = useId();
  // The decision just made replaces the buttons that had the focus: the focus follows it.
  useEffect(() => {
    if (focused) item.current?.focus();
  }, [focused]);
  if (!decision) return null;
  const approved = decision.decision === 'approved';
  const Icon = approved ? Check : MessageSquareWarning;
  return (
    <li ref={item} tabIndex={-1} className="grid gap-2 rounded-lg border bg-muted/30 p-4 outline-none focus-visible:ring-2 focus-visible:ring-ring" aria-labelledby={headingId} data-testid="decided-file">
      <h4 id={headingId} className="font-medium break-words">
        {file.fileName} <span className="text-sm font-normal text-muted-foreground">· {t(FILE_EXTRAS_TEXTS.versionTitle, { version: decision.version })}</span>
      </h4>
      <p className={`flex items-start gap-2 text-sm font-medium ${approved ? 'text-emerald-700 dark:text-emerald-400' : 'text-orange-700 dark:text-orange-400'}`}>
        <Icon className="mt-0.5 size-4 shrink-0" aria-hidden />
        {t(approved ? FILE_EXTRAS_TEXTS.decidedApproved : FILE_EXTRAS_TEXTS.decidedChanges, { name: decision.deciderName, date: formatDateTime(decision.createdAt) })}
      </p>
      {decision.comment ? (
        <figure className="grid gap-0.5">
          <figcaption className="text-xs text-muted-foreground">{t(FILE_EXTRAS_TEXTS.comment)}</figcaption>
          <blockquote className="rounded bg-background p-2 text-sm whitespace-pre-wrap break-words">{decision.comment}</blockquote>
        </figure>
      ) : null}
      {approved ? null : <p className="text-xs text-muted-foreground">{t(FILE_EXTRAS_TEXTS.decidedChangesNext)}</p>}
    </li>
  );
}

export function ApprovalsPanel({ source }: { source: ProjectSource }) {
  const t = useT('files');
  const approvals = useQuery(linkApprovalsQuery(source));
  const [name, setName] = useState('');
  const decide = useDecideApproval(source);
  const [justDecided, setJustDecided] = useState<string | null>(null);
  const decidedHeadingId = useId();
  const items = approvals.data?.items ?? [];
  const decided = approvals.data?.decided ?? [];
  return (
    <Card className="border-violet-300">
      <CardHeader>
        <CardTitle level={2}>{t(FILE_EXTRAS_TEXTS.awaitingYourApproval)}</CardTitle>
        <p className="text-sm text-muted-foreground">{t(FILE_EXTRAS_TEXTS.awaitingDescription)}</p>
      </CardHeader>
      <CardContent className="grid gap-4">
        {approvals.isPending ? (
          <p className="text-sm text-muted-foreground">{t(FILE_EXTRAS_TEXTS.loadingPreview)}</p>
        ) : approvals.isError ? (
          <LoadErrorPanel title={t(FILE_EXTRAS_TEXTS.awaitingLoadFailed)} error={approvals.error} onRetry={() => void approvals.refetch()} />
        ) : (
          <>
            {items.length === 0 ? (
              <p className="text-sm text-muted-foreground">{t(FILE_EXTRAS_TEXTS.nothingAwaiting)}</p>
            ) : (
              <ul className="grid gap-3">
                {items.map((file) => (
                  <AwaitingFile key={`${file.id}-${file.version}`} source={source} file={file} name={name} setName={setName} decide={decide} onDecided={setJustDecided} />
                ))}
              </ul>
            )}
            {decided.length > 0 ? (
              <section className="grid gap-2" aria-labelledby={decidedHeadingId}>
                <h3 id={decidedHeadingId} className="text-sm font-semibold">
                  {t(FILE_EXTRAS_TEXTS.decided)}
                </h3>
                <ul className="grid gap-3">
                  {decided.map((file) => (
                    <DecidedFile key={file.id} file={file} focused={file.id === justDecided} />
                  ))}
                </ul>
              </section>
            ) : null}
          </>
        )}
      </CardContent>
    </Card>
  );
}
