// Spec 2 "Project detail page" (/project/:projectId): header, then the Project Info, Tasks,
// Files & Links and Notes tabs; inside the dashboard shell, with breadcrumbs (issue 14).
import { useQuery } from '@tanstack/react-query';
import { ArrowLeft, Building2, CalendarDays, LoaderCircle } from 'lucide-react';
import { Suspense, useEffect } from 'react';
import { Link, useMatch, useNavigate, useParams, useSearchParams } from 'react-router';
import { PROJECT_DETAIL_MESSAGES } from '@/domain/project-details';
import { canManageProjects, canManageUsers, tabTitle } from '@/domain/roles';
import { Button } from '@/web/components/ui/button';
import { Breadcrumbs } from '@/web/components/ui/breadcrumbs';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/web/components/ui/tabs';
import { RecentActivity } from '@/web/features/activity/components/recent-activity';
import { FilesTab } from '@/web/features/files/components/files-tab';
import { NotesTab } from '@/web/features/notes/components/notes-tab';
import { projectDetailQuery } from '@/web/features/projects/api';
import { ProjectInfoTab } from '@/web/features/projects/components/project-info-tab';
import { ApprovalBadges, ProjectStatusBadge } from '@/web/features/projects/components/project-status-badge';
import { PROJECTS_TEXTS } from '@/web/features/projects/texts';
import { TimeActions } from '@/web/features/time/components/time-actions';
import { ProjectShareActions } from '@/web/features/sharing/components/project-share-actions';
import { TasksTab } from '@/web/features/tasks/components/tasks-tab';
import { OPENED_FROM_PAGE, type TaskLinks } from '@/web/features/tasks/components/task-title';
import { ApiError } from '@/web/lib/api-client';
import { useDocumentTitle } from '@/web/lib/document-title';
import { formatDate } from '@/web/lib/format-date';
import { loadTexts, useT } from '@/web/lib/i18n';
import { lazyComponent } from '@/web/lib/lazy-component';
import { notifyError } from '@/web/lib/notify';
import { memberProjectSource } from '@/web/lib/project-source';
import { useSignedInMe } from '@/web/lib/session';
import { PROJECT_TAB_LABELS, PROJECT_TABS, parseProjectTab } from '../project-tabs';
import { APP_TEXTS } from '../texts';
import { DashboardShell } from './dashboard-shell';

// The words of the features the page shows start loading with its code (decision 045), rather
// than one part after another as each first renders.
void loadTexts('sharing', 'files', 'notes', 'domain-shared');

// A task's panel (issue 29) loads when a task is opened, or on a title's hover or focus.
const TaskPanel = lazyComponent(async () => (await import('./task-panel')).TaskPanel);

/** Spec 2: 'Project not found' offers the way back to the list. */
function BackToProjects() {
  const t = useT('domain');
  return (
    <Button asChild>
      <Link to="/">
        <ArrowLeft aria-hidden />
        {t(PROJECT_DETAIL_MESSAGES.back)}
      </Link>
    </Button>
  );
}

/** Inside the dashboard shell with Projects as the current section (issue 14). */
export function ProjectPage() {
  const me = useSignedInMe();
  return (
    <DashboardShell me={me} current="projects">
      <ProjectDetail />
    </DashboardShell>
  );
}

