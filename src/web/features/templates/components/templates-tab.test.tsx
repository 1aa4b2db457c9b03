// @vitest-environment jsdom
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TEMPLATE_MESSAGES } from '@/domain/templates';
import { createQueryClient } from '@/web/lib/query-client';
import { TEMPLATES_TEXTS } from '../texts';
import { TemplatesTab } from './templates-tab';

const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });

function renderTab(role: 'admin') {
  vi.stubGlobal('fetch', vi.fn(async () => json({ items: [], nextCursor: null, matched: 0, total: 0 })));
  render(
    <QueryClientProvider client={createQueryClient()}>
      <TemplatesTab role={role} onUseTemplate={() => {}} />
    </QueryClientProvider>,
  );
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('Templates tab, no templates yet (issue 27)', () => {
  it('offers those who manage templates the first one, opening Create Template', async () => {
    renderTab('admin');
    expect(await screen.findByText(TEMPLATE_MESSAGES.noTemplates)).toBeTruthy();
    expect(screen.getByText(TEMPLATES_TEXTS.noTemplatesHelp)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: TEMPLATES_TEXTS.createFirst }));
    expect(await screen.findByRole('dialog', { name: TEMPLATES_TEXTS.createTitle })).toBeTruthy();
  });

});
