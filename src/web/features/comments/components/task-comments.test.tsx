// @vitest-environment jsdom
// A task's comments in its panel (issue 29): oldest at the top with older pages loaded above, and
// a refused comment keeps what was typed, with the server's reason under the box.
import { en } from '@/web/test/texts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { COMMENT_MAX_LENGTH, COMMENT_MESSAGES } from '@/domain/comment-rules';
import type { Comment } from '@/domain/comments';
import { memberProjectSource, sharedProjectSource, type ProjectSource } from '@/web/lib/project-source';
import { commentsApi } from '@/web/test/api-handlers';
import { UI_TEXTS } from '@/web/components/ui/texts';
import { apiError, apiServer, byCursor, requestsArrived, sentRequests } from '@/web/test/api-server';
import { renderWithProviders } from '@/web/test/render-with-providers';
import { COMMENT_TEXTS } from '../texts';
import { TaskComments } from './task-comments';

const PROJECT_ID = '00000000-0000-4000-8000-0000000000aa';
const TASK_ID = '00000000-0000-4000-8000-0000000000bb';
const member = memberProjectSource(PROJECT_ID);

const comment = (n: number, extra: Partial<Comment> = {}): Comment => ({
  id: `00000000-0000-4000-8000-0000000001${String(n).padStart(2, '0')}`,
  taskId: TASK_ID,
  projectId: PROJECT_ID,
  body: `Comment ${n}`,
  createdAt: `2026-11-2${n}T10:00:00.000Z`,
  updatedAt: `2026-11-2${n}T10:00:00.000Z`,
  editedAt: null,
  authorName: 'Ann Lee',
  authorEmail: null,
  viaLink: null,
  isOwn: false,
  canDelete: false,
  ...extra,
});

async function renderComments(props: { source?: ProjectSource } & Partial<Omit<Parameters<typeof TaskComments>[0], 'source'>> = {}) {
  await renderWithProviders(<TaskComments source={member} taskId={TASK_ID} canComment canMention {...props} />);
}

const shownBodies = () => within(screen.getByRole('list', { name: 'Comments' })).getAllByRole('listitem').map((item) => item.querySelector('p')?.textContent);

