// @vitest-environment jsdom
import { en } from '@/web/test/texts';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { TEMPLATE_MESSAGES, type CreateTemplateInput, type Template } from '@/domain/templates';
import { activateLocale } from '@/web/lib/i18n';
import { templatesApi } from '@/web/test/api-handlers';
import { apiServer, byCursor, sentRequests } from '@/web/test/api-server';
import { renderWithProviders } from '@/web/test/render-with-providers';
import { TEMPLATES_TEXTS } from '../texts';
import { TemplatesTab } from './templates-tab';

async function renderTab(role: 'admin') {
  apiServer.use(templatesApi.list());
  await renderWithProviders(<TemplatesTab role={role} onUseTemplate={() => {}} />);
}

describe('Templates tab, no templates yet (issue 27)', () => {
  it('offers those who manage templates the first one, opening Create Template', async () => {
    await renderTab('admin');
    expect(await screen.findByText(en(TEMPLATE_MESSAGES.noTemplates))).toBeTruthy();
    expect(screen.getByText(en(TEMPLATES_TEXTS.noTemplatesHelp))).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: en(TEMPLATES_TEXTS.createFirst) }));
    expect(await screen.findByRole('dialog', { name: en(TEMPLATES_TEXTS.createTitle) })).toBeTruthy();
  });
});

const aTemplate = (n: number): Template => ({
  id: `t${n}`,
  name: `Template ${n}`,
  description: null,
  status: 'active',
  fields: [],
  createdAt: '2026-01-05T10:00:00.000Z',
});
const templates = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => aTemplate(from + i));

describe('Templates tab, Load more (issue 49 item 6)', () => {
  it('counts the cards on screen, not the templates that match, and gives the first new card the focus', async () => {
    apiServer.use(
      templatesApi.list(
        byCursor({
          '': { items: templates(1, 48), nextCursor: 'page-2', matched: 50, total: 50 },
          'page-2': { items: templates(49, 50), nextCursor: null, matched: 50, total: 50 },
        }),
      ),
    );
    await renderWithProviders(<TemplatesTab role="admin" onUseTemplate={() => {}} />);
    expect(await screen.findByText('Showing 48 of 50 templates')).toBeTruthy();
    expect(screen.getAllByTestId('template-card')).toHaveLength(48);

    const more = screen.getByRole('button', { name: 'Load more' });
    more.focus();
    fireEvent.click(more);
    expect(await screen.findByText('Showing 50 of 50 templates')).toBeTruthy();
    const cards = screen.getAllByTestId('template-card');
    expect(cards).toHaveLength(50);
    await waitFor(() => expect(document.activeElement).toBe(cards[48]));
  });
});

describe("Create Template in the member's language (issue 48)", () => {
  afterEach(() => act(() => activateLocale('en')));

  it('proposes the default fields and a copy\'s label in German, and sends them as they are shown', async () => {
    apiServer.use(
      templatesApi.list(),
      templatesApi.create(({ body }) => ({ ...(body as CreateTemplateInput), id: 't1', description: null, status: 'active', createdAt: '2026-01-05T10:00:00.000Z' }) as Template),
    );
    await act(() => activateLocale('de'));
    await renderWithProviders(<TemplatesTab role="admin" onUseTemplate={() => {}} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Erste Vorlage erstellen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Vorlage erstellen' });

    const labels = () => within(dialog).getAllByTestId('template-field').map((row) => row.querySelector('p')!.textContent);
    expect(labels()).toEqual(['Kundenname *', 'Fälligkeitsdatum *']);
    expect(within(dialog).queryByText(/Client Name|Due Date/)).toBeNull();

    fireEvent.click(within(dialog).getByRole('button', { name: 'Kundenname duplizieren' }));
    expect(labels()).toEqual(['Kundenname *', 'Kundenname (Kopie) *', 'Fälligkeitsdatum *']);
    expect(within(dialog).getByText('client_name_copy1 · Text')).toBeTruthy();

    fireEvent.change(within(dialog).getByLabelText('Name der Vorlage'), { target: { value: 'Website-Anfrage' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Vorlage erstellen' }));
    await waitFor(() => expect(sentRequests.some((request) => request.method === 'POST')).toBe(true));
    const sent = sentRequests.find((request) => request.method === 'POST')!.body as CreateTemplateInput;
    expect(sent.fields.map((f) => [f.label, f.name])).toEqual([
      ['Kundenname', 'client_name'],
      ['Kundenname (Kopie)', 'client_name_copy1'],
      ['Fälligkeitsdatum', 'due_date'],
    ]);
  });

  it("names the field types in German in the fields' list and Add Field's select; the type sent stays the stored word", async () => {
    // Radix's select scrolls its chosen option into view; jsdom has no layout.
    Element.prototype.scrollIntoView ??= () => {};
    Element.prototype.hasPointerCapture ??= () => false;
    apiServer.use(
      templatesApi.list(),
      templatesApi.create(({ body }) => ({ ...(body as CreateTemplateInput), id: 't1', description: null, status: 'active', createdAt: '2026-01-05T10:00:00.000Z' }) as Template),
    );
    await act(() => activateLocale('de'));
    await renderWithProviders(<TemplatesTab role="admin" onUseTemplate={() => {}} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Erste Vorlage erstellen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Vorlage erstellen' });

    const types = () => within(dialog).getAllByTestId('template-field').map((row) => row.querySelectorAll('p')[1]!.textContent);
    expect(types()).toEqual(['client_name · Text', 'due_date · Datum']);

    const typeSelect = within(dialog).getByRole('combobox', { name: 'Feldtyp' });
    expect(typeSelect.textContent).toBe('Text');
    fireEvent.keyDown(typeSelect, { key: 'Enter' });
    const options = (await screen.findAllByRole('option')).map((option) => option.textContent);
    expect(options).toEqual(['Text', 'Mehrzeiliger Text', 'Zahl', 'Datum', 'Auswahl', 'Kontrollkästchen', 'Optionsfeld']);
    fireEvent.click(screen.getByRole('option', { name: 'Mehrzeiliger Text' }));
    await waitFor(() => expect(typeSelect.textContent).toBe('Mehrzeiliger Text'));

    fireEvent.change(within(dialog).getByLabelText('Feldbeschriftung'), { target: { value: 'Projektbeschreibung' } });
    fireEvent.click(within(dialog).getAllByRole('button', { name: 'Feld hinzufügen' }).at(-1)!);
    expect(types()).toEqual(['client_name · Text', 'due_date · Datum', 'projektbeschreibung · Mehrzeiliger Text']);
    expect(within(dialog).queryByText(/Text Area|· Date/)).toBeNull();

    fireEvent.change(within(dialog).getByLabelText('Name der Vorlage'), { target: { value: 'Website-Anfrage' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Vorlage erstellen' }));
    await waitFor(() => expect(sentRequests.some((request) => request.method === 'POST')).toBe(true));
    const sent = sentRequests.find((request) => request.method === 'POST')!.body as CreateTemplateInput;
    expect(sent.fields.map((f) => [f.name, f.type])).toEqual([
      ['client_name', 'text'],
      ['due_date', 'date'],
      ['projektbeschreibung', 'textarea'],
    ]);
  });
});
