import { Building2, Calendar, CalendarClock, CheckCircle2, Ellipsis, LayoutDashboard, PauseCircle, Trash2, UserRound } from 'lucide-react';
import { Suspense, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { PROJECT_STATUS_LABELS } from '@/domain/project-status';
import { cardStatusChanges, PROJECT_MESSAGES, type CardStatus } from '@/domain/project-rules';
import type { Text } from '@/domain/locales';
import type { ProjectCard as Project } from '@/domain/projects';
import { Button } from '@/web/components/ui/button';
import { Card } from '@/web/components/ui/card';
import { CardActions, CardActionsLayout, renderCardActionButtons, type CardAction } from '@/web/components/ui/card-actions';
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuSeparator, DropdownMenuTrigger } from '@/web/components/ui/dropdown-menu';
import { UI_TEXTS } from '@/web/components/ui/texts';
import { useT } from '@/web/lib/i18n';
import { cn } from '@/web/lib/class-names';
import { formatDate } from '@/web/lib/format-date';
import { lazyComponent, preloadOnIntent, useOpenedOnce } from '@/web/lib/lazy-component';
import { notifyError, notifySuccess } from '@/web/lib/notify';
import { useChangeProjectStatus, useDeleteProject } from '../api';
import { PROJECTS_TEXTS } from '../texts';
import { ApprovalBadges, ProjectStatusBadge } from './project-status-badge';
import { BudgetBar } from './budget-bar';
import { useOrganizationCurrency } from '@/web/lib/session';

// The confirmation (the alert dialog primitive) downloads when first asked for, or on intent.
const DeleteProjectDialog = lazyComponent(async () => (await import('./delete-project-dialog')).DeleteProjectDialog);

type Props = {
  project: Project;
  /** Developers see cards without the staff actions (spec 6). */
  readOnly: boolean;
  canDelete: boolean;
  /** Staff actions from other features (the sharing ones, described with <CardActions>), composed by the page; hidden when read-only. */
  actions?: ReactNode;
};

