// @vitest-environment jsdom
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CLIENT_MESSAGES } from '@/domain/clients';
import { en } from '@/web/test/texts';
import { clientsApi } from '@/web/test/api-handlers';
import { apiServer } from '@/web/test/api-server';
import { renderWithProviders } from '@/web/test/render-with-providers';
import { ClientsTab } from './clients-tab';

describe('ClientsTab with no clients', () => {
  it('explains what clients are for and opens Add Client from the empty list', async () => {
    apiServer.use(clientsApi.list());
    await renderWithProviders(<ClientsTab />);
    expect(await screen.findByText(en(CLIENT_MESSAGES.noClients))).toBeTruthy();
    expect(screen.getByText(en(CLIENT_MESSAGES.noClientsHelp))).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: en(CLIENT_MESSAGES.addFirst) }));
    expect(await screen.findByRole('dialog')).toBeTruthy();
  });
});
