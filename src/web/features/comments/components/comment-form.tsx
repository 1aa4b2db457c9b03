// The box a comment is written in (issue 29), new or edited: Markdown with @mentions, a preview,
// Cmd/Ctrl+Enter to send. A form of the kit (issue 47) on commentInputSchema: the server's refusal
// (a mention of someone not on the project, a link that may not mention) shows under the box, and
// what was typed stays.
import { Suspense, useId, useState, type BaseSyntheticEvent, type KeyboardEvent } from 'react';
import { Controller, useWatch } from 'react-hook-form';
import { COMMENT_MAX_LENGTH, COMMENT_MAX_MENTIONS, COMMENT_MESSAGES, mentionedIds } from '@/domain/comment-rules';
import type { Mentionable } from '@/domain/comments';
import { Button } from '@/web/components/ui/button';
import { showFieldError, useFieldError, useSchemaForm } from '@/web/components/ui/schema-form';
import { Skeleton } from '@/web/components/ui/skeleton';
import { UI_TEXTS } from '@/web/components/ui/texts';
import { translate, useT } from '@/web/lib/i18n';
import { errorMessage } from '@/web/lib/api-client';
import { lazyComponent, preloadOnIntent } from '@/web/lib/lazy-component';
import { COMMENT_TEXTS } from '../texts';
import { MentionTextarea } from './mention-textarea';

const CommentMarkdown = lazyComponent(async () => (await import('./comment-markdown')).CommentMarkdown);

const onMac = () => typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.userAgent);

/** What the contract refuses, said before sending (the server says the same). */
export function commentProblem(body: string): string | null {
  if (body.trim().length > COMMENT_MAX_LENGTH) return translate(COMMENT_MESSAGES.tooLong, { max: COMMENT_MAX_LENGTH });
  if (mentionedIds(body).length > COMMENT_MAX_MENTIONS) return translate(COMMENT_MESSAGES.tooManyMentions, { max: COMMENT_MAX_MENTIONS });
  return null;
}

/** Who can be mentioned (undefined while they load), or null: no mentions here. */
export type MentionPeople = readonly Mentionable[] | undefined | null;

type CommentFormProps = {
  /** The box's accessible name. */
  label: string;
  /** What the box starts with (a kept draft, the comment being edited). */
  defaultValue: string;
  /** Each change of what is typed (to keep a draft). */
  onChange?: (value: string) => void;
  people: MentionPeople;
  submitLabel: string;
  pendingLabel: string;
  pending: boolean;
  /** Sends the trimmed body; rejects with the server's error. Sent, the box is emptied. */
  onSubmit: (body: string) => Promise<unknown>;
  /** Editing: Cancel (and Escape) leave the comment as it was. */
  onCancel?: () => void;
  placeholder?: string;
  autoFocus?: boolean;
  rows?: number;
};

// The schema (zod) loads with the first check: through a share link the task panel downloads no
// zod at first (decision 013); commentProblem says the same rules as they are typed.
const loadCommentSchema = async () => (await import('@/domain/comments')).commentInputSchema;

export function CommentForm({ label, defaultValue, onChange, people, submitLabel, pendingLabel, pending, onSubmit, onCancel, placeholder, autoFocus, rows = 3 }: CommentFormProps) {
  const t = useT('comments', 'domain-shared');
  const [preview, setPreview] = useState(false);
  const form = useSchemaForm({ schema: loadCommentSchema, defaultValues: { body: defaultValue } });
  const value = useWatch({ control: form.control, name: 'body' });
  const checked = useFieldError(form, 'body');
  const errorId = useId();
  const hintId = useId();
  const problem = commentProblem(value);
  const error = problem ?? checked;
  const empty = value.trim() === '';

  const submit = form.handleSubmit(async ({ body }) => {
    try {
      await onSubmit(body);
      form.reset({ body: '' });
    } catch (failure) {
      // Each refusal of the server is about the box (a mention of someone not on the project, a
      // link that may not mention): said under it, and what was typed stays.
      showFieldError(form, 'body', errorMessage(failure));
    }
  });

  const send = (event: BaseSyntheticEvent) => {
    event.preventDefault();
    if (empty || problem || pending) return;
    void submit(event);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && (event.metaKey || event.ctrlKey)) {
      send(event);
    } else if (event.key === 'Escape' && onCancel && !pending) {
      event.preventDefault();
      onCancel();
    }
  };

  return (
    <form
      noValidate
      onSubmit={send}
      className="grid gap-2"
      aria-label={label}
      // An edit's Escape cancels the edit, not the panel around it.
      data-keeps-escape={onCancel ? '' : undefined}
    >
      <div role="group" aria-label={t(COMMENT_TEXTS.mode)} className="flex gap-1">
        {([false, true] as const).map((showPreview) => (
          <Button
            key={String(showPreview)}
            type="button"
            size="sm"
            variant={preview === showPreview ? 'secondary' : 'ghost'}
            aria-pressed={preview === showPreview}
            onClick={() => setPreview(showPreview)}
            {...(showPreview ? preloadOnIntent(CommentMarkdown) : {})}
          >
            {t(showPreview ? COMMENT_TEXTS.preview : COMMENT_TEXTS.write)}
          </Button>
        ))}
      </div>
      {preview ? (
        <div className="min-h-20 rounded-md border bg-card px-3 py-2">
          {empty ? (
            <p className="text-sm text-muted-foreground">{t(COMMENT_TEXTS.previewEmpty)}</p>
          ) : (
            <Suspense fallback={<Skeleton className="h-5" />}>
              <CommentMarkdown body={value} />
            </Suspense>
          )}
        </div>
      ) : (
        <Controller
          control={form.control}
          name="body"
          render={({ field }) => (
            <MentionTextarea
              name={field.name}
              aria-label={label}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${errorId} ${hintId}` : hintId}
              value={field.value}
              onChange={(next) => {
                field.onChange(next);
                onChange?.(next);
                // What was refused is being fixed: the message goes with the first keystroke.
                if (form.getFieldState('body').error) form.clearErrors('body');
              }}
              people={people}
              placeholder={placeholder}
              rows={rows}
              autoFocus={autoFocus}
              onKeyDown={onKeyDown}
              onFocus={() => CommentMarkdown.preload()}
            />
          )}
        />
      )}
      {error ? (
        <p id={errorId} role="alert" className="text-xs font-medium text-destructive">
          {error}
        </p>
      ) : null}
      <div className="flex flex-wrap items-center justify-end gap-2">
        <p id={hintId} className="mr-auto text-xs text-muted-foreground">
          {t(onMac() ? COMMENT_TEXTS.sendHintMac : COMMENT_TEXTS.sendHint)}
        </p>
        {onCancel ? (
          <Button type="button" size="sm" variant="outline" disabled={pending} onClick={onCancel}>
            {t(UI_TEXTS.cancel)}
          </Button>
        ) : null}
        <Button type="submit" size="sm" disabled={empty || problem !== null} loading={pending} loadingText={pendingLabel}>
          {submitLabel}
        </Button>
      </div>
    </form>
  );
}
