// @vitest-environment jsdom
// Issue 48 (decision 045): a domain schema's message is a text's id, shown under its field in the
// language on screen, and the field still takes the focus.
import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { CLIENT_MESSAGES } from '@/domain/clients';
import { activateLocale } from '@/web/lib/i18n';
import { en } from '@/web/test/texts';
import { renderWithProviders } from '@/web/test/render-with-providers';
import { CLIENTS_TEXTS } from '../texts';
import { ClientFormDialog } from './client-form-dialog';

afterEach(() => activateLocale('en'));

describe('ClientFormDialog', () => {
  it('shows a refused name under its field, in English and in German', async () => {
    await renderWithProviders(<ClientFormDialog open onOpenChange={() => {}} />);
    fireEvent.input(screen.getByLabelText(en(CLIENTS_TEXTS.fields.name)), { target: { value: 'A' } });
    fireEvent.click(screen.getByRole('button', { name: en(CLIENTS_TEXTS.createClient) }));
    expect((await screen.findByRole('alert')).textContent).toBe(en(CLIENT_MESSAGES.nameTooShort));
    expect(document.activeElement).toBe(screen.getByLabelText(en(CLIENTS_TEXTS.fields.name)));

    await act(() => activateLocale('de'));
    expect((await screen.findByRole('alert')).textContent).toBe('Der Kundenname muss mindestens 2 Zeichen lang sein.');
  });
});