export function ProjectCard({ project, readOnly, canDelete, actions }: Props) {
  const t = useT('projects', 'domain');
  const changeStatus = useChangeProjectStatus();
  const deleteProject = useDeleteProject();
  const [confirmDelete, setConfirmDelete] = useState(false);
  const deleteOpened = useOpenedOnce(confirmDelete);
  const overdue = project.status === 'overdue';
  const currency = useOrganizationCurrency();

  const setStatus = (status: CardStatus) =>
    changeStatus.mutate(
      { id: project.id, status },
      {
        onSuccess: () => notifySuccess(t(PROJECT_MESSAGES.statusChanged, { status: t(PROJECT_STATUS_LABELS[status]).toLowerCase() })),
        onError: () => notifyError(t(PROJECT_MESSAGES.statusFailed)),
      },
    );

  const remove = () =>
    deleteProject.mutate(project.id, {
      onSuccess: () => {
        setConfirmDelete(false);
        notifySuccess(t(PROJECT_MESSAGES.deleted));
      },
      onError: (error) => notifyError(error instanceof Error && error.message ? error.message : t(PROJECT_MESSAGES.deleteFailed)),
    });

  return (
    <Card className="flex flex-col gap-4 p-5" data-testid="project-card">
      {/* The badges move under a title they would squeeze below 8rem (an approval badge beside the status);
          a name of one long word wraps anywhere instead of widening the card (issue 49, 375 px). */}
      <div className="flex flex-wrap items-start justify-between gap-x-3 gap-y-2">
        <h3 className="min-w-32 flex-1 font-semibold leading-snug wrap-anywhere">{project.name}</h3>
        <div className="flex flex-wrap gap-1">
          <ProjectStatusBadge status={project.status} />
          <ApprovalBadges approvals={project.approvals} />
        </div>
      </div>
      {project.description ? <p className="line-clamp-3 text-sm text-muted-foreground">{project.description}</p> : null}
      <dl className="grid grid-cols-1 gap-1.5 text-sm">
        <div className="flex items-center gap-2">
          <dt>
            <Building2 className="size-4 text-muted-foreground" aria-hidden />
            <span className="sr-only">{t(PROJECTS_TEXTS.terms.client)}</span>
          </dt>
          <dd className="min-w-0 truncate" title={project.clientName}>{project.clientName}</dd>
        </div>
        {project.dueDate ? (
          <div className={cn('flex items-center gap-2', overdue && 'font-medium text-destructive')}>
            <dt>
              <CalendarClock className="size-4" aria-hidden />
              <span className="sr-only">{t(PROJECTS_TEXTS.terms.dueDate)}</span>
            </dt>
            <dd>{t(PROJECTS_TEXTS.due, { date: formatDate(project.dueDate) })}</dd>
          </div>
        ) : null}
        {project.ownerName ? (
          <div className="flex items-center gap-2">
            <dt>
              <UserRound className="size-4 text-muted-foreground" aria-hidden />
              <span className="sr-only">{t(PROJECTS_TEXTS.terms.owner)}</span>
            </dt>
            <dd className="min-w-0 truncate">{project.ownerName}</dd>
          </div>
        ) : null}
        <div className="flex items-center gap-2 text-xs text-muted-foreground">
          <dt>
            <Calendar className="size-3.5" aria-hidden />
            <span className="sr-only">{t(PROJECTS_TEXTS.terms.created)}</span>
          </dt>
          <dd>{t(PROJECTS_TEXTS.created, { date: formatDate(project.createdAt) })}</dd>
        </div>
      </dl>
      {project.budget ? <BudgetBar usage={project.budget} currency={currency} /> : null}

      {readOnly ? (
        <CardFooterActions project={project} />
      ) : (
        // The sharing feature's actions (Assign Dev, Share Link) describe themselves through
        // <CardActions>; the footer lays them out beside the card's own.
        <CardActionsLayout
          value={(shared) => (
            <CardFooterActions
              project={project}
              staff={{
                shared,
                onStatus: setStatus,
                statusPending: changeStatus.isPending,
                onDelete: canDelete ? () => setConfirmDelete(true) : undefined,
              }}
            />
          )}
        >
          {actions ?? <CardActions actions={[]} />}
        </CardActionsLayout>
      )}

      {deleteOpened ? (
        <Suspense fallback={null}>
          <DeleteProjectDialog
            projectName={project.name}
            open={confirmDelete}
            onOpenChange={setConfirmDelete}
            deleting={deleteProject.isPending}
            onDelete={remove}
          />
        </Suspense>
      ) : null}
    </Card>
  );
}

type StaffActions = {
  /** Actions from other features (the sharing ones). */
  shared: CardAction[];
  onStatus: (status: CardStatus) => void;
  statusPending: boolean;
  /** Absent for those who may not delete (spec 6). */
  onDelete?: () => void;
};

/** The card's status changes, in the spec's order; which of them a project is offered is cardStatusChanges. */
const STATUS_ACTIONS = [
  { status: 'completed', label: PROJECTS_TEXTS.markComplete, icon: CheckCircle2 },
  { status: 'on_hold', label: PROJECTS_TEXTS.putOnHold, icon: PauseCircle },
] as const satisfies readonly { status: CardStatus; label: Text; icon: typeof CheckCircle2 }[];

/** A status button looks disabled by its aria-disabled, as others do by `disabled`. */
const STATUS_BUTTON_CLASS = 'flex-1 px-2 aria-disabled:cursor-not-allowed aria-disabled:opacity-60 aria-disabled:hover:bg-card';

/**
 * 'View Dashboard' for everyone; for staff also the spec's Assign Dev, Share Link, Mark Complete,
 * Put On Hold and Delete. From 640 px up they are buttons, as spec 2 lists them; on a phone they
 * sit in a '…' menu beside 'View Dashboard', so that a card is not a wall of six buttons
 * (issue 14). Both layouts render and CSS shows one: a hidden element has no role, so each
 * action is reachable by its name in either.
 *
 * A status change the project's status does not allow (cardStatusChanges: nothing on a completed
 * or cancelled project, only Mark Complete on one on hold; issue 49 item 17) is left out of the
 * menu, and its button is disabled: a button that just applied keeps the focus (issue 27).
 */
