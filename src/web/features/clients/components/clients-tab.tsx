import { useInfiniteQuery } from '@tanstack/react-query';
import { Plus } from 'lucide-react';
import { useRef, useState } from 'react';
import { CLIENT_MESSAGES, type Client } from '@/domain/clients';
import { ExportCsvLink } from '@/web/components/export-csv-link';
import { Button } from '@/web/components/ui/button';
import { EmptyState } from '@/web/components/ui/empty-state';
import { LoadErrorPanel } from '@/web/components/ui/load-error-panel';
import { LoadMore } from '@/web/components/ui/load-more';
import { SearchInput } from '@/web/components/ui/search-input';
import { Skeleton } from '@/web/components/ui/skeleton';
import { useDebouncedValue } from '@/web/lib/use-debounced-value';
import { clientListQuery, clientsExportUrl } from '../api';
import { CLIENTS_TEXTS } from '../texts';
import { ClientCard } from './client-card';
import { ClientFormDialog } from './client-form-dialog';
import { useCreateRequest, useOpenRequest } from '@/web/lib/create-request';
import { api } from '@/web/lib/api-client';
import { useT } from '@/web/lib/i18n';

export function ClientsTab() {
  const t = useT('clients', 'domain');
  const [search, setSearch] = useState('');
  const debounced = useDebouncedValue(search.trim());
  const clients = useInfiniteQuery(clientListQuery(debounced));
  const [dialog, setDialog] = useState<{ open: boolean; client?: Client }>({ open: false });
  useCreateRequest('client', true, () => setDialog({ open: true }));
  // A search result opens its client (issue 34).
  useOpenRequest('client', (id) => api.get<Client>(`/api/clients/${encodeURIComponent(id)}`), (client) => setDialog({ open: true, client }));

  const items = clients.data?.pages.flatMap((p) => p.items) ?? [];
  const total = clients.data?.pages[0]?.total ?? 0;
  const grid = useRef<HTMLDivElement>(null);

  return (
    // The shell's page title says 'Clients'; the tab adds its subtitle and actions.
    <section className="space-y-6" aria-label={t(CLIENTS_TEXTS.title)}>
      <div className="flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-muted-foreground">{t(CLIENTS_TEXTS.subtitle)}</p>
        <div className="flex flex-wrap gap-2">
          <ExportCsvLink href={clientsExportUrl(debounced)} />
          <Button onClick={() => setDialog({ open: true })}>
            <Plus aria-hidden />
            {t(CLIENTS_TEXTS.addClient)}
          </Button>
        </div>
      </div>

      <SearchInput
        className="max-w-md"
        aria-label={t(CLIENTS_TEXTS.searchLabel)}
        placeholder={t(CLIENTS_TEXTS.searchPlaceholder)}
        value={search}
        onChange={(e) => setSearch(e.target.value)}
      />

      {clients.isPending ? (
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3 2xl:grid-cols-4" aria-busy="true" aria-label={t(CLIENTS_TEXTS.loadingClients)}>
          {Array.from({ length: 6 }, (_, i) => (
            <Skeleton key={i} className="h-52 rounded-xl" />
          ))}
        </div>
      ) : clients.isError ? (
        <LoadErrorPanel error={clients.error} onRetry={() => void clients.refetch()} />
      ) : items.length === 0 ? (
        debounced ? (
          <EmptyState title={t(CLIENT_MESSAGES.noMatches)} />
        ) : (
          <EmptyState
            title={t(CLIENT_MESSAGES.noClients)}
            text={t(CLIENT_MESSAGES.noClientsHelp)}
            action={
              <Button onClick={() => setDialog({ open: true })}>
                <Plus aria-hidden />
                {t(CLIENT_MESSAGES.addFirst)}
              </Button>
            }
          />
        )
      ) : (
        <>
          <p className="text-sm text-muted-foreground" aria-live="polite">
            {t(CLIENTS_TEXTS.showing, { shown: items.length, total })}
          </p>
          {/* grid-cols-1: a phone's one column is the screen's width, not its widest card's (a name of one long word is cut with an ellipsis). */}
          <div ref={grid} className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3 2xl:grid-cols-4">
            {items.map((client) => (
              <ClientCard key={client.id} client={client} onEdit={() => setDialog({ open: true, client })} />
            ))}
          </div>
          <LoadMore list={clients} items={grid} />
        </>
      )}

      <ClientFormDialog open={dialog.open} client={dialog.client} onOpenChange={(open) => setDialog((d) => ({ ...d, open }))} />
    </section>
  );
}