describe('TaskComments', () => {
  it('says comments that failed to load failed, with Retry: no "(0)" and no "No comments yet" (issue 49 item 3)', async () => {
    let down = true;
    apiServer.use(
      commentsApi.mentionable(PROJECT_ID),
      commentsApi.list(member.basePath, () => (down ? apiError(503, 'service_unavailable', 'The database is not reachable.') : { items: [comment(1)], nextCursor: null, total: 1 })),
    );
    await renderComments();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(en(COMMENT_MESSAGES.loadFailed));
    expect(alert.textContent).toContain('The database is not reachable.');
    expect(screen.getByRole('heading', { name: en(COMMENT_TEXTS.list) })).toBeTruthy();
    expect(screen.queryByText(en(COMMENT_MESSAGES.empty))).toBeNull();

    down = false;
    fireEvent.click(within(alert).getByRole('button', { name: en(UI_TEXTS.retry) }));
    expect(await screen.findByRole('heading', { name: 'Comments (1)' })).toBeTruthy();
    await waitFor(() => expect(shownBodies()).toEqual(['Comment 1']));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows the newest page oldest first, and Show older comments puts the page before above it', async () => {
    apiServer.use(
      commentsApi.mentionable(PROJECT_ID),
      commentsApi.list(
        member.basePath,
        byCursor({
          '': { items: [comment(4), comment(3)], nextCursor: 'c1', total: 4 },
          c1: { items: [comment(2), comment(1)], nextCursor: null, total: 4 },
        }),
      ),
    );
    await renderComments();
    expect(await screen.findByRole('heading', { name: 'Comments (4)' })).toBeTruthy();
    await waitFor(() => expect(shownBodies()).toEqual(['Comment 3', 'Comment 4']));
    fireEvent.click(screen.getByRole('button', { name: en(COMMENT_MESSAGES.loadOlder) }));
    await waitFor(() => expect(shownBodies()).toEqual(['Comment 1', 'Comment 2', 'Comment 3', 'Comment 4']));
    expect(screen.queryByRole('button', { name: en(COMMENT_MESSAGES.loadOlder) })).toBeNull();
    expect(sentRequests.map((request) => request.path)).toContain(`/api/projects/${PROJECT_ID}/tasks/${TASK_ID}/comments?cursor=c1`);
  });

  it('keeps what was typed when the server refuses it, and says why under the box', async () => {
    const refusal = en(COMMENT_MESSAGES.mentionNotOnProject, { names: 'Leo Martins' });
    apiServer.use(
      commentsApi.mentionable(PROJECT_ID),
      commentsApi.list(member.basePath),
      commentsApi.create(member.basePath, apiError(400, 'mention_not_on_project', refusal)),
    );
    await renderComments();
    const box = (await screen.findByRole('textbox', { name: 'New comment' })) as HTMLTextAreaElement;
    const typed = 'Over to @[Leo Martins](2c9d6bcd-bbfd-4b2d-9b5d-ab8dfbbd4bed) for the draft';
    fireEvent.change(box, { target: { value: typed } });
    fireEvent.keyDown(box, { key: 'Enter', ctrlKey: true });
    expect((await screen.findByRole('alert')).textContent).toBe(refusal);
    expect(box.value).toBe(typed);
    expect(box.getAttribute('aria-invalid')).toBe('true');
    expect(sentRequests.find((request) => request.method === 'POST')).toMatchObject({ path: `/api/projects/${PROJECT_ID}/tasks/${TASK_ID}/comments`, body: { body: typed } });
    // Typing again clears the message; what was typed is still there to fix.
    fireEvent.change(box, { target: { value: 'Over to Leo for the draft' } });
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('sends the trimmed comment and empties the box; what is typed and not sent is kept when the panel closes', async () => {
    apiServer.use(commentsApi.mentionable(PROJECT_ID), commentsApi.list(member.basePath), commentsApi.create(member.basePath, ({ body }) => comment(9, { body: (body as { body: string }).body, isOwn: true })));
    // Another task than the other tests': drafts are kept per task for the visit (this module's life).
    const taskId = '00000000-0000-4000-8000-0000000000cc';
    const first = await renderWithProviders(<TaskComments source={member} taskId={taskId} canComment canMention />);
    const box = (await screen.findByRole('textbox', { name: 'New comment' })) as HTMLTextAreaElement;
    const send = screen.getByRole('button', { name: en(COMMENT_MESSAGES.add) }) as HTMLButtonElement;
    expect(send.disabled).toBe(true);
    fireEvent.change(box, { target: { value: 'Half a thought' } });
    expect(send.disabled).toBe(false);
    first.unmount();

    await renderWithProviders(<TaskComments source={member} taskId={taskId} canComment canMention />);
    const again = (await screen.findByRole('textbox', { name: 'New comment' })) as HTMLTextAreaElement;
    expect(again.value).toBe('Half a thought');
    fireEvent.change(again, { target: { value: '  Looks good to me  ' } });
    fireEvent.keyDown(again, { key: 'Enter', ctrlKey: true });
    expect(await screen.findByText(en(COMMENT_MESSAGES.added))).toBeTruthy();
    await waitFor(() => expect(again.value).toBe(''));
    expect(sentRequests.filter((request) => request.method === 'POST').map((request) => request.body)).toEqual([{ body: 'Looks good to me' }]);
  });

  it("says what the contract refuses as it is typed, and sends nothing: Send stays off", async () => {
    apiServer.use(commentsApi.mentionable(PROJECT_ID), commentsApi.list(member.basePath));
    await renderComments();
    const box = (await screen.findByRole('textbox', { name: 'New comment' })) as HTMLTextAreaElement;
    fireEvent.change(box, { target: { value: 'x'.repeat(COMMENT_MAX_LENGTH + 1) } });
    expect(screen.getByRole('alert').textContent).toBe(en(COMMENT_MESSAGES.tooLong, { max: COMMENT_MAX_LENGTH }));
    expect(box.getAttribute('aria-invalid')).toBe('true');
    expect((screen.getByRole('button', { name: en(COMMENT_MESSAGES.add) }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.keyDown(box, { key: 'Enter', ctrlKey: true });
    await requestsArrived();
    expect(sentRequests.filter((request) => request.method === 'POST')).toEqual([]);
  });

  it('edits one’s own comment from its text; Cancel leaves it as it was', async () => {
    apiServer.use(
      commentsApi.mentionable(PROJECT_ID),
      commentsApi.list(member.basePath, { items: [comment(1, { isOwn: true, canDelete: true })], nextCursor: null, total: 1 }),
      commentsApi.edit(member.basePath, comment(1, { isOwn: true, body: 'Comment 1, fixed' })),
    );
    await renderComments();
    const own = await screen.findByRole('listitem', { name: 'Comment by Ann Lee' });
    fireEvent.click(within(own).getByRole('button', { name: 'Edit' }));
    const box = within(own).getByRole('textbox', { name: en(COMMENT_TEXTS.editLabel) }) as HTMLTextAreaElement;
    expect(box.value).toBe('Comment 1');
    fireEvent.change(box, { target: { value: 'Something else' } });
    fireEvent.click(within(own).getByRole('button', { name: en(UI_TEXTS.cancel) }));
    fireEvent.click(within(own).getByRole('button', { name: 'Edit' }));
    const reopened = within(own).getByRole('textbox', { name: en(COMMENT_TEXTS.editLabel) }) as HTMLTextAreaElement;
    expect(reopened.value).toBe('Comment 1');
    fireEvent.change(reopened, { target: { value: 'Comment 1, fixed ' } });
    fireEvent.click(within(own).getByRole('button', { name: en(COMMENT_TEXTS.save) }));
    expect(await screen.findByText(en(COMMENT_MESSAGES.updated))).toBeTruthy();
    expect(sentRequests.filter((request) => request.method === 'PATCH').map((request) => request.body)).toEqual([{ body: 'Comment 1, fixed' }]);
  });

  it("shows a link's comment with the link's name and Edited; Edit and Delete only on one's own; no mentions through a link", async () => {
    const shared = sharedProjectSource('tok', 'viewer');
    apiServer.use(
      commentsApi.list(shared.basePath, {
        items: [comment(2, { isOwn: true, canDelete: true, editedAt: '2026-11-22T11:00:00.000Z' }), comment(1, { authorName: 'Sam Client', viaLink: 'Client review' })],
        nextCursor: null,
        total: 2,
      }),
    );
    await renderComments({ source: shared, canMention: false });
    const byLink = await screen.findByRole('listitem', { name: 'Comment by Sam Client' });
    expect(byLink.textContent).toContain(en(COMMENT_MESSAGES.viaLink, { linkName: 'Client review' }));
    expect(within(byLink).queryByRole('button')).toBeNull();
    const own = screen.getByRole('listitem', { name: 'Comment by Ann Lee' });
    expect(within(own).getByText(en(COMMENT_MESSAGES.edited))).toBeTruthy();
    expect(within(own).getByRole('button', { name: 'Edit' })).toBeTruthy();
    expect(within(own).getByRole('button', { name: 'Delete' })).toBeTruthy();
    // The box offers no mentions, and nobody was asked who could be mentioned (no handler: it would fail).
    expect(screen.getByRole('textbox', { name: 'New comment' }).getAttribute('aria-autocomplete')).toBeNull();
  });

  it('shows the reason instead of the box to someone who may not comment', async () => {
    apiServer.use(commentsApi.list(member.basePath));
    await renderComments({ canComment: false, canMention: false, readOnlyHint: <p>Sign in to comment.</p> });
    expect(await screen.findByText(en(COMMENT_MESSAGES.empty))).toBeTruthy();
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(screen.getByText('Sign in to comment.')).toBeTruthy();
  });
});
