// A task panel's place in the address (issue 29), shared by the project page and the shared page:
// /project/:projectId/tasks/:taskId and /project-access/:token/tasks/:taskId, with an optional
// #comment-<id> (an inbox notification of a comment). Its own small module: the pages read it at
// once, the panel's code loads later.
import type { NavigateFunction } from 'react-router';

/** Navigation state of a title's link: the page was open under the panel, so Back closes it. */
export const PANEL_OPENED_FROM_PAGE = { taskPanelFrom: 'page' } as const;

export function openedFromPage(state: unknown): boolean {
  return typeof state === 'object' && state !== null && (state as { taskPanelFrom?: unknown }).taskPanelFrom === 'page';
}

/** The comment named by the address's #comment-<id>, or null. */
export function targetCommentId(hash: string): string | null {
  return /^#comment-([\w-]{1,100})$/.exec(hash)?.[1] ?? null;
}

/**
 * Closing the panel: back to the page it was opened over, as it was (Back, so the history does
 * not hold the panel twice), or for a panel opened by its address (a pasted link, the inbox,
 * My Work) to the page's Tasks, in its place.
 */
export function closeTaskPanel(navigate: NavigateFunction, fromPage: boolean, pagePath: string): void {
  if (fromPage) void navigate(-1);
  else void navigate(pagePath, { replace: true });
}