function CardFooterActions({ project, staff }: { project: Project; staff?: StaffActions }) {
  const t = useT('projects', 'domain');
  const changes = cardStatusChanges(project.status);
  const pending = Boolean(staff?.statusPending);
  const menuChanges = STATUS_ACTIONS.filter((action) => changes.includes(action.status));
  const menuHasItems = Boolean(staff && (staff.shared.length > 0 || menuChanges.length > 0 || staff.onDelete));
  return (
    <div className="mt-auto grid gap-2 border-t pt-4">
      {/* Rows wrap rather than overflow a narrow card; the delete icon shares the first row
          so that each row fits a card of the 3-column grid. */}
      <div className="flex gap-2">
        <Button asChild variant="default" size="sm" className="flex-1">
          <Link to={`/project/${project.id}`}>
            <LayoutDashboard aria-hidden />
            {t(PROJECTS_TEXTS.viewDashboard)}
          </Link>
        </Button>
        {staff?.onDelete ? (
          <Button
            variant="outline"
            size="sm"
            className="hidden px-2.5 text-destructive hover:bg-destructive/10 sm:inline-flex"
            title={t(UI_TEXTS.delete)}
            onClick={staff.onDelete}
            {...preloadOnIntent(DeleteProjectDialog)}
          >
            <Trash2 aria-hidden />
            <span className="sr-only">{t(UI_TEXTS.delete)}</span>
          </Button>
        ) : null}
        {staff && menuHasItems ? (
          <DropdownMenu
            // Not modal: a modal menu hides the page with aria-hidden while its links stay
            // focusable (axe aria-hidden-focus), and a dialog opened from an item then gets focus
            // and pointer events without a fight over the page.
            modal={false}
            onOpenChange={(open) => {
              // What the items open starts downloading as the menu opens.
              if (!open) return;
              staff.shared.forEach((action) => action.onIntent?.());
              if (staff.onDelete) DeleteProjectDialog.preload();
            }}
          >
            <DropdownMenuTrigger asChild>
              <Button variant="outline" size="sm" className="px-2.5 sm:hidden" aria-label={t(PROJECTS_TEXTS.moreActions)}>
                <Ellipsis aria-hidden />
              </Button>
            </DropdownMenuTrigger>
            <DropdownMenuContent align="end">
              {staff.shared.map(({ label, icon: Icon, onSelect }) => (
                <DropdownMenuItem key={label} onSelect={onSelect}>
                  <Icon aria-hidden />
                  {label}
                </DropdownMenuItem>
              ))}
              {staff.shared.length > 0 && menuChanges.length > 0 ? <DropdownMenuSeparator /> : null}
              {menuChanges.map(({ status, label, icon: Icon }) => (
                <DropdownMenuItem key={status} disabled={pending} onSelect={() => staff.onStatus(status)}>
                  <Icon aria-hidden />
                  {t(label)}
                </DropdownMenuItem>
              ))}
              {staff.onDelete ? (
                <>
                  {staff.shared.length > 0 || menuChanges.length > 0 ? <DropdownMenuSeparator /> : null}
                  <DropdownMenuItem variant="destructive" onSelect={staff.onDelete}>
                    <Trash2 aria-hidden />
                    {t(UI_TEXTS.delete)}
                  </DropdownMenuItem>
                </>
              ) : null}
            </DropdownMenuContent>
          </DropdownMenu>
        ) : null}
      </div>
      {staff ? (
        <>
          {staff.shared.length > 0 ? <div className="hidden flex-wrap gap-2 sm:flex">{renderCardActionButtons(staff.shared)}</div> : null}
          {/* Disabled by aria-disabled, not `disabled`: the button just pressed turns disabled
              (spec 2), and a disabled button drops the focus to the page; this one keeps it on
              the card (issue 27). */}
          <div className="hidden flex-wrap gap-2 sm:flex">
            {STATUS_ACTIONS.map(({ status, label, icon: Icon }) => {
              const disabled = pending || !changes.includes(status);
              return (
                <Button
                  key={status}
                  variant="outline"
                  size="sm"
                  className={STATUS_BUTTON_CLASS}
                  aria-disabled={disabled || undefined}
                  onClick={() => !disabled && staff.onStatus(status)}
                >
                  <Icon aria-hidden />
                  {t(label)}
                </Button>
              );
            })}
          </div>
        </>
      ) : null}
    </div>
  );
}
