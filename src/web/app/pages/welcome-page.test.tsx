// @vitest-environment jsdom
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import type { Me } from '@/domain/auth';
import { createQueryClient } from '@/web/lib/query-client';
import { meQueryKey } from '@/web/lib/session';
import { WelcomePage } from './welcome-page';

afterEach(cleanup);

describe('WelcomePage', () => {
  it('links each first step to where it is done', () => {
    const queryClient = createQueryClient();
    queryClient.setQueryData(meQueryKey, {
      user: { id: 'u1', email: 'jo@studio.example' },
      profile: { id: 'p1', fullName: 'Jo Rivera', role: 'organization_admin', organizationId: 'o1' },
      organization: { id: 'o1', name: 'Studio Rivera' },
    } as unknown as Me);
    render(
      <MemoryRouter>
        <QueryClientProvider client={queryClient}>
          <WelcomePage />
        </QueryClientProvider>
      </MemoryRouter>,
    );
    const href = (name: RegExp) => screen.getByRole('link', { name }).getAttribute('href');
    expect(href(/Add your clients/)).toBe('/?tab=clients');
    expect(href(/Start a project/)).toBe('/?tab=projects');
    expect(href(/Bring in your team/)).toBe('/?tab=team');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Welcome to Brieflane, Jo!');
  });
});
