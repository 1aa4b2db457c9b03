import { Building2, Calendar, CalendarClock, CheckCircle2, LayoutDashboard, PauseCircle, Trash2, UserRound } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { PROJECT_STATUS_LABELS } from '@/domain/project-status';
import { PROJECT_MESSAGES, type ProjectCard as Project } from '@/domain/projects';
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '@/web/components/ui/alert-dialog';
import { Button } from '@/web/components/ui/button';
import { Card } from '@/web/components/ui/card';
import { cn } from '@/web/lib/class-names';
import { formatDate } from '@/web/lib/format-date';
import { notifyError, notifySuccess } from '@/web/lib/notify';
import { useChangeProjectStatus, useDeleteProject } from '../api';
import { ProjectStatusBadge } from './project-status-badge';

type Props = {
  project: Project;
  /** Developers see cards without the staff actions (spec 6). */
  readOnly: boolean;
  canDelete: boolean;
  /** Staff buttons from other features (the sharing buttons), composed by the page; hidden when read-only. */
  actions?: ReactNode;
};

export function ProjectCard({ project, readOnly, canDelete, actions }: Props) {
  const changeStatus = useChangeProjectStatus();
  const deleteProject = useDeleteProject();
  const [confirmDelete, setConfirmDelete] = useState(false);
  const overdue = project.status === 'overdue';

  const setStatus = (status: 'completed' | 'on_hold') =>
    changeStatus.mutate(
      { id: project.id, status },
      {
        onSuccess: () => notifySuccess(PROJECT_MESSAGES.statusChanged(PROJECT_STATUS_LABELS[status].toLowerCase())),
        onError: () => notifyError(PROJECT_MESSAGES.statusFailed),
      },
    );

  const remove = () =>
    deleteProject.mutate(project.id, {
      onSuccess: () => {
        setConfirmDelete(false);
        notifySuccess(PROJECT_MESSAGES.deleted);
      },
      onError: (error) => notifyError(error instanceof Error && error.message ? error.message : PROJECT_MESSAGES.deleteFailed),
    });

  return (
    <Card className="flex flex-col gap-4 p-5" data-testid="project-card">
      <div className="flex items-start justify-between gap-3">
        <h3 className="min-w-0 font-semibold leading-snug break-words">{project.name}</h3>
        <div className="flex shrink-0 flex-wrap justify-end gap-1">
          <ProjectStatusBadge status={project.status} />
        </div>
      </div>
      {project.description ? <p className="line-clamp-3 text-sm text-muted-foreground">{project.description}</p> : null}
      <dl className="grid gap-1.5 text-sm">
        <div className="flex items-center gap-2">
          <dt>
            <Building2 className="size-4 text-muted-foreground" aria-hidden />
            <span className="sr-only">Client</span>
          </dt>
          <dd className="truncate">{project.clientName}</dd>
        </div>
        {project.dueDate ? (
          <div className={cn('flex items-center gap-2', overdue && 'font-medium text-destructive')}>
            <dt>
              <CalendarClock className="size-4" aria-hidden />
              <span className="sr-only">Due date</span>
            </dt>
            <dd>Due {formatDate(project.dueDate)}</dd>
          </div>
        ) : null}
        {project.ownerName ? (
          <div className="flex items-center gap-2">
            <dt>
              <UserRound className="size-4 text-muted-foreground" aria-hidden />
              <span className="sr-only">Owner</span>
            </dt>
            <dd className="truncate">{project.ownerName}</dd>
          </div>
        ) : null}
        <div className="flex items-center gap-2 text-xs text-muted-foreground">
          <dt>
            <Calendar className="size-3.5" aria-hidden />
            <span className="sr-only">Created</span>
          </dt>
          <dd>Created {formatDate(project.createdAt)}</dd>
        </div>
      </dl>

      <div className="mt-auto grid gap-2 border-t pt-4">
        {/* Rows wrap rather than overflow a narrow card; the delete icon shares the first row
            so that each row fits a card of the 3-column grid. */}
        <div className="flex gap-2">
          <Button asChild variant="default" size="sm" className="flex-1">
            <Link to={`/project/${project.id}`}>
              <LayoutDashboard aria-hidden />
              View Dashboard
            </Link>
          </Button>
          {!readOnly && canDelete ? (
            <Button
              variant="outline"
              size="sm"
              className="px-2.5 text-destructive hover:bg-destructive/10"
              title="Delete"
              onClick={() => setConfirmDelete(true)}
            >
              <Trash2 aria-hidden />
              <span className="sr-only">Delete</span>
            </Button>
          ) : null}
        </div>
        {readOnly ? null : (
          <>
            {actions ? <div className="flex flex-wrap gap-2">{actions}</div> : null}
            <div className="flex flex-wrap gap-2">
              <Button
                variant="outline"
                size="sm"
                className="flex-1 px-2"
                disabled={project.status === 'completed' || changeStatus.isPending}
                onClick={() => setStatus('completed')}
              >
                <CheckCircle2 aria-hidden />
                Mark Complete
              </Button>
              <Button
                variant="outline"
                size="sm"
                className="flex-1 px-2"
                disabled={project.status === 'on_hold' || changeStatus.isPending}
                onClick={() => setStatus('on_hold')}
              >
                <PauseCircle aria-hidden />
                Put On Hold
              </Button>
            </div>
          </>
        )}
      </div>

      <AlertDialog open={confirmDelete} onOpenChange={(open) => !deleteProject.isPending && setConfirmDelete(open)}>
        <AlertDialogContent>
          <AlertDialogHeader>
            <AlertDialogTitle>Delete project</AlertDialogTitle>
            <AlertDialogDescription>{PROJECT_MESSAGES.deleteConfirm(project.name)}</AlertDialogDescription>
          </AlertDialogHeader>
          <AlertDialogFooter>
            <AlertDialogCancel disabled={deleteProject.isPending}>Cancel</AlertDialogCancel>
            {/* A plain button: the dialog stays open (with 'Deleting...') until the server answers. */}
            <Button variant="destructive" loading={deleteProject.isPending} loadingText="Deleting..." onClick={remove}>
              Delete
            </Button>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </Card>
  );
}
