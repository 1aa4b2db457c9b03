// Settings -> Webhooks (issue 30): the organization's outgoing webhooks, for its admins.
import { infiniteQueryOptions, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateWebhookInput, UpdateWebhookInput, Webhook, WebhookDelivery, WebhookWithSecret } from '@/domain/webhooks';
import { api } from '@/web/lib/api-client';
import { QUERY_ROOTS } from '@/web/lib/query-keys';

const webhooksKey = [QUERY_ROOTS.settings, 'webhooks'] as const;
const hookPath = (webhookId: string) => `/api/webhooks/${encodeURIComponent(webhookId)}`;

/**
 * Issue 49 item 7: a delivery waits for the worker (at once, or its next try), and no live topic
 * tells the page when it is sent; so what shows a pending delivery is read again this often until
 * none shows, and the status changes on screen without reopening anything.
 */
export const PENDING_REFRESH_MS = 3_000;

/** The organization's hooks with their latest delivery, re-read while one of those is pending. */
export const webhooksQuery = queryOptions({
  queryKey: webhooksKey,
  queryFn: () => api.get<Webhook[]>('/api/webhooks'),
  refetchInterval: (query) => (query.state.data?.some((hook) => hook.lastDelivery?.status === 'pending') ? PENDING_REFRESH_MS : false),
});

type DeliveryPage = { items: WebhookDelivery[]; nextCursor: string | null };

/** A hook's delivery log, newest first, a page at a time; re-read while a delivery on it is pending. */
export function deliveriesQuery(webhookId: string) {
  return infiniteQueryOptions({
    queryKey: [...webhooksKey, webhookId, 'deliveries'],
    queryFn: ({ pageParam }) => api.get<DeliveryPage>(`${hookPath(webhookId)}/deliveries${pageParam ? `?cursor=${encodeURIComponent(pageParam)}` : ''}`),
    initialPageParam: '' as string,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    refetchInterval: (query) =>
      query.state.data?.pages.some((page) => page.items.some((delivery) => delivery.status === 'pending')) ? PENDING_REFRESH_MS : false,
  });
}

function useWebhookMutation<Input, Output>(mutationFn: (input: Input) => Promise<Output>, options: { handlesErrors?: boolean } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    ...(options.handlesErrors ? { meta: { handlesErrors: true } } : {}),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: webhooksKey }),
  });
}

/** The dialogs show the server's message themselves and keep what was typed. */
export const useCreateWebhook = () => useWebhookMutation((input: CreateWebhookInput) => api.post<WebhookWithSecret>('/api/webhooks', input), { handlesErrors: true });

export const useUpdateWebhook = () =>
  useWebhookMutation(({ webhookId, change }: { webhookId: string; change: UpdateWebhookInput }) => api.patch<Webhook>(hookPath(webhookId), change), { handlesErrors: true });

export const useRollWebhookSecret = () => useWebhookMutation((webhookId: string) => api.post<WebhookWithSecret>(`${hookPath(webhookId)}/secret`));

export const useDeleteWebhook = () => useWebhookMutation((webhookId: string) => api.delete<void>(hookPath(webhookId)));

export const useSendTestEvent = () => useWebhookMutation((webhookId: string) => api.post<WebhookDelivery>(`${hookPath(webhookId)}/test`));

export const useRedeliver = () =>
  useWebhookMutation(({ webhookId, deliveryId }: { webhookId: string; deliveryId: string }) =>
    api.post<WebhookDelivery>(`${hookPath(webhookId)}/deliveries/${encodeURIComponent(deliveryId)}/redeliver`),
  );
