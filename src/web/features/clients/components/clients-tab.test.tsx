// @vitest-environment jsdom
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CLIENT_MESSAGES } from '@/domain/clients';
import { createQueryClient } from '@/web/lib/query-client';
import { ClientsTab } from './clients-tab';

describe('ClientsTab with no clients', () => {
  beforeEach(() => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify({ items: [], nextCursor: null, total: 0 }), { status: 200 })),
    );
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('explains what clients are for and opens Add Client from the empty list', async () => {
    render(
      <MemoryRouter>
        <QueryClientProvider client={createQueryClient()}>
          <ClientsTab />
        </QueryClientProvider>
      </MemoryRouter>,
    );
    expect(await screen.findByText(CLIENT_MESSAGES.noClients)).toBeTruthy();
    expect(screen.getByText(CLIENT_MESSAGES.noClientsHelp)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: CLIENT_MESSAGES.addFirst }));
    expect(await screen.findByRole('dialog')).toBeTruthy();
  });
});
