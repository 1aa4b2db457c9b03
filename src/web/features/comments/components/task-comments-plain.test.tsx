// @vitest-environment jsdom
// Issue 49 item 20: a comment shown before the Markdown renderer has loaded (one arriving live on
// a tab that showed no comment yet: react-markdown loads with the first comment) reads as its
// words, never as its raw Markdown; the renderer then takes over.
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { Comment } from '@/domain/comments';
import { memberProjectSource } from '@/web/lib/project-source';
import { commentsApi } from '@/web/test/api-handlers';
import { apiServer } from '@/web/test/api-server';
import { renderWithProviders } from '@/web/test/render-with-providers';
import { TaskComments } from './task-comments';

// The renderer's module arrives when the test lets it, as a slow chunk would.
const renderer = vi.hoisted(() => {
  let arrive = () => {};
  const arrived = new Promise<void>((resolve) => (arrive = resolve));
  return { arrived, arrive: () => arrive() };
});
vi.mock('./comment-markdown', async (importOriginal) => {
  await renderer.arrived;
  return importOriginal();
});

const PROJECT_ID = '00000000-0000-4000-8000-0000000000aa';
const TASK_ID = '00000000-0000-4000-8000-0000000000bb';
const ANA = '0b5c2a5e-1f3a-4c1d-9e2f-3a4b5c6d7e8f';
const member = memberProjectSource(PROJECT_ID);

const BODY = `Thanks @[Ana Lima](${ANA}), the **logo** is [here](https://example.com/logo):\n- check \`colors\`\n- _ship_ it`;

const comment: Comment = {
  id: '00000000-0000-4000-8000-000000000101',
  taskId: TASK_ID,
  projectId: PROJECT_ID,
  body: BODY,
  createdAt: '2026-11-21T10:00:00.000Z',
  updatedAt: '2026-11-21T10:00:00.000Z',
  editedAt: null,
  authorName: 'Ann Lee',
  authorEmail: null,
  viaLink: null,
  isOwn: false,
  canDelete: false,
};

describe('A comment before its Markdown renderer has loaded', () => {
  it('shows its words without the Markdown syntax, then the rendered Markdown', async () => {
    apiServer.use(commentsApi.mentionable(PROJECT_ID), commentsApi.list(member.basePath, { items: [comment], nextCursor: null, total: 1 }));
    await renderWithProviders(<TaskComments source={member} taskId={TASK_ID} canComment={false} canMention={false} />);
    const item = await screen.findByRole('listitem', { name: 'Comment by Ann Lee' });
    const shown = item.querySelector('p')!;
    expect(shown.textContent).toBe('Thanks @Ana Lima, the logo is here:\ncheck colors\nship it');
    for (const syntax of ['**', '](', ANA, '`', '_ship_', '\n- ']) expect(item.textContent).not.toContain(syntax);

    renderer.arrive();
    await waitFor(() => expect(within(item).getByText('logo').tagName).toBe('STRONG'));
    expect(within(item).getByRole('link', { name: 'here' }).getAttribute('href')).toBe('https://example.com/logo');
    expect(item.querySelector('[data-mention]')?.textContent).toBe('@Ana Lima');
  });
});
