// A task's panel (issue 29): /project/:projectId/tasks/:taskId on the project page and
// /project-access/:token/tasks/:taskId on the shared page open the task over the page, on the
// right (the whole screen on a phone): its fields, its activity (staff) and its comments. The
// pages say what their viewer may do. Its own chunk, loaded when a task is opened (or with the
// page, for its address: page-paths.ts); the Markdown renderer loads after it, with the comments.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { LoaderCircle, X } from 'lucide-react';
import { useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { SHARING_MESSAGES } from '@/domain/sharing-rules';
import { TASK_MESSAGES } from '@/domain/task-rules';
import { Button } from '@/web/components/ui/button';
import { Dialog, DialogClose, DialogTitle, SidePanelContent } from '@/web/components/ui/dialog';
import { LoadErrorPanel } from '@/web/components/ui/load-error-panel';
import { UI_TEXTS } from '@/web/components/ui/texts';
import { FollowButton } from '@/web/features/comments/components/follow-button';
import { TaskComments } from '@/web/features/comments/components/task-comments';
import { COMMENT_TEXTS } from '@/web/features/comments/texts';
import { taskFromList, taskKeys, taskQuery } from '@/web/features/tasks/api';
import { TaskActivity } from '@/web/features/tasks/components/task-activity';
import { TaskDetails, type StatusControl } from '@/web/features/tasks/components/task-details';
import { openedFromPage } from '@/web/features/tasks/components/task-title';
import { TASK_TEXTS } from '@/web/features/tasks/texts';
import { TimeActions } from '@/web/features/time/components/time-actions';
import { ApiError } from '@/web/lib/api-client';
import { useT } from '@/web/lib/i18n';
import type { ProjectSource } from '@/web/lib/project-source';

/** What the page's viewer may see and do in the panel. */
export type TaskPanelAccess = {
  status: StatusControl;
  /** Staff: the task's other fields. */
  canEditFields: boolean;
  showAssignee: boolean;
  /** Staff: the task's activity. */
  showActivity: boolean;
  canComment: boolean;
  /** The project page's people may be mentioned; a link's viewer mentions no one (the server refuses it). */
  canMention: boolean;
  /** The project page's people follow tasks (issue 29); a link's viewer does not. */
  canFollow: boolean;
  /** Issue 32: a member logs time on the task; a link's viewer never sees time. */
  canLogTime?: boolean;
  /** Why a link's viewer may not comment: signed out, or the link is view only. */
  readOnly?: 'sign-in' | 'view-only';
};

type TaskPanelProps = {
  source: ProjectSource;
  taskId: string;
  access: TaskPanelAccess;
  /** The page under the panel, at its tasks: where closing a panel opened by its address goes. */
  pagePath: string;
};

/** The comment named by the address's #comment-<id> (an inbox notification), or null. */
export function targetCommentId(hash: string): string | null {
  return /^#comment-([\w-]{1,100})$/.exec(hash)?.[1] ?? null;
}

/** Keys whose Escape the panel leaves to the element (a list of names, an edit form). */
const KEEPS_ESCAPE = '[data-keeps-escape]';

export function TaskPanel({ source, taskId, access, pagePath }: TaskPanelProps) {
  const t = useT('tasks', 'comments', 'domain-shared');
  const queryClient = useQueryClient();
  const location = useLocation();
  const navigate = useNavigate();
  // Back to the page it was opened over, as it was (the history does not hold the panel twice);
  // opened by its address (a pasted link, the inbox, My Work), to the page's tasks in its place.
  const close = () => {
    if (openedFromPage(location.state)) void navigate(-1);
    else void navigate(pagePath, { replace: true });
  };
  // The list's copy shows at once; the task's own answer replaces it.
  const task = useQuery({ ...taskQuery(source, taskId), placeholderData: () => taskFromList(queryClient.getQueryData(taskKeys.list(source)), taskId) });
  const title = useRef<HTMLHeadingElement>(null);
  const missing = task.error instanceof ApiError && task.error.status === 404;

  return (
    <Dialog open onOpenChange={(open) => !open && close()}>
      <SidePanelContent
        aria-describedby={undefined}
        // The panel opens on its title (a long panel, read from the top), not on its first control.
        onOpenAutoFocus={(event) => {
          event.preventDefault();
          title.current?.focus();
        }}
        onEscapeKeyDown={(event) => {
          if (event.target instanceof Element && event.target.closest(KEEPS_ESCAPE)) event.preventDefault();
        }}
        // Opened by its address (or from the inbox): focus goes to the task's title in the list.
        fallbackFocus={() => document.querySelector<HTMLElement>(`[data-task-title="${CSS.escape(taskId)}"]`)}
      >
        {/* Toasts at the top start under it: the title, Follow and Close stay clickable (toaster.tsx). */}
        <header data-toasts-below="" className="flex items-start gap-3 border-b px-4 py-3 sm:px-6 sm:py-4">
          <DialogTitle ref={title} tabIndex={-1} className="-mx-1.5 min-w-0 flex-1 rounded-md px-1.5 py-1.5 text-lg leading-snug break-words outline-none focus-visible:ring-2 focus-visible:ring-ring">
            {task.data?.title ?? (missing ? t(TASK_MESSAGES.notFound) : task.isError ? t(TASK_TEXTS.panel.loadFailed) : t(TASK_TEXTS.panel.loading))}
          </DialogTitle>
          {access.canFollow && task.data ? <FollowButton source={source} taskId={taskId} /> : null}
          <DialogClose asChild>
            <Button variant="ghost" size="icon" className="-mr-2 shrink-0" aria-label={t(UI_TEXTS.close)}>
              <X aria-hidden />
            </Button>
          </DialogClose>
        </header>
        <div className="grid flex-1 content-start gap-8 overflow-y-auto px-4 py-5 sm:px-6">
          {task.data ? (
            <>
              {access.canLogTime && source.projectId ? <TimeActions projectId={source.projectId} taskId={taskId} place={task.data.title} /> : null}
              <TaskDetails source={source} task={task.data} status={access.status} canEditFields={access.canEditFields} showAssignee={access.showAssignee} />
              {access.showActivity ? <TaskActivity source={source} taskId={taskId} /> : null}
              <TaskComments
                source={source}
                taskId={taskId}
                canComment={access.canComment}
                canMention={access.canMention}
                targetCommentId={targetCommentId(location.hash)}
                readOnlyHint={
                  access.readOnly ? (
                    <p className="rounded-lg border bg-muted/40 p-3 text-sm text-muted-foreground">
                      {access.readOnly === 'sign-in' ? t(COMMENT_TEXTS.signInToComment) : t(SHARING_MESSAGES.viewOnly)}
                    </p>
                  ) : null
                }
              />
            </>
          ) : missing ? (
            <p role="alert" className="text-sm text-muted-foreground">
              {t(TASK_MESSAGES.notFound)}
            </p>
          ) : task.isError ? (
            // Issue 49 item 3: a read that failed, unlike a task that is gone, can be tried again.
            <LoadErrorPanel title={t(TASK_TEXTS.panel.loadFailed)} error={task.error} onRetry={() => void task.refetch()} />
          ) : (
            <p role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
              <LoaderCircle className="size-4 animate-spin" aria-hidden />
              {t(TASK_TEXTS.panel.loading)}
            </p>
          )}
        </div>
      </SidePanelContent>
    </Dialog>
  );
}
