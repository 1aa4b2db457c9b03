import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { AddLinkInput, ProjectFile } from '@/domain/files';
import { FILE_MESSAGES } from '@/domain/files';
import { api, ApiError, FALLBACK_ERROR_MESSAGE } from '@/web/lib/api-client';

export const fileKeys = {
  list: (projectId: string) => ['files', projectId] as const,
};

export function fileListQuery(projectId: string) {
  return queryOptions({
    queryKey: fileKeys.list(projectId),
    queryFn: () => api.get<{ items: ProjectFile[] }>(`/api/projects/${projectId}/files`).then((r) => r.items),
  });
}

/** The authorized download route; there is no public URL for a stored file. */
export function downloadUrl(file: ProjectFile): string {
  return `/api/projects/${file.projectId}/files/${file.id}/download`;
}

/** fetch() reports no upload progress, so the upload goes through XMLHttpRequest. */
function uploadWithProgress(projectId: string, file: File, onProgress: (percent: number) => void): Promise<ProjectFile> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', `/api/projects/${projectId}/files`);
    request.withCredentials = true;
    request.responseType = 'json';
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(Math.round((event.loaded / event.total) * 100));
    };
    request.onload = () => {
      if (request.status >= 200 && request.status < 300) return resolve(request.response as ProjectFile);
      const body = request.response as { error?: { code?: string; message?: string } } | null;
      reject(new ApiError(request.status, body?.error?.code ?? `http_${request.status}`, body?.error?.message || FILE_MESSAGES.uploadFailed));
    };
    request.onerror = () => reject(new ApiError(0, 'network_error', FALLBACK_ERROR_MESSAGE));
    const form = new FormData();
    form.append('file', file);
    request.send(form);
  });
}

export function useUploadFile(projectId: string, onProgress: (percent: number) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => uploadWithProgress(projectId, file, onProgress),
    // Spec 8: 'Upload failed' is shown by the tab.
    meta: { handlesErrors: true },
    onSettled: () => queryClient.invalidateQueries({ queryKey: fileKeys.list(projectId) }),
  });
}

export function useAddLink(projectId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: AddLinkInput) => api.post<ProjectFile>(`/api/projects/${projectId}/links`, input),
    // Spec 8: 'Failed to add link' is shown by the dialog.
    meta: { handlesErrors: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: fileKeys.list(projectId) }),
  });
}

export function useDeleteFile(projectId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (fileId: string) => api.delete<void>(`/api/projects/${projectId}/files/${fileId}`),
    // Spec 8: 'Failed to delete file: ...' is shown by the item.
    meta: { handlesErrors: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: fileKeys.list(projectId) }),
  });
}
