import { QueryClientProvider, useQuery } from '@tanstack/react-query';
import { useEffect, useState, type ReactNode } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import { ToasterHost } from '@/web/components/ui/toaster-host';
import { activateLocale, rememberLocale, useLocale } from '@/web/lib/i18n';
import { meQueryOptions } from '@/web/lib/session';
import { createQueryClient } from '@/web/lib/query-client';

/**
 * `client`: one made before the first render, when main.tsx started the page's requests early.
 * The language's catalogs are loaded before the first render (main.tsx; the test kit).
 */
/**
 * Issue 48: a member's saved language wins over this browser's as soon as /api/me tells it (a
 * new device, another member signing in here). Reads the query others fetch; never fetches.
 */
function MemberLanguage() {
  const saved = useQuery({ ...meQueryOptions, enabled: false }).data?.profile.locale ?? null;
  const active = useLocale();
  useEffect(() => {
    if (saved && saved !== active) {
      rememberLocale(saved);
      void activateLocale(saved);
    }
  }, [saved, active]);
  return null;
}

export function Providers({ children, client }: { children: ReactNode; client?: QueryClient }) {
  const [queryClient] = useState(() => client ?? createQueryClient());
  return (
    <QueryClientProvider client={queryClient}>
      <MemberLanguage />
      {children}
      <ToasterHost />
    </QueryClientProvider>
  );
}
