// @vitest-environment jsdom
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { NOTE_MESSAGES } from '@/domain/note-rules';
import type { Note } from '@/domain/notes';
import { UI_TEXTS } from '@/web/components/ui/texts';
import { memberProjectSource } from '@/web/lib/project-source';
import { notesApi } from '@/web/test/api-handlers';
import { apiError, apiServer } from '@/web/test/api-server';
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
    expect(alert.textContent).toContain(NOTE_MESSAGES.loadFailed);
    expect(alert.textContent).toContain('The database is not reachable.');
    expect(screen.getByText(NOTES_TEXTS.titleUncounted)).toBeTruthy();
    expect(screen.queryByText(NOTE_MESSAGES.title(0))).toBeNull();
    expect(screen.queryByText(NOTE_MESSAGES.empty)).toBeNull();

    down = false;
    fireEvent.click(within(alert).getByRole('button', { name: UI_TEXTS.retry }));
    expect(await screen.findByText('Kickoff moved to Friday')).toBeTruthy();
    expect(screen.getByText(NOTE_MESSAGES.title(1))).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
