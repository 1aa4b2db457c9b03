// A task's comments in its panel (issue 29): oldest at the top, newest at the bottom, above the
// box a new one is written in; 'Show older comments' loads the page before. Each shows its
// author (and the link it came through), when, 'Edited', and its Markdown; its author edits it in
// place, its author (or staff who outrank them: `canDelete`) deletes it after a confirmation.
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { Pencil, Trash2 } from 'lucide-react';
import { Suspense, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { COMMENT_MESSAGES } from '@/domain/comment-rules';
import type { Comment } from '@/domain/comments';
import { plainMarkdown } from '@/domain/markdown-text';
import { authorInitials } from '@/domain/note-rules';
import { Badge } from '@/web/components/ui/badge';
import { Button } from '@/web/components/ui/button';
import { LoadErrorPanel } from '@/web/components/ui/load-error-panel';
import { Skeleton } from '@/web/components/ui/skeleton';
import { UI_TEXTS } from '@/web/components/ui/texts';
import { useT } from '@/web/lib/i18n';
import { formatDateTime } from '@/web/lib/format-date';
import { lazyComponent, preloadOnIntent, useOpenedOnce } from '@/web/lib/lazy-component';
import { notifySuccess } from '@/web/lib/notify';
import type { ProjectSource } from '@/web/lib/project-source';
import { commentListQuery, commentsOldestFirst, mentionableQuery, useAddComment, useDeleteComment, useEditComment } from '../api';
import { COMMENT_TEXTS } from '../texts';
import { CommentForm, type MentionPeople } from './comment-form';

const CommentMarkdown = lazyComponent(async () => (await import('./comment-markdown')).CommentMarkdown);
const ConfirmDeleteDialog = lazyComponent(async () => (await import('@/web/components/ui/confirm-delete-dialog')).ConfirmDeleteDialog);

/** How long a comment opened from a link (#comment-<id>) stays highlighted. */
const HIGHLIGHT_MS = 2500;

/** What was typed into a task's box survives closing the panel, until sent (for this visit). */
const drafts = new Map<string, string>();

type TaskCommentsProps = {
  source: ProjectSource;
  taskId: string;
  /** May write (and edit or delete their own): members, and a link's contributors. */
  canComment: boolean;
  /** The project page: its people can be mentioned. None through a link (the server refuses it). */
  canMention: boolean;
  /** A comment to show (#comment-<id>, an inbox notification): loaded, scrolled to, focused, highlighted. */
  targetCommentId?: string | null;
  /** Shown instead of the box to someone who may not comment. */
  readOnlyHint?: ReactNode;
};

export function TaskComments({ source, taskId, canComment, canMention, targetCommentId = null, readOnlyHint }: TaskCommentsProps) {
  const t = useT('comments', 'domain-shared');
  const list = useInfiniteQuery(commentListQuery(source, taskId));
  const comments = useMemo(() => commentsOldestFirst(list.data?.pages), [list.data]);
  const total = list.data?.pages[0]?.total;
  const headingRef = useRef<HTMLHeadingElement>(null);
  const people = useQuery({ ...mentionableQuery(source), enabled: canComment && canMention });
  const mentionable = canMention ? people.data : null;

  // The comment asked for: older pages load until it is there (or there are no more).
  const { hasNextPage, isFetchingNextPage, isError, fetchNextPage } = list;
  const found = targetCommentId !== null && comments.some((comment) => comment.id === targetCommentId);
  useEffect(() => {
    if (targetCommentId && !found && hasNextPage && !isFetchingNextPage && !isError) void fetchNextPage();
  }, [targetCommentId, found, hasNextPage, isFetchingNextPage, isError, fetchNextPage]);
  const shown = useRef<string | null>(null);
  useEffect(() => {
    if (!found || !targetCommentId || shown.current === targetCommentId) return;
    shown.current = targetCommentId;
    const element = document.getElementById(`comment-${targetCommentId}`);
    if (!element) return;
    element.scrollIntoView?.({ block: 'center' });
    element.focus({ preventScroll: true });
    element.setAttribute('data-highlighted', '');
    const timer = window.setTimeout(() => element.removeAttribute('data-highlighted'), HIGHLIGHT_MS);
    return () => {
      window.clearTimeout(timer);
      element.removeAttribute('data-highlighted');
    };
  }, [found, targetCommentId]);

  return (
    <section aria-labelledby={`comments-${taskId}`} className="grid gap-3">
      <h3 id={`comments-${taskId}`} ref={headingRef} tabIndex={-1} className="text-sm font-semibold outline-none">
        {/* Issue 49 item 3: no count until it is read; a failed load is not "(0)". */}
        {total === undefined ? t(COMMENT_TEXTS.list) : t(COMMENT_MESSAGES.title, { count: total })}
      </h3>
      {list.isPending ? (
        <div className="grid gap-2" role="status" aria-label={t(COMMENT_TEXTS.loading)}>
          <Skeleton className="h-16" />
          <Skeleton className="h-16" />
        </div>
      ) : list.isError ? (
        <LoadErrorPanel title={t(COMMENT_MESSAGES.loadFailed)} error={list.error} onRetry={() => void list.refetch()} />
      ) : comments.length === 0 ? (
        <p className="rounded-lg border border-dashed p-4 text-center text-sm text-muted-foreground">{t(COMMENT_MESSAGES.empty)}</p>
      ) : (
        <>
          {list.hasNextPage ? (
            <Button variant="ghost" size="sm" className="justify-self-center" loading={list.isFetchingNextPage} loadingText={t(COMMENT_TEXTS.loadingOlder)} onClick={() => void list.fetchNextPage()}>
              {t(COMMENT_MESSAGES.loadOlder)}
            </Button>
          ) : null}
          <ol aria-label={t(COMMENT_TEXTS.list)} className="grid gap-2">
            {comments.map((comment) => (
              <CommentItem
                key={comment.id}
                comment={comment}
                source={source}
                taskId={taskId}
                canComment={canComment}
                people={mentionable}
                onDeleted={() => headingRef.current?.focus()}
              />
            ))}
          </ol>
        </>
      )}
      {canComment ? <NewComment source={source} taskId={taskId} people={mentionable} /> : readOnlyHint}
    </section>
  );
}

function NewComment({ source, taskId, people }: { source: ProjectSource; taskId: string; people: MentionPeople }) {
  const t = useT('comments', 'domain-shared');
  const draftKey = `${source.queryKey.join('/')}/${taskId}`;
  const add = useAddComment(source, taskId);
  const keep = (value: string) => {
    if (value) drafts.set(draftKey, value);
    else drafts.delete(draftKey);
  };
  return (
    <CommentForm
      label={t(COMMENT_TEXTS.composerLabel)}
      defaultValue={drafts.get(draftKey) ?? ''}
      onChange={keep}
      people={people}
      placeholder={t(COMMENT_MESSAGES.placeholder)}
      submitLabel={t(COMMENT_MESSAGES.add)}
      pendingLabel={t(COMMENT_TEXTS.posting)}
      pending={add.isPending}
      onSubmit={async (body) => {
        await add.mutateAsync(body);
        keep('');
        notifySuccess(t(COMMENT_MESSAGES.added));
      }}
    />
  );
}

type CommentItemProps = {
  comment: Comment;
  source: ProjectSource;
  taskId: string;
  canComment: boolean;
  people: MentionPeople;
  onDeleted: () => void;
};

function CommentItem({ comment, source, taskId, canComment, people, onDeleted }: CommentItemProps) {
  const t = useT('comments', 'domain-shared');
  const edit = useEditComment(source, taskId);
  const remove = useDeleteComment(source, taskId);
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const confirmOpened = useOpenedOnce(confirming);
  const editButton = useRef<HTMLButtonElement>(null);
  // Once the comment is back from its form, its Edit button takes the focus the form had.
  const refocus = useRef(false);
  useEffect(() => {
    if (editing || !refocus.current) return;
    refocus.current = false;
    editButton.current?.focus();
  }, [editing]);
  const author = comment.authorName || t(COMMENT_TEXTS.unknownAuthor);
  const canEdit = canComment && comment.isOwn;
  const canDelete = canComment && comment.canDelete;

  const stopEditing = () => {
    refocus.current = true;
    setEditing(false);
  };

  return (
    <li
      id={`comment-${comment.id}`}
      tabIndex={-1}
      aria-label={t(COMMENT_TEXTS.commentBy, { author })}
      className="flex scroll-mt-4 gap-3 rounded-lg border bg-card p-3 transition-colors outline-none focus-visible:ring-2 focus-visible:ring-ring data-[highlighted]:border-primary/50 data-[highlighted]:ring-3 data-[highlighted]:ring-primary/30"
    >
      <span aria-hidden className="grid size-8 shrink-0 place-items-center rounded-full bg-accent text-xs font-semibold text-accent-foreground">
        {authorInitials(comment.authorName)}
      </span>
      <div className="grid min-w-0 flex-1 gap-1.5">
        <div className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm">
          <span className="font-medium">{author}</span>
          {comment.viaLink ? <span className="text-xs text-muted-foreground">{t(COMMENT_MESSAGES.viaLink, { linkName: comment.viaLink })}</span> : null}
          <time dateTime={comment.createdAt} className="text-xs text-muted-foreground">
            {formatDateTime(comment.createdAt)}
          </time>
          {comment.editedAt ? (
            <Badge variant="secondary" title={formatDateTime(comment.editedAt)}>
              {t(COMMENT_MESSAGES.edited)}
            </Badge>
          ) : null}
          {!editing && (canEdit || canDelete) ? (
            <span className="ml-auto flex gap-1">
              {canEdit ? (
                <Button
                  ref={editButton}
                  variant="ghost"
                  size="sm"
                  onClick={() => setEditing(true)}
                >
                  <Pencil aria-hidden />
                  {t(COMMENT_TEXTS.edit)}
                </Button>
              ) : null}
              {canDelete ? (
                <Button variant="ghost" size="sm" className="text-destructive" onClick={() => setConfirming(true)} {...preloadOnIntent(ConfirmDeleteDialog)}>
                  <Trash2 aria-hidden />
                  {t(UI_TEXTS.delete)}
                </Button>
              ) : null}
            </span>
          ) : null}
        </div>
        {editing ? (
          <CommentForm
            label={t(COMMENT_TEXTS.editLabel)}
            defaultValue={comment.body}
            people={people}
            submitLabel={t(COMMENT_TEXTS.save)}
            pendingLabel={t(COMMENT_TEXTS.saving)}
            pending={edit.isPending}
            autoFocus
            onCancel={stopEditing}
            onSubmit={async (body) => {
              await edit.mutateAsync({ commentId: comment.id, body });
              notifySuccess(t(COMMENT_MESSAGES.updated));
              stopEditing();
            }}
          />
        ) : (
          // Until the Markdown renderer has loaded (a comment arriving live on a tab that showed
          // none yet), its words without the Markdown's syntax, mentions as names (issue 49 item 20).
          <Suspense fallback={<p className="text-sm break-words whitespace-pre-wrap">{plainMarkdown(comment.body)}</p>}>
            <CommentMarkdown body={comment.body} />
          </Suspense>
        )}
      </div>
      {confirmOpened ? (
        <Suspense fallback={null}>
          <ConfirmDeleteDialog
            open={confirming}
            onOpenChange={setConfirming}
            title={t(COMMENT_MESSAGES.deleteTitle)}
            question={t(COMMENT_MESSAGES.deleteConfirm)}
            onConfirm={() =>
              remove.mutate(comment.id, {
                onSuccess: () => {
                  notifySuccess(t(COMMENT_MESSAGES.deleted));
                  onDeleted();
                },
              })
            }
          />
        </Suspense>
      ) : null}
    </li>
  );
}
