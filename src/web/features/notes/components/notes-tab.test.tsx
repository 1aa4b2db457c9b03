// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { NOTE_MESSAGES } from '@/domain/note-rules';
import type { Note } from '@/domain/notes';
import { UI_TEXTS } from '@/web/components/ui/texts';
import { en } from '@/web/test/texts';
import { memberProjectSource } from '@/web/lib/project-source';
import { notesApi } from '@/web/test/api-handlers';
import { apiError, apiServer, byCursor, requestsArrived } from '@/web/test/api-server';
import { renderWithProviders } from '@/web/test/render-with-providers';
import { NOTES_TEXTS } from '../texts';
import { NotesTab } from './notes-tab';

const PROJECT = '00000000-0000-4000-8000-0000000000aa';
const source = memberProjectSource(PROJECT);

const note: Note = {
  id: 'n1',
  projectId: PROJECT,
  content: 'Kickoff moved to Friday',
  createdAt: '2026-11-20T10:00:00.000Z',
  updatedAt: '2026-11-20T10:00:00.000Z',
  createdBy: 'profile-2',
  authorName: 'Grace Hopper',
  authorEmail: null,
  isOwn: false,
};

describe('The notes tab', () => {
  it('says notes that failed to load failed, with Retry: no "(0)" and no "No notes yet" (issue 49 item 3)', async () => {
    let down = true;
    apiServer.use(notesApi.list(source.basePath, () => (down ? apiError(503, 'service_unavailable', 'The database is not reachable.') : { items: [note], nextCursor: null, total: 1 })));
    await renderWithProviders(<NotesTab source={source} />);

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(en(NOTE_MESSAGES.loadFailed));
    expect(alert.textContent).toContain('The database is not reachable.');
    expect(screen.getByText(en(NOTES_TEXTS.titleUncounted))).toBeTruthy();
    expect(screen.queryByText(en(NOTE_MESSAGES.title, { count: 0 }))).toBeNull();
    expect(screen.queryByText(en(NOTE_MESSAGES.empty))).toBeNull();

    down = false;
    fireEvent.click(within(alert).getByRole('button', { name: en(UI_TEXTS.retry) }));
    expect(await screen.findByText('Kickoff moved to Friday')).toBeTruthy();
    expect(screen.getByText(en(NOTE_MESSAGES.title, { count: 1 }))).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

const aNote = (n: number): Note => ({ ...note, id: `n${n}`, content: `Note ${n}`, authorName: `Author ${n}` });
const notes = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => aNote(from + i));

/** The notes tab with its first page shown, and its Load more button focused as a keyboard leaves it. */
async function showFirstPage() {
  const { queryClient } = await renderWithProviders(<NotesTab source={source} />);
  await screen.findByText('Note 1');
  const more = screen.getByRole('button', { name: en(NOTES_TEXTS.loadMoreNotes) });
  more.focus();
  return { more, queryClient };
}

describe("The notes tab's Load more (issue 49 item 6)", () => {
  it('gives the first new note the focus, and the next one too', async () => {
    apiServer.use(
      notesApi.list(
        source.basePath,
        byCursor({
          '': { items: notes(1, 3), nextCursor: 'page-2', total: 7 },
          'page-2': { items: notes(4, 5), nextCursor: 'page-3', total: 7 },
          'page-3': { items: notes(6, 7), nextCursor: null, total: 7 },
        }),
      ),
    );
    const { more } = await showFirstPage();
    fireEvent.click(more);
    const fourth = await screen.findByRole('listitem', { name: 'Note by Author 4' });
    await waitFor(() => expect(document.activeElement).toBe(fourth));
    // Focusable for the move, not a Tab stop of its own.
    expect(fourth.tabIndex).toBe(-1);

    // By keyboard again (Tab to the button), and by a pointer that leaves the focus where it is (Safari).
    fireEvent.click(screen.getByRole('button', { name: en(NOTES_TEXTS.loadMoreNotes) }));
    const sixth = await screen.findByRole('listitem', { name: 'Note by Author 6' });
    await waitFor(() => expect(document.activeElement).toBe(sixth));
    expect(screen.getAllByRole('listitem')).toHaveLength(7);
  });

  it('keeps the focus on the button when the next page brought nothing', async () => {
    apiServer.use(
      notesApi.list(
        source.basePath,
        byCursor({
          '': { items: notes(1, 3), nextCursor: 'page-2', total: 3 },
          'page-2': { items: [], nextCursor: 'page-3', total: 3 },
        }),
      ),
    );
    const { more, queryClient } = await showFirstPage();
    fireEvent.click(more);
    expect(queryClient.isFetching()).toBe(1);
    await waitFor(() => expect(queryClient.isFetching()).toBe(0));
    await requestsArrived();
    expect(document.activeElement).toBe(more);
    expect(screen.getAllByRole('listitem')).toHaveLength(3);
  });

  it('leaves the focus where the user took it while the page loaded', async () => {
    apiServer.use(
      notesApi.list(
        source.basePath,
        byCursor({
          '': { items: notes(1, 3), nextCursor: 'page-2', total: 5 },
          'page-2': { items: notes(4, 5), nextCursor: null, total: 5 },
        }),
      ),
    );
    const { more } = await showFirstPage();
    fireEvent.click(more);
    const box = screen.getByRole('textbox', { name: en(NOTES_TEXTS.newNoteLabel) });
    box.focus();
    expect(await screen.findByRole('listitem', { name: 'Note by Author 4' })).toBeTruthy();
    await requestsArrived();
    expect(document.activeElement).toBe(box);
  });
});