function ProjectDetail() {
  const t = useT('app', 'domain');
  const me = useSignedInMe();
  const { projectId = '' } = useParams();
  const navigate = useNavigate();
  const [searchParams, setSearchParams] = useSearchParams();
  // /project/:projectId/tasks/:taskId: the Tasks tab with the task's panel open over it.
  const openTaskId = useMatch('/project/:projectId/tasks/:taskId')?.params.taskId ?? null;
  const tab = openTaskId ? 'tasks' : parseProjectTab(searchParams.get('tab'));
  const project = useQuery(projectDetailQuery(projectId));
  const missing = project.error instanceof ApiError && project.error.status === 404;
  useDocumentTitle(project.data?.name ?? (missing ? t(PROJECT_DETAIL_MESSAGES.notFound) : null));

  useEffect(() => {
    // Spec 8: any other load failure is announced and the user goes back to the projects.
    if (project.isError && !missing) {
      notifyError(t(PROJECT_DETAIL_MESSAGES.loadFailed), t(APP_TEXTS.errorTitle), 'project-load');
      void navigate('/');
    }
  }, [project.isError, missing, navigate, t]);

  // The tab lives in the URL (issue 14). Switching replaces the entry: Back leaves the page
  // rather than stepping through tabs, and returning lands on the tab the user left.
  const showTab = (value: string) =>
    setSearchParams(
      (params) => {
        const next = new URLSearchParams(params);
        next.set('tab', value);
        return next;
      },
      { replace: true, preventScrollReset: true },
    );

  if (project.isPending) {
    return (
      <div role="status" aria-live="polite" className="flex items-center justify-center gap-2 pt-24 text-muted-foreground">
        <LoaderCircle className="size-5 animate-spin" aria-hidden />
        <span>{t(PROJECT_DETAIL_MESSAGES.loading)}</span>
      </div>
    );
  }
  if (project.isError) {
    return (
      <div className="flex flex-col items-center gap-4 pt-24 text-center">
        <h1 className="text-2xl font-semibold">{t(PROJECT_DETAIL_MESSAGES.notFound)}</h1>
        <BackToProjects />
      </div>
    );
  }

  const data = project.data;
  const source = memberProjectSource(data.id);
  const taskLinks: TaskLinks = {
    href: (task) => `/project/${encodeURIComponent(data.id)}/tasks/${encodeURIComponent(task.id)}`,
    state: OPENED_FROM_PAGE,
    onIntent: TaskPanel.preload,
  };
  return (
    <div className="mx-auto w-full max-w-6xl space-y-6 pt-6">
      {/* Breadcrumbs take the place of spec 2's 'Back to Projects' button here: the first
          crumb leads back to the projects list, as that button did. */}
      <Breadcrumbs
        items={[
          { label: t(tabTitle('projects')), to: '/?tab=projects' },
          // Issue 27: the client crumb leads to the Clients tab, as the projects crumb to its list.
          { label: data.clientName, to: '/?tab=clients' },
          { label: data.name },
        ]}
      />
      <header className="space-y-3">
        <div className="flex flex-wrap items-center gap-2">
          {/* A name of one long word wraps anywhere rather than widen the page (issue 49, 375 px). */}
          <h1 className="min-w-0 text-2xl font-bold tracking-tight wrap-anywhere">{data.name}</h1>
          <ProjectStatusBadge status={data.status} />
          <ApprovalBadges approvals={data.approvals} />
        </div>
        {/* One row of actions, each pair kept together: on a wide screen all four on one line,
            on a phone the time pair wraps whole under the sharing pair (issue 49 item 18). */}
        <div className="flex flex-wrap items-center gap-2" data-testid="project-actions">
          {/* Issue 27: the card's Assign Dev and Share Link (spec 2) here too, for staff. */}
          {canManageProjects(me.profile.role) ? <ProjectShareActions projectId={data.id} projectName={data.name} /> : null}
          {/* Issue 32: time on the project itself. */}
          <TimeActions projectId={data.id} taskId={null} place={data.name} />
        </div>
        {data.description ? <p className="whitespace-pre-wrap text-muted-foreground">{data.description}</p> : null}
        <div className="flex flex-wrap gap-x-6 gap-y-1 text-sm text-muted-foreground">
          <span className="inline-flex items-center gap-1.5">
            <Building2 className="size-4" aria-hidden />
            {data.clientName}
          </span>
          {data.dueDate ? (
            <span className="inline-flex items-center gap-1.5">
              <CalendarDays className="size-4" aria-hidden />
              {t(PROJECTS_TEXTS.due, { date: formatDate(data.dueDate) })}
            </span>
          ) : null}
        </div>
      </header>
      <Tabs value={tab} onValueChange={showTab}>
        {/* The four tabs share a phone's width (issue 14: 'Notes' was clipped at 375 px); on a
            narrower screen they wrap to a second row rather than hide behind a scroll. */}
        <TabsList className="h-auto w-full flex-wrap sm:w-auto">
          {PROJECT_TABS.map((value) => (
            <TabsTrigger key={value} value={value} className="flex-1 px-2 sm:flex-none sm:px-3">
              {t(PROJECT_TAB_LABELS[value])}
            </TabsTrigger>
          ))}
        </TabsList>
        <TabsContent value="info" className="space-y-6">
          <ProjectInfoTab project={data} />
          {/* The project's own recent entries, for those who may read the activity log (issue 14). */}
          {canManageUsers(me.profile.role) ? <RecentActivity scope={{ projectId: data.id }} /> : null}
        </TabsContent>
        <TabsContent value="tasks">
          <TasksTab
            source={source}
            canAddTasks={data.canEdit}
            member={{ viewerId: me.profile.id, canEdit: data.canEdit }}
            focusTaskId={searchParams.get('task')}
            taskLinks={taskLinks}
          />
        </TabsContent>
        <TabsContent value="files">
          <FilesTab source={source} canRequestApproval={canManageProjects(me.profile.role)} />
        </TabsContent>
        <TabsContent value="notes">
          <NotesTab source={source} />
        </TabsContent>
      </Tabs>
      {openTaskId ? (
        <Suspense fallback={null}>
          <TaskPanel
            key={openTaskId}
            source={source}
            taskId={openTaskId}
            access={{
              status: { kind: 'select' },
              canEditFields: data.canEdit,
              showAssignee: true,
              showActivity: canManageUsers(me.profile.role),
              canComment: true,
              canMention: true,
              canFollow: true,
              canLogTime: true,
            }}
            pagePath={`/project/${encodeURIComponent(data.id)}?tab=tasks`}
          />
        </Suspense>
      ) : null}
    </div>
  );
}
