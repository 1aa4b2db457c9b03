import { infiniteQueryOptions, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { DecideApprovalInput, RequestApprovalInput } from '@/domain/approvals';
import type { AddLinkInput, FilePage, FileVersion, LinkApprovals, ProjectFile } from '@/domain/files';
import { FILE_MESSAGES } from '@/domain/file-rules';
import { api, ApiError, FALLBACK_ERROR_MESSAGE } from '@/web/lib/api-client';
import { translate } from '@/web/lib/i18n';
import { noteOwnChangeSettled, ownChangeHeaders } from '@/web/lib/own-changes';
import { projectListPageUrl, type ProjectSource } from '@/web/lib/project-source';

export const fileKeys = {
  list: (source: ProjectSource) => [...source.queryKey, 'files'] as const,
  versions: (source: ProjectSource, fileId: string) => [...source.queryKey, 'files', fileId, 'versions'] as const,
  awaiting: (source: ProjectSource) => [...source.queryKey, 'approvals'] as const,
};

/** Issue 33: the newest version's thumbnail, made by the server (the version keeps it fresh). */
export function thumbnailUrl(source: ProjectSource, file: ProjectFile): string {
  return `${source.basePath}/files/${file.id}/thumbnail?v=${file.version}`;
}

/** One version's own download (also what the in-page viewer reads). */
export function versionDownloadUrl(source: ProjectSource, fileId: string, version: number): string {
  return `${source.basePath}/files/${fileId}/versions/${version}/download`;
}

/** What the in-page viewer shows: images and PDF only; anything else (HTML, SVG, ...) is downloaded, never rendered. */
export function previewKind(fileType: string): 'image' | 'pdf' | null {
  if (fileType === 'image/png' || fileType === 'image/jpeg' || fileType === 'image/gif') return 'image';
  if (fileType === 'application/pdf') return 'pdf';
  return null;
}

export function versionsQuery(source: ProjectSource, fileId: string) {
  return queryOptions({
    queryKey: fileKeys.versions(source, fileId),
    queryFn: () => api.get<{ items: FileVersion[] }>(`${source.basePath}/files/${fileId}/versions`),
  });
}

/** On a share link: the files awaiting the client's approval, those decided, and whether this link may decide. */
export function linkApprovalsQuery(source: ProjectSource) {
  return queryOptions({
    queryKey: fileKeys.awaiting(source),
    queryFn: () => api.get<LinkApprovals>(`${source.basePath}/approvals`),
  });
}

export function useUploadVersion(source: ProjectSource, fileId: string, onProgress: (percent: number) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => uploadWithProgress(source, file, onProgress, `/files/${fileId}/versions`),
    meta: { handlesErrors: true },
    onSettled: () => queryClient.invalidateQueries({ queryKey: fileKeys.list(source) }),
  });
}

export function useRequestApproval(source: ProjectSource, fileId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: RequestApprovalInput) => api.put<void>(`${source.basePath}/files/${fileId}/approval`, input),
    meta: { handlesErrors: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: source.queryKey }),
  });
}

export function useCancelApproval(source: ProjectSource, fileId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.delete<void>(`${source.basePath}/files/${fileId}/approval`),
    meta: { handlesErrors: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: source.queryKey }),
  });
}

/**
 * The client's decision on one of the link's files. Held by the approvals panel, which stays on
 * screen when the decided file leaves what awaits, so the caller's own callbacks still run.
 */
export function useDecideApproval(source: ProjectSource) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ fileId, ...input }: DecideApprovalInput & { fileId: string }) => api.post<ProjectFile>(`${source.basePath}/files/${fileId}/approval`, input),
    meta: { handlesErrors: true },
    onSuccess: (decided) => {
      // Issue 49 item 7: the file moves at once from what awaits to what was decided, with the
      // decision the server recorded, before the lists are read again.
      queryClient.setQueryData<LinkApprovals>(fileKeys.awaiting(source), (current) =>
        current ? { ...current, items: current.items.filter((file) => file.id !== decided.id), decided: [decided, ...current.decided.filter((file) => file.id !== decided.id)] } : current,
      );
      return queryClient.invalidateQueries({ queryKey: source.queryKey });
    },
  });
}

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
function uploadWithProgress(source: ProjectSource, file: File, onProgress: (percent: number) => void, path = '/files'): Promise<ProjectFile> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', `${source.basePath}${path}`);
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
      reject(new ApiError(request.status, body?.error?.code ?? `http_${request.status}`, body?.error?.message || translate(FILE_MESSAGES.uploadFailed)));
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
