import { infiniteQueryOptions, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { createTemplateSchema, Template, templatePageSchema, updateTemplateSchema } from '@/domain/templates';
import { api } from '@/web/lib/api-client';
import { QUERY_ROOTS } from '@/web/lib/query-keys';
import type { LiveRefresh } from '@/web/lib/realtime';

type TemplatePage = z.infer<typeof templatePageSchema>;

export const templateKeys = {
  all: [QUERY_ROOTS.templates] as const,
  list: (search: string) => [QUERY_ROOTS.templates, 'list', search] as const,
  choices: [QUERY_ROOTS.templates, 'choices'] as const,
};

/** Live updates: the Templates tab and the template picker. */
export const templatesLive: LiveRefresh = { templates: () => [templateKeys.all] };

export function templateListQuery(search: string) {
  return infiniteQueryOptions({
    queryKey: templateKeys.list(search),
    queryFn: ({ pageParam }) => {
      const params = new URLSearchParams({ search });
      if (pageParam) params.set('cursor', pageParam);
      return api.get<TemplatePage>(`/api/templates?${params}`);
    },
    initialPageParam: '' as string,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}

/** The template select of the Create Project dialog: the 100 newest. */
export const templateChoicesQuery = queryOptions({
  queryKey: templateKeys.choices,
  queryFn: () => api.get<TemplatePage>('/api/templates?limit=100').then((page) => page.items),
});

export function useCreateTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: z.input<typeof createTemplateSchema>) => api.post<Template>('/api/templates', input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: templateKeys.all }),
  });
}

export function useUpdateTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...input }: z.input<typeof updateTemplateSchema> & { id: string }) =>
      api.patch<Template>(`/api/templates/${id}`, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: templateKeys.all }),
  });
}

export function useDeleteTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete<void>(`/api/templates/${id}`),
    // The tab shows spec 8's 'Failed to delete template'.
    meta: { handlesErrors: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: templateKeys.all }),
  });
}
