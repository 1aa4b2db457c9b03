// @vitest-environment jsdom
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Task } from '@/domain/tasks';
import { activateLocale } from '@/web/lib/i18n';
import { renderWithProviders } from '@/web/test/render-with-providers';
import { withChange } from '../api';
import { boardColumns, dropPlace, TaskBoard } from './task-board';
import { OPENED_FROM_PAGE, type TaskLinks } from './task-title';
import { aTask } from '@/web/test/fixtures';

const task = (id: string, status: Task['status'], position: number): Task => aTask({ id, projectId: 'p', title: id, status, position });

describe('the task board (issue 16)', () => {
  it('puts each task in its status column, lowest position first', () => {
    const columns = boardColumns([task('c', 'pending', 3), task('a', 'pending', 1), task('x', 'in_progress', 2), task('d', 'completed', 0)]);
    expect(columns.pending.map((t) => t.id)).toEqual(['a', 'c']);
    expect(columns.in_progress.map((t) => t.id)).toEqual(['x']);
    expect(columns.completed.map((t) => t.id)).toEqual(['d']);
  });

  it('shows a drop where it was made while the server stores it, by the server\'s rule', () => {
    const tasks = [task('a', 'pending', 10), task('b', 'pending', 20), task('x', 'in_progress', 5), task('y', 'in_progress', 6)];
    const ids = (list: Task[], status: Task['status']) => boardColumns(list)[status].map((t) => t.id);
    // Into another column, after a named task.
    const dropped = withChange(tasks, 'x', { status: 'pending', afterTaskId: 'a' });
    expect(ids(dropped, 'pending')).toEqual(['a', 'x', 'b']);
    expect(ids(dropped, 'in_progress')).toEqual(['y']);
    // To the top of its own column.
    expect(ids(withChange(tasks, 'b', { afterTaskId: null }), 'pending')).toEqual(['b', 'a']);
    // A status from the menu: last in the new column; nothing else moves.
    const completed = withChange(tasks, 'y', { status: 'pending' });
    expect(ids(completed, 'pending')).toEqual(['a', 'b', 'y']);
    expect(completed.find((t) => t.id === 'a')).toBe(tasks[0]);
    // Neighbours that share a position (tasks made in one go): the column is numbered again.
    const tied = [task('a', 'pending', 0), task('b', 'pending', 0), task('x', 'completed', 0)];
    expect(ids(withChange(tied, 'x', { status: 'pending', afterTaskId: 'a' }), 'pending')).toEqual(['a', 'x', 'b']);
  });

  it("says where a dragged task lands as its column's position and count (issue 27's announcements)", () => {
    const columns = boardColumns([task('a', 'pending', 1), task('b', 'pending', 2), task('x', 'in_progress', 1)]);
    // Picked up: where it is.
    expect(dropPlace(columns, 'b', 'b')).toEqual({ status: 'pending', position: 2, count: 2 });
    // Over another task of its column: that task's place.
    expect(dropPlace(columns, 'b', 'a')).toEqual({ status: 'pending', position: 1, count: 2 });
    // Over another column's task, or that column: the column counts it in.
    expect(dropPlace(columns, 'a', 'x')).toEqual({ status: 'in_progress', position: 1, count: 2 });
    expect(dropPlace(columns, 'a', 'completed')).toEqual({ status: 'completed', position: 1, count: 1 });
    expect(dropPlace(columns, 'a', 'nowhere')).toBeNull();
  });
});

describe('a board card (issue 49)', () => {
  beforeAll(() => {
    // dnd-kit scrolls a card it picks up into view; jsdom has no layout to scroll.
    Element.prototype.scrollIntoView ??= () => {};
  });

  const links: TaskLinks = { href: (t) => `/project/p/tasks/${t.id}`, state: OPENED_FROM_PAGE };
  const path = '/project/p/tasks/print';

  /** The board at '/', and every place the router went to from there (with its state). */
  async function renderBoard() {
    const opened: { path: string; state: unknown }[] = [];
    function Opened() {
      const location = useLocation();
      useEffect(() => {
        if (location.pathname !== '/') opened.push({ path: location.pathname, state: location.state });
      }, [location]);
      return null;
    }
    const onMove = vi.fn();
    await renderWithProviders(
      <>
        <TaskBoard tasks={[{ ...task('print', 'pending', 1), title: 'Print menu boards' }]} onMove={onMove} links={links} />
        <Opened />
      </>,
    );
    // The draggable control that covers the card (the title's link sits above it).
    const card = screen.getByRole('button', { name: /^Print menu boards/ });
    return { card, opened, onMove };
  }

  it('opens the task on a click anywhere on the card, as its title does', async () => {
    const { card, opened } = await renderBoard();
    fireEvent.mouseDown(card, { button: 0 });
    fireEvent.mouseUp(card, { button: 0 });
    fireEvent.click(card);
    await waitFor(() => expect(opened).toEqual([{ path, state: OPENED_FROM_PAGE }]));
  });

  it('opens the task on Enter, and tells screen readers so', async () => {
    const { card, opened } = await renderBoard();
    expect(document.getElementById(card.getAttribute('aria-describedby')!)?.textContent).toMatch(/^Press Enter to open the task\. .*press Space to pick it up/);
    card.focus();
    fireEvent.keyDown(card, { key: 'Enter', code: 'Enter' });
    await waitFor(() => expect(opened).toEqual([{ path, state: OPENED_FROM_PAGE }]));
  });

  it('picks the card up on Space without opening it, and drops it on Enter without opening it', async () => {
    const { card, opened } = await renderBoard();
    card.focus();
    fireEvent.keyDown(card, { key: ' ', code: 'Space' });
    await waitFor(() => expect(card.getAttribute('aria-pressed')).toBe('true'));
    // dnd-kit listens for the keys of a move from the next task on.
    await new Promise((resolve) => setTimeout(resolve, 0));
    fireEvent.keyDown(card, { key: 'Enter', code: 'Enter' });
    await waitFor(() => expect(card.getAttribute('aria-pressed')).toBeNull());
    expect(opened).toEqual([]);
  });

  it("opens the task once from its title's link: the card beneath does not open it again", async () => {
    const { opened } = await renderBoard();
    fireEvent.click(screen.getByRole('link', { name: 'Print menu boards' }));
    await waitFor(() => expect(opened).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(opened).toEqual([{ path, state: OPENED_FROM_PAGE }]);
  });
});

describe("the board in the member's language (issue 48)", () => {
  afterEach(() => act(() => activateLocale('en')));

  it("names its columns in German for a German member, each holding its status's tasks", async () => {
    await act(() => activateLocale('de'));
    await renderWithProviders(<TaskBoard tasks={[task('a', 'pending', 1), task('b', 'completed', 1)]} onMove={vi.fn()} />);
    const toDo = await screen.findByRole('region', { name: 'Zu erledigen, 1 Aufgabe' });
    expect(within(toDo).getByRole('heading').textContent).toBe('Zu erledigen1');
    expect(within(toDo).getByText('a')).toBeTruthy();
    expect(screen.getByRole('region', { name: 'In Bearbeitung, 0 Aufgaben' })).toBeTruthy();
    const done = screen.getByRole('region', { name: 'Erledigt, 1 Aufgabe' });
    expect(within(done).getByText('b')).toBeTruthy();
  });
});
