// Spec 2 "Project detail page" (/project/:projectId): header, then the Project Info, Tasks,
// Files & Links and Notes tabs.
import { useQuery } from '@tanstack/react-query';
import { ArrowLeft, CalendarDays, Building2 } from 'lucide-react';
import { useEffect } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { PROJECT_DETAIL_MESSAGES } from '@/domain/project-details';
import { canManageUsers } from '@/domain/roles';
import { Button } from '@/web/components/ui/button';
import { FullPageMessage } from '@/web/components/ui/full-page-message';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/web/components/ui/tabs';
import { RecentActivity } from '@/web/features/activity/components/recent-activity';
import { FilesTab } from '@/web/features/files/components/files-tab';
import { NotesTab } from '@/web/features/notes/components/notes-tab';
import { projectDetailQuery } from '@/web/features/projects/api';
import { ProjectInfoTab } from '@/web/features/projects/components/project-info-tab';
import { ProjectStatusBadge } from '@/web/features/projects/components/project-status-badge';
import { TasksTab } from '@/web/features/tasks/components/tasks-tab';
import { ApiError } from '@/web/lib/api-client';
import { useDocumentTitle } from '@/web/lib/document-title';
import { formatDate } from '@/web/lib/format-date';
import { notifyError } from '@/web/lib/notify';
import { memberProjectSource } from '@/web/lib/project-source';
import { useMemberLive } from '../live-updates';
import { useSignedInMe } from '@/web/lib/session';

function BackToProjects() {
  return (
    <Button asChild variant="ghost" className="-ml-3">
      <Link to="/">
        <ArrowLeft aria-hidden />
        {PROJECT_DETAIL_MESSAGES.back}
      </Link>
    </Button>
  );
}

export function ProjectPage() {
  const me = useSignedInMe();
  const { projectId = '' } = useParams();
  const navigate = useNavigate();
  const project = useQuery(projectDetailQuery(projectId));
  useMemberLive();
  const missing = project.error instanceof ApiError && project.error.status === 404;
  useDocumentTitle(project.data?.name ?? (missing ? PROJECT_DETAIL_MESSAGES.notFound : null));

  useEffect(() => {
    // Spec 8: any other load failure is announced and the user goes back to the projects.
    if (project.isError && !missing) {
      notifyError(PROJECT_DETAIL_MESSAGES.loadFailed, 'Error', 'project-load');
      void navigate('/');
    }
  }, [project.isError, missing, navigate]);

  if (project.isPending) return <FullPageMessage>{PROJECT_DETAIL_MESSAGES.loading}</FullPageMessage>;
  if (project.isError) {
    return (
      <main className="flex min-h-dvh flex-col items-center justify-center gap-4 p-6 text-center">
        <h1 className="text-2xl font-semibold">{PROJECT_DETAIL_MESSAGES.notFound}</h1>
        <Button asChild>
          <Link to="/">
            <ArrowLeft aria-hidden />
            {PROJECT_DETAIL_MESSAGES.back}
          </Link>
        </Button>
      </main>
    );
  }

  const data = project.data;
  const source = memberProjectSource(data.id);
  return (
    <main id="main" className="mx-auto w-full max-w-5xl space-y-6 px-4 py-6 sm:px-6">
      <BackToProjects />
      <header className="space-y-3">
        <div className="flex flex-wrap items-center gap-2">
          <h1 className="text-2xl font-bold tracking-tight break-words">{data.name}</h1>
          <ProjectStatusBadge status={data.status} />
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
              Due {formatDate(data.dueDate)}
            </span>
          ) : null}
        </div>
      </header>
      <Tabs defaultValue="info">
        <TabsList className="max-w-full justify-start overflow-x-auto">
          <TabsTrigger value="info">Project Info</TabsTrigger>
          <TabsTrigger value="tasks">Tasks</TabsTrigger>
          <TabsTrigger value="files">Files &amp; Links</TabsTrigger>
          <TabsTrigger value="notes">Notes</TabsTrigger>
        </TabsList>
        <TabsContent value="info" className="space-y-6">
          <ProjectInfoTab project={data} />
          {/* The project's own recent entries, for those who may read the activity log (issue 14). */}
          {canManageUsers(me.profile.role) ? <RecentActivity scope={{ projectId: data.id }} /> : null}
        </TabsContent>
        <TabsContent value="tasks">
          <TasksTab source={source} canAddTasks={data.canEdit} />
        </TabsContent>
        <TabsContent value="files">
          <FilesTab source={source} />
        </TabsContent>
        <TabsContent value="notes">
          <NotesTab source={source} />
        </TabsContent>
      </Tabs>
    </main>
  );
}
