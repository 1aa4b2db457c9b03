// The web test kit's render (issue 28 item 4): a component inside the app's own providers (the
// query client with its error handling, the toaster) and a router, as main.tsx renders the app.
import type { QueryClient } from '@tanstack/react-query';
import { cleanup, configure, render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach } from 'vitest';
import type { Me } from '@/domain/auth';
import type { Role } from '@/domain/roles';
import { Providers } from '@/web/app/providers';
import { activateLocale } from '@/web/lib/i18n';
import { createQueryClient } from '@/web/lib/query-client';
import { meQueryOptions } from '@/web/lib/session';
import { authApi, signedInMember } from './api-handlers';
import { apiServer } from './api-server';

// findBy and waitFor wait up to 3 s instead of 1: in CI these tests share two cores with
// Playwright, and a toast a second late is not a defect. A passing wait ends as soon as it holds.
configure({ asyncUtilTimeout: 3_000 });

// Registered after api-server.ts's hooks, so it runs before them: the screen goes before the
// handlers it could still call.
afterEach(cleanup);

// The app renders in English in component tests, as main.tsx would for an English browser, with
// every part of the words loaded: a component never suspends on them (useT still refuses a text
// of a part the component did not name).
const ENGLISH_PARTS = Object.keys(import.meta.glob('/src/locales/en/*.ts')).map((file) => file.replace(/^.*\/(.+)\.ts$/, '$1'));
await activateLocale('en', ENGLISH_PARTS);

type RenderOptions = {
  /**
   * Who is signed in, as `/api/me` answers: a member of this role (signedInMember), this member,
   * or `null` for nobody (401). Left out, /api/me has no handler: a component that asks fails.
   */
  signedInAs?: Role | Me | null;
  /** The router's location; '/' unless given. */
  route?: string;
};

/** The app's query client, with retries off: a failed request fails at once, not seconds later. */
function createTestQueryClient(): QueryClient {
  const queryClient = createQueryClient();
  const defaults = queryClient.getDefaultOptions();
  queryClient.setDefaultOptions({ ...defaults, queries: { ...defaults.queries, retry: false } });
  return queryClient;
}

/**
 * Renders `ui` as the app would: a fresh query client per render, the router at `route`, and
 * when `signedInAs` is given, who is signed in read from /api/me before the first render (as
 * main.tsx and the router's gate do). Returns Testing Library's result and the query client.
 */
export async function renderWithProviders(ui: ReactNode, { signedInAs, route = '/' }: RenderOptions = {}) {
  const queryClient = createTestQueryClient();
  if (signedInAs !== undefined) {
    apiServer.use(authApi.me(typeof signedInAs === 'string' ? signedInMember(signedInAs) : signedInAs));
    await queryClient.prefetchQuery(meQueryOptions);
  }
  const view = render(ui, {
    wrapper: ({ children }) => (
      <Providers client={queryClient}>
        <MemoryRouter initialEntries={[route]}>{children}</MemoryRouter>
      </Providers>
    ),
  });
  return { ...view, queryClient };
}
