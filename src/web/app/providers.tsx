import { QueryClientProvider } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import { ToasterHost } from '@/web/components/ui/toaster-host';
import { createQueryClient } from '@/web/lib/query-client';

/** `client`: one made before the first render, when main.tsx started the page's requests early. */
export function Providers({ children, client }: { children: ReactNode; client?: QueryClient }) {
  const [queryClient] = useState(() => client ?? createQueryClient());
  return (
    <QueryClientProvider client={queryClient}>
      {children}
      <ToasterHost />
    </QueryClientProvider>
  );
}
