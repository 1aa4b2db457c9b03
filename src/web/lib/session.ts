// The Me query drives the whole app's auth state: `null` means signed out (the server answered
// 401), a Me means signed in. Every feature that changes the user or organization updates it.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Me } from '@/domain/auth';
import { DEFAULT_LOCALE, type Locale } from '@/domain/locales';
import { api, ApiError } from './api-client';
import { loadTexts } from './i18n';
import { QUERY_ROOTS } from './query-keys';
import type { LiveRefresh } from './realtime';

export const meQueryKey = [QUERY_ROOTS.me] as const;
const ME_PATH = '/api/me';
/** The parts of the words the signed-out screens show: the auth feature's and its rules'. */
export const SIGNED_OUT_TEXTS = ['auth', 'domain-auth'] as const;

/**
 * Whether a signed-out answer leads to the sign-in screen, so waits for its words: not on a share
 * link's page (main.tsx), whose visitor is signed out and never shown it (issue 48: a share link
 * downloads its own parts' words only). Should they go on to it, it suspends on its words.
 */
let signedOutShowsSignIn = true;
export function signedOutOnPublicPage(): void {
  signedOutShowsSignIn = false;
}

/** Live updates: a member's change may be one's own role; the organization's name is in Me. */
export const meLive: LiveRefresh = { team: () => [meQueryKey], organization: () => [meQueryKey] };

export const meQueryOptions = queryOptions({
  queryKey: meQueryKey,
  queryFn: async (): Promise<Me | null> => {
    try {
      return await api.get<Me>(ME_PATH);
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) {
        takeStalePreloads();
        // Signed out arrives with the sign-in screen's words (issue 48), so it never waits on them.
        if (signedOutShowsSignIn) await loadTexts(...SIGNED_OUT_TEXTS);
        return null;
      }
      throw error;
    }
  },
  staleTime: 5 * 60_000,
});

/**
 * Signed out, yet the page may have come with a signed-in page's preloaded reads (the HTML was
 * asked for while a session was ending). The browser hands a preloaded answer to the first
 * matching request, which would be the app's first read after the next sign-in: a stale 401 that
 * signs the tab out again. Taking them now, as the app's reads would (same credentials and
 * Accept), leaves nothing stale to find.
 */
function takeStalePreloads(): void {
  if (typeof document === 'undefined') return;
  for (const link of document.querySelectorAll<HTMLLinkElement>('link[rel="preload"][as="fetch"]')) {
    link.remove();
    // Every page preloads /api/me; this very query took that one.
    if (new URL(link.href, window.location.href).pathname === ME_PATH) continue;
    void fetch(link.href, { credentials: 'same-origin', headers: { Accept: 'application/json' } })
      .then((response) => response.body?.cancel())
      .catch(() => {});
  }
}

export function useMe() {
  return useQuery(meQueryOptions);
}

/** The signed-in user; only for components rendered behind the signed-in gate. */
/**
 * Issue 32: the organization's currency, from the Me already loaded by the sign-in gate (never a
 * request of its own: a card or form deep in a page only reads it).
 */
export function useOrganizationCurrency(): string {
  return useQuery({ ...meQueryOptions, enabled: false }).data?.organization.currency ?? 'USD';
}

/** Issue 48: the organization's language (its links' and emails' when none is chosen), from the Me already loaded. */
export function useOrganizationLocale(): Locale {
  return useQuery({ ...meQueryOptions, enabled: false }).data?.organization.locale ?? DEFAULT_LOCALE;
}

export function useSignedInMe(): Me {
  const { data } = useMe();
  if (!data) throw new Error('useSignedInMe used while signed out');
  return data;
}

// Where a sign-in that is about to happen should land, when not where the browser is (a new
// account lands on /welcome). The gate sends the first signed-in render there, so the page
// under the auth screen (the dashboard at /) never renders in between.
let landing: string | null = null;

export function landAfterSignIn(path: string | null): void {
  landing = path;
}

export function pendingLanding(): string | null {
  return landing;
}
