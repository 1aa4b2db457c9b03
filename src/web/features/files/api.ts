import { infiniteQueryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { AddLinkInput, FilePage, ProjectFile } from '@/domain/files';
import { FILE_MESSAGES } from '@/domain/file-rules';
import { api, ApiError, FALLBACK_ERROR_MESSAGE } from '@/web/lib/api-client';
import { noteOwnChangeSettled, ownChangeHeaders } from '@/web/lib/own-changes';
import { projectListPageUrl, type ProjectSource } from '@/web/lib/project-source';

export const fileKeys = {
  list: (source: ProjectSource) => [...source.queryKey, 'files'] as const,
};

/** The files and links, newest first, a page at a time (issue 36). */
export function fileListQuery(source: ProjectSource) {
  return infiniteQueryOptions({
    queryKey: fileKeys.list(source),
    queryFn: ({ pageParam }) => api.get<FilePage>(projectListPageUrl(source, '/files', pageParam)),
    initialPageParam: '' as string,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}

/**
 * The authorized download route; there is no public URL for a stored file. Through a link the
 * grant cookie is scoped to the link's path, so a plain anchor under it is authorized too.
 */
export function downloadUrl(source: ProjectSource, file: ProjectFile): string {
  return `${source.basePath}/files/${file.id}/download`;
}

/** fetch() reports no upload progress, so the upload goes through XMLHttpRequest. */
function uploadWithProgress(source: ProjectSource, file: File, onProgress: (percent: number) => void): Promise<ProjectFile> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', `${source.basePath}/files`);
    request.withCredentials = true;
    request.responseType = 'json';
    for (const [name, value] of Object.entries(ownChangeHeaders())) request.setRequestHeader(name, value);
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(Math.round((event.loaded / event.total) * 100));
    };
    request.onload = () => {
      noteOwnChangeSettled();
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

export function useUploadFile(source: ProjectSource, onProgress: (percent: number) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => uploadWithProgress(source, file, onProgress),
    // Spec 8: 'Upload failed' is shown by the tab.
    meta: { handlesErrors: true },
    onSettled: () => queryClient.invalidateQueries({ queryKey: fileKeys.list(source) }),
  });
}

export function useAddLink(source: ProjectSource) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: AddLinkInput) => api.post<ProjectFile>(`${source.basePath}/links`, input),
    // Spec 8: 'Failed to add link' is shown by the dialog.
    meta: { handlesErrors: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: fileKeys.list(source) }),
  });
}

export function useDeleteFile(source: ProjectSource) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (fileId: string) => api.delete<void>(`${source.basePath}/files/${fileId}`),
    // Spec 8: 'Failed to delete file: ...' is shown by the item.
    meta: { handlesErrors: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: fileKeys.list(source) }),
  });
}
