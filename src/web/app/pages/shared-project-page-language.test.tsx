// @vitest-environment jsdom
// Issue 48 item 4: a share, intake or approval link's page shows in the link's language, unless
// its visitor chose one on this device; the visitor switches with the page's language menu.
import { act, fireEvent, screen } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import type { SharedProject } from '@/domain/sharing';
import { activateLocale, i18n, LOCALE_STORAGE_KEY } from '@/web/lib/i18n';
import { filesApi, liveApi, notesApi, sharedLinkApi, tasksApi } from '@/web/test/api-handlers';
import { apiServer } from '@/web/test/api-server';
import { aTask } from '@/web/test/fixtures';
import { renderWithProviders } from '@/web/test/render-with-providers';
import { SharedProjectPage } from './shared-project-page';

const TOKEN = 'tok_abcdefghijklmnopqrstuvwxyz';
const BASE = `/api/project-access/${TOKEN}`;

const project = (locale: SharedProject['locale']): SharedProject => ({
  projectId: 'p1',
  projectName: 'Harbor Rebrand',
  companyOverview: 'Two cafés by the harbour.',
  formData: null,
  templateFields: null,
  canContribute: false,
  viewersMayContribute: false,
  canApprove: false,
  viewerName: null,
  intakeState: null,
  showsProject: true,
  locale,
});

const emptyLists = () => [tasksApi.list(BASE), filesApi.list(BASE), notesApi.list(BASE)];

async function renderPage() {
  apiServer.use(liveApi.linkSocket(TOKEN));
  return renderWithProviders(
    <Routes>
      <Route path="/project-access/:token" element={<SharedProjectPage />} />
    </Routes>,
    { route: `/project-access/${TOKEN}`, signedInAs: null },
  );
}

afterEach(async () => {
  localStorage.clear();
  await act(() => activateLocale('en'));
});

describe('SharedProjectPage, the link’s language', () => {
  it('shows the page in the link’s language from its first render, with the language menu set to it', async () => {
    apiServer.use(sharedLinkApi.session(TOKEN, project('es')), ...emptyLists());
    await renderPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'Harbor Rebrand' })).toBeTruthy();
    // Never an English page first: the heading came with the Spanish words.
    expect(screen.getByText('Proyecto compartido')).toBeTruthy();
    expect(screen.queryByText('Shared project')).toBeNull();
    expect(i18n.locale).toBe('es');
    const menu = screen.getByRole('combobox', { name: 'Idioma' }) as HTMLSelectElement;
    expect(menu.value).toBe('es');
    // Nothing is saved for the visitor: the next link follows its own language.
    expect(localStorage.getItem(LOCALE_STORAGE_KEY)).toBeNull();
  });

  it('the visitor switches with the menu, and their choice is kept on this device', async () => {
    apiServer.use(sharedLinkApi.session(TOKEN, project('es')), ...emptyLists());
    await renderPage();
    fireEvent.change(await screen.findByRole('combobox', { name: 'Idioma' }), { target: { value: 'en' } });
    expect(await screen.findByText('Shared project')).toBeTruthy();
    expect(screen.getByRole('combobox', { name: 'Language' })).toHaveProperty('value', 'en');
    expect(localStorage.getItem(LOCALE_STORAGE_KEY)).toBe('en');
  });

  it('a language the visitor chose on this device wins over the link’s', async () => {
    localStorage.setItem(LOCALE_STORAGE_KEY, 'de');
    await act(() => activateLocale('de'));
    apiServer.use(sharedLinkApi.session(TOKEN, project('es')), ...emptyLists());
    await renderPage();
    expect(await screen.findByText('Geteiltes Projekt')).toBeTruthy();
    expect(i18n.locale).toBe('de');
  });

  it('says the tasks’ statuses and priorities in the link’s language (issue 48)', async () => {
    const tasks = [aTask({ projectId: 'p1', title: 'Print menu boards', priority: 'high' }), aTask({ id: '00000000-0000-4000-8000-0000000000f2', projectId: 'p1', title: 'Order chalk', status: 'completed', completedAt: '2026-11-22T12:00:00.000Z' })];
    apiServer.use(sharedLinkApi.session(TOKEN, project('de')), tasksApi.list(BASE, { items: tasks, nextCursor: null }), filesApi.list(BASE), notesApi.list(BASE));
    await renderPage();
    expect(await screen.findByText('Zu erledigen')).toBeTruthy();
    expect(screen.getByText('Erledigt')).toBeTruthy();
    expect(screen.getByText('Hoch')).toBeTruthy();
    expect(screen.queryByText(/^(To Do|Completed|High)$/)).toBeNull();
  });

  it('a protected link’s password page shows in the link’s language too', async () => {
    apiServer.use(
      sharedLinkApi.session(TOKEN, () => HttpResponse.json({ error: { code: 'password_required', message: 'Password Required', locale: 'de' } }, { status: 401 })),
    );
    await renderPage();
    expect(await screen.findByRole('combobox', { name: 'Sprache' })).toHaveProperty('value', 'de');
    expect(i18n.locale).toBe('de');
  });
});
