// Where a project's tasks, files and notes come from. The project page reads them as a member
// under /api/projects/:projectId; the shared page reads the same sub-paths and payloads through a
// link under /api/project-access/:token (src/domain/sharing.ts). The tasks, files and notes
// features take a source instead of a project id, so both pages use the same components.

import type { LiveRefresh } from './realtime';
import { QUERY_ROOTS } from './query-keys';

export type ProjectSource = {
  /** The API path the sub-paths (/tasks, /files, /notes...) hang off. */
  basePath: string;
  /** Prefix of every query key of this source's lists. */
  queryKey: readonly string[];
  /** The project's id, on the project page (a member's source); a link's source has none. */
  projectId?: string;
};

/** Live updates: a project's tasks, files and notes on the project page. */
export const projectDataLive: LiveRefresh = {
  project: (projectId) => [projectId ? [QUERY_ROOTS.projectData, projectId] : [QUERY_ROOTS.projectData]],
};

export function memberProjectSource(projectId: string): ProjectSource {
  return { basePath: `/api/projects/${encodeURIComponent(projectId)}`, queryKey: [QUERY_ROOTS.projectData, projectId], projectId };
}

/**
 * `viewerId` is part of the key: what a link viewer may do (own notes, contributing) depends on
 * who is signed in, so signing in on the shared page loads the lists afresh.
 */
export function sharedProjectSource(token: string, viewerId: string | null): ProjectSource {
  return {
    basePath: `/api/project-access/${encodeURIComponent(token)}`,
    queryKey: [QUERY_ROOTS.projectAccess, token, viewerId ?? 'anonymous'],
  };
}

/** One page of a project's list (tasks, notes, files): the sub-path, then the cursor of the page before. */
export function projectListPageUrl(source: ProjectSource, path: string, cursor: string): string {
  return `${source.basePath}${path}${cursor ? `?cursor=${encodeURIComponent(cursor)}` : ''}`;
}
