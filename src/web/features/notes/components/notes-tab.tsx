import { useInfiniteQuery } from '@tanstack/react-query';
import { Pencil, Trash2 } from 'lucide-react';
import { Suspense, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { authorInitials, isEdited, NOTE_MESSAGES } from '@/domain/note-rules';
import type { Note } from '@/domain/notes';
import { Badge } from '@/web/components/ui/badge';
import { Button } from '@/web/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/web/components/ui/card';
import { LoadErrorPanel } from '@/web/components/ui/load-error-panel';
import { LoadMore } from '@/web/components/ui/load-more';
import { Skeleton } from '@/web/components/ui/skeleton';
import { Textarea } from '@/web/components/ui/textarea';
import { UI_TEXTS } from '@/web/components/ui/texts';
import { useT } from '@/web/lib/i18n';
import { cn } from '@/web/lib/class-names';
import { formatDate } from '@/web/lib/format-date';
import { lazyComponent, preloadOnIntent, useOpenedOnce } from '@/web/lib/lazy-component';
import { notifySuccess } from '@/web/lib/notify';
import type { ProjectSource } from '@/web/lib/project-source';
import { noteListQuery, useAddNote, useDeleteNote, useEditNote } from '../api';
import { NOTES_TEXTS } from '../texts';

const ConfirmDeleteDialog = lazyComponent(async () => (await import('@/web/components/ui/confirm-delete-dialog')).ConfirmDeleteDialog);

/** `focused`: the note a search result opened (issue 34, `?note=<id>`): scrolled to, outlined and focused. */
function NoteItem({ note, source, canChange, focused = false }: { note: Note; source: ProjectSource; canChange: boolean; focused?: boolean }) {
  const t = useT('notes', 'domain-shared');
  const item = useRef<HTMLLIElement>(null);
  useEffect(() => {
    if (!focused) return;
    item.current?.scrollIntoView({ block: 'center' });
    item.current?.focus({ preventScroll: true });
  }, [focused]);
  const editNote = useEditNote(source);
  const deleteNote = useDeleteNote(source);
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState(note.content);
  const [confirming, setConfirming] = useState(false);
  const confirmOpened = useOpenedOnce(confirming);
  const author = note.authorName ?? note.authorEmail ?? t(NOTES_TEXTS.unknownAuthor);

  const save = () =>
    editNote.mutate(
      { noteId: note.id, content: draft.trim() },
      {
        onSuccess: () => {
          notifySuccess(t(NOTE_MESSAGES.updated));
          setEditing(false);
        },
      },
    );
  const remove = () =>
    deleteNote.mutate(note.id, {
      onSuccess: () => notifySuccess(t(NOTE_MESSAGES.deleted)),
    });

  return (
    <li
      ref={item}
      tabIndex={focused ? -1 : undefined}
      className={cn('flex gap-3 rounded-lg border bg-card p-4 outline-none', focused && 'ring-2 ring-primary')}
      aria-label={t(NOTES_TEXTS.noteBy, { author })}
    >
      <span aria-hidden className="grid size-9 shrink-0 place-items-center rounded-full bg-accent text-sm font-semibold text-accent-foreground">
        {authorInitials(note.authorName)}
      </span>
      <div className="min-w-0 flex-1 space-y-2">
        <div className="flex flex-wrap items-center gap-2 text-sm">
          <span className="font-medium">{author}</span>
          <span className="text-muted-foreground">{formatDate(note.createdAt)}</span>
          {isEdited(note) ? <Badge variant="secondary">{t(NOTE_MESSAGES.edited)}</Badge> : null}
          {note.isOwn && canChange && !editing ? (
            <span className="ml-auto flex gap-1">
              <Button
                variant="ghost"
                size="sm"
                onClick={() => {
                  setDraft(note.content);
                  setEditing(true);
                }}
              >
                <Pencil aria-hidden />
                {t(NOTES_TEXTS.edit)}
              </Button>
              <Button
                variant="ghost"
                size="sm"
                className="text-destructive"
                onClick={() => setConfirming(true)}
                {...preloadOnIntent(ConfirmDeleteDialog)}
              >
                <Trash2 aria-hidden />
                {t(UI_TEXTS.delete)}
              </Button>
              {confirmOpened ? (
                <Suspense fallback={null}>
                  <ConfirmDeleteDialog
                    open={confirming}
                    onOpenChange={setConfirming}
                    onConfirm={remove}
                    title={t(NOTE_MESSAGES.deleteTitle)}
                    question={t(NOTE_MESSAGES.deleteConfirm)}
                  />
                </Suspense>
              ) : null}
            </span>
          ) : null}
        </div>
        {editing ? (
          <div className="space-y-2">
            <Textarea aria-label={t(NOTES_TEXTS.editLabel)} rows={3} value={draft} onChange={(e) => setDraft(e.target.value)} />
            <div className="flex gap-2">
              <Button size="sm" onClick={save} disabled={draft.trim() === ''} loading={editNote.isPending} loadingText={t(NOTES_TEXTS.saving)}>
                {t(NOTES_TEXTS.save)}
              </Button>
              <Button size="sm" variant="outline" onClick={() => setEditing(false)} disabled={editNote.isPending}>
                {t(UI_TEXTS.cancel)}
              </Button>
            </div>
          </div>
        ) : (
          // Plain text only: React escapes it, line breaks are kept.
          <p className="text-sm break-words whitespace-pre-wrap">{note.content}</p>
        )}
      </div>
    </li>
  );
}

type NotesTabProps = {
  source: ProjectSource;
  /** Signed-out link viewers read the notes only (spec 5); Edit and Delete follow `note.isOwn`. */
  canAddNotes?: boolean;
  /** Shown instead of the new-note box when notes cannot be added. */
  readOnlyHint?: ReactNode;
  /** false: no Edit and Delete even on one's own notes (a view-only share link). */
  canChangeOwnNotes?: boolean;
};

export function NotesTab({ source, canAddNotes = true, readOnlyHint, canChangeOwnNotes = true }: NotesTabProps) {
  const t = useT('notes', 'domain-shared');
  const focusNoteId = useSearchParams()[0].get('note');
  const notes = useInfiniteQuery(noteListQuery(source));
  const loaded = useMemo(() => notes.data?.pages.flatMap((page) => page.items) ?? [], [notes.data]);
  // Spec 2's count is of all the project's notes, not of the pages loaded so far (issue 36).
  const total = notes.data?.pages[0]?.total;
  const addNote = useAddNote(source);
  const list = useRef<HTMLUListElement>(null);
  const [draft, setDraft] = useState('');

  const add = () =>
    addNote.mutate(draft.trim(), {
      onSuccess: () => {
        notifySuccess(t(NOTE_MESSAGES.added));
        setDraft('');
      },
    });

  return (
    <Card>
      <CardHeader>
        {/* Issue 49 item 3: no count until it is read; a failed load is not "(0)". */}
        <CardTitle>{total === undefined ? t(NOTES_TEXTS.titleUncounted) : t(NOTE_MESSAGES.title, { count: total })}</CardTitle>
      </CardHeader>
      <CardContent className="space-y-4">
        {canAddNotes ? (
          <div className="space-y-2">
            <Textarea aria-label={t(NOTES_TEXTS.newNoteLabel)} rows={3} placeholder={t(NOTES_TEXTS.newNotePlaceholder)} value={draft} onChange={(e) => setDraft(e.target.value)} />
            <Button onClick={add} disabled={draft.trim() === ''} loading={addNote.isPending} loadingText={t(NOTES_TEXTS.adding)}>
              {t(NOTE_MESSAGES.add)}
            </Button>
          </div>
        ) : (
          readOnlyHint
        )}
        {notes.isPending ? (
          <div className="space-y-2">
            <Skeleton className="h-16" />
            <Skeleton className="h-16" />
          </div>
        ) : notes.isError ? (
          <LoadErrorPanel title={t(NOTE_MESSAGES.loadFailed)} error={notes.error} onRetry={() => void notes.refetch()} />
        ) : loaded.length === 0 ? (
          <p className="rounded-lg border border-dashed p-8 text-center text-sm text-muted-foreground">{t(NOTE_MESSAGES.empty)}</p>
        ) : (
          <>
            <ul ref={list} className="space-y-2">
              {loaded.map((note) => (
                <NoteItem key={note.id} note={note} source={source} canChange={canChangeOwnNotes} focused={note.id === focusNoteId} />
              ))}
            </ul>
            <LoadMore list={notes} items={list} label={t(NOTES_TEXTS.loadMoreNotes)} />
          </>
        )}
      </CardContent>
    </Card>
  );
}
