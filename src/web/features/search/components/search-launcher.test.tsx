// @vitest-environment jsdom
// Issue 49: the palette owns the keyboard from Ctrl+K (or /) on. Its chunk loads on the first
// opening; what is typed meanwhile goes into its box, and no page shortcut fires ('c' would open
// Create New Project).
import { en } from '@/web/test/texts';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { searchApi, timeApi } from '@/web/test/api-handlers';
import { apiServer } from '@/web/test/api-server';
import { renderWithProviders } from '@/web/test/render-with-providers';
import { SEARCH_TEXTS } from '../texts';
import { SearchLauncher } from './search-launcher';

function AddressBar() {
  const location = useLocation();
  return <output data-testid="address">{`${location.pathname}${location.search}`}</output>;
}

/** The top bar's launcher on the Projects page, with the address shown. */
async function renderLauncher() {
  apiServer.use(searchApi.search(), timeApi.timer());
  await renderWithProviders(
    <>
      <SearchLauncher />
      <AddressBar />
    </>,
    { signedInAs: 'admin', route: '/' },
  );
}

/** Keys pressed at once, as a fast typist does, before anything had time to load. */
function press(...keys: string[]) {
  for (const key of keys) fireEvent.keyDown(document.activeElement ?? document.body, { key });
}

describe('The command palette owns the keyboard from its key on', () => {
  it('keeps what is typed right after Ctrl+K for the box while the palette loads, and fires no shortcut', async () => {
    await renderLauncher();
    fireEvent.keyDown(document.body, { key: 'k', ctrlKey: true });
    press('a', 'c', 'x', 'Backspace', 'm', 'e');
    // The palette's chunk loads on this first opening (slowly on a busy machine).
    const box = (await screen.findByRole('combobox', { name: en(SEARCH_TEXTS.input) }, { timeout: 15_000 })) as HTMLInputElement;
    await waitFor(() => expect(box.value).toBe('acme'));
    expect(document.activeElement).toBe(box);
    // 'c' opened nothing: the address is the page's.
    expect(screen.getByTestId('address').textContent).toBe('/');
    // From here the box types on its own.
    fireEvent.change(box, { target: { value: 'acme!' } });
    expect(box.value).toBe('acme!');
  });

  it('once loaded, the palette has the focus as soon as / is pressed', async () => {
    await renderLauncher();
    // Loaded by an earlier opening (the chunk stays), as after the first Ctrl+K of a visit.
    await import('./command-palette');
    fireEvent.keyDown(document.body, { key: 'k', ctrlKey: true });
    const box = await screen.findByRole('combobox', { name: en(SEARCH_TEXTS.input) }, { timeout: 15_000 });
    fireEvent.keyDown(box, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('combobox', { name: en(SEARCH_TEXTS.input) })).toBeNull());
    fireEvent.keyDown(document.body, { key: '/' });
    // At once: the next key lands in the box, where no page shortcut listens.
    expect(document.activeElement).toBe(screen.getByRole('combobox', { name: en(SEARCH_TEXTS.input) }));
    press('c');
    expect(screen.getByTestId('address').textContent).toBe('/');
  });

  it('lets the page have its keys back once the palette is closed', async () => {
    await renderLauncher();
    fireEvent.keyDown(document.body, { key: 'k', ctrlKey: true });
    const box = await screen.findByRole('combobox', { name: en(SEARCH_TEXTS.input) }, { timeout: 15_000 });
    fireEvent.keyDown(box, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('combobox', { name: en(SEARCH_TEXTS.input) })).toBeNull());
    fireEvent.keyDown(document.body, { key: 'c' });
    await waitFor(() => expect(screen.getByTestId('address').textContent).toBe('/?create=project'));
  });
});
