// Settings -> Passkeys (issue 31 item 3): the member's own passkeys. Adding one runs the browser's
// WebAuthn ceremony through @simplewebauthn/browser, loaded only then (decision 013).
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { PublicKeyCredentialCreationOptionsJSON } from '@simplewebauthn/browser';
import type { Passkey } from '@/domain/passkeys';
import { api, ApiError } from '@/web/lib/api-client';
import { QUERY_ROOTS } from '@/web/lib/query-keys';

const passkeysKey = [QUERY_ROOTS.settings, 'passkeys'] as const;

export const passkeysQuery = queryOptions({
  queryKey: passkeysKey,
  queryFn: () => api.get<Passkey[]>('/api/settings/passkeys'),
});

/** The browser half of WebAuthn: its own chunk, fetched when the Add dialog opens. */
export const loadWebAuthn = () => import('@simplewebauthn/browser');

/**
 * Adds a passkey: the password for the options (and their challenge), the browser's ceremony
 * (the device asks for a fingerprint, face or PIN), then its answer under `name`.
 */
export function useAddPasskey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ name, password }: { name: string; password: string }) => {
      const [optionsJSON, { startRegistration }] = await Promise.all([
        api.post<PublicKeyCredentialCreationOptionsJSON>('/api/settings/passkeys/options', { password }),
        loadWebAuthn(),
      ]);
      const response = await startRegistration({ optionsJSON });
      return api.post<Passkey>('/api/settings/passkeys', { name, response });
    },
    // The dialog shows a wrong password under its field and the rest itself.
    meta: { handlesErrors: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: passkeysKey }),
  });
}

export function useRenamePasskey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, name }: { id: string; name: string }) => api.patch<Passkey>(`/api/settings/passkeys/${encodeURIComponent(id)}`, { name }),
    meta: { handlesErrors: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: passkeysKey }),
    // Removed meanwhile (another tab): the list is read again.
    onError: (error) => error instanceof ApiError && error.status === 404 && queryClient.invalidateQueries({ queryKey: passkeysKey }),
  });
}

export function useRemovePasskey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete<void>(`/api/settings/passkeys/${encodeURIComponent(id)}`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: passkeysKey }),
  });
}
