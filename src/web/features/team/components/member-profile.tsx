import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { Activity, ArrowLeft, CalendarDays, FolderKanban, Globe, Mail, Pencil, ShieldCheck, ShieldOff, Trash2 } from 'lucide-react';
import { Suspense, useRef, useState, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { websiteHref } from '@/domain/clients';
import { PROJECT_STATUS_LABELS } from '@/domain/project-status';
import { isAdmin, outranks, type Role } from '@/domain/roles';
import { checkMemberChange, TEAM_MESSAGES, type TeamMember } from '@/domain/team';
import { MemberRateCard } from './member-rate-card';
import { TWO_FACTOR_TEXTS } from '@/domain/two-factor';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '@/web/components/ui/alert-dialog';
import { Badge } from '@/web/components/ui/badge';
import { Button } from '@/web/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/web/components/ui/card';
import { LoadErrorPanel } from '@/web/components/ui/load-error-panel';
import { LoadMore } from '@/web/components/ui/load-more';
import { Skeleton } from '@/web/components/ui/skeleton';
import { UI_TEXTS } from '@/web/components/ui/texts';
import { loadTexts, useT } from '@/web/lib/i18n';
import { ApiError, errorMessage } from '@/web/lib/api-client';
import { useDocumentTitle } from '@/web/lib/document-title';
import { formatDate } from '@/web/lib/format-date';
import { lazyComponent } from '@/web/lib/lazy-component';
import { notifyError, notifySuccess } from '@/web/lib/notify';
import { memberTwoFactorQuery, useResetMemberTwoFactor } from '@/web/features/two-factor/api';
import { memberProjectsQuery, teamMemberQuery, useRemoveTeamMember } from '../api';
import { TEAM_TEXTS } from '../texts';
import { MemberAvatar, RoleBadge, TagChip } from './member-identity';
import { MemberFormDialog } from './member-form-dialog';

// Its words start loading with this module, so the first render does not wait on them (decision 045).
void loadTexts('team');

export const TEAM_TAB_PATH = '/?tab=team';

const ConfirmDeleteDialog = lazyComponent(async () => (await import('@/web/components/ui/confirm-delete-dialog')).ConfirmDeleteDialog);

/**
 * Issue 31: who may see and reset a member's two-factor sign-in: the organization admin and admins
 * (issue 46) who outrank the member (decision 006), as the server checks; a member without an
 * email never signs in.
 */
function mayResetTwoFactor(actor: { role: Role }, member: TeamMember): boolean {
  return isAdmin(actor.role) && outranks(actor.role, member.role) && member.canSignIn;
}

function BackToTeam() {
  const t = useT('team', 'domain');
  return (
    <Button asChild variant="ghost" className="-ml-3">
      <Link to={TEAM_TAB_PATH}>
        <ArrowLeft aria-hidden />
        {t(TEAM_TEXTS.backToTeam)}
      </Link>
    </Button>
  );
}

/** Spec 6: a developer member's assigned projects, by name, a page at a time with Load more (issue 36). */
function AssignedProjects({ memberId }: { memberId: string }) {
  const t = useT('team', 'domain');
  const projects = useInfiniteQuery(memberProjectsQuery(memberId));
  const items = projects.data?.pages.flatMap((page) => page.items) ?? [];
  const list = useRef<HTMLUListElement>(null);
  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-base">{t(TEAM_TEXTS.assignedProjects)}</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-3">
        {projects.isPending ? (
          <Skeleton className="h-12" aria-busy="true" />
        ) : projects.isError ? (
          <LoadErrorPanel title={t(TEAM_TEXTS.assignedProjectsLoadFailed)} error={projects.error} onRetry={() => void projects.refetch()} />
        ) : items.length > 0 ? (
          <ul ref={list} className="divide-y rounded-lg border">
            {items.map((project) => (
              <li key={project.id}>
                <Link
                  to={`/project-dashboard/${project.id}`}
                  className="flex items-center justify-between gap-3 px-4 py-3 text-sm outline-none hover:bg-muted focus-visible:bg-muted focus-visible:ring-2 focus-visible:ring-ring"
                >
                  <span className="flex min-w-0 items-center gap-2">
                    <FolderKanban className="size-4 shrink-0 text-muted-foreground" aria-hidden />
                    <span className="truncate font-medium">{project.name}</span>
                  </span>
                  <Badge variant="secondary">{t(PROJECT_STATUS_LABELS[project.status])}</Badge>
                </Link>
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-sm text-muted-foreground">{t(TEAM_MESSAGES.noProjects)}</p>
        )}
        <LoadMore list={projects} items={list} label={t(TEAM_TEXTS.loadMoreProjects)} />
      </CardContent>
    </Card>
  );
}

/** Spec 2 "Member detail page". */
export function MemberProfile({
  memberId,
  actor,
  recentActivity,
}: {
  memberId: string;
  actor: { role: Role; profileId: string };
  /** The member's recent log entries, composed by the page for those who may read the log (issue 14). */
  recentActivity?: ReactNode;
}) {
  const t = useT('team', 'domain');
  const navigate = useNavigate();
  const member = useQuery(teamMemberQuery(memberId));
  const removeMember = useRemoveTeamMember();
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const twoFactor = useQuery({ ...memberTwoFactorQuery(memberId), enabled: member.data ? mayResetTwoFactor(actor, member.data) : false });
  const resetTwoFactor = useResetMemberTwoFactor();
  const [confirmingReset, setConfirmingReset] = useState(false);
  const editButton = useRef<HTMLButtonElement>(null);
  useDocumentTitle(member.data?.fullName ?? t(TEAM_TEXTS.pageTitle));

  if (member.isPending) {
    return (
      <div className="space-y-6" aria-busy="true" aria-label={t(TEAM_TEXTS.loadingMember)}>
        <BackToTeam />
        <div className="grid gap-6 lg:grid-cols-3">
          <Skeleton className="h-72 rounded-xl" />
          <div className="space-y-6 lg:col-span-2">
            <Skeleton className="h-32 rounded-xl" />
            <Skeleton className="h-40 rounded-xl" />
          </div>
        </div>
      </div>
    );
  }
  if (member.isError) {
    const missing = member.error instanceof ApiError && member.error.status === 404;
    return (
      <div className="space-y-4">
        <BackToTeam />
        <div role="alert" className="rounded-xl border border-dashed p-10 text-center">
          <p className="font-medium">{missing ? t(TEAM_MESSAGES.notFound) : errorMessage(member.error)}</p>
          {missing ? null : (
            <Button variant="outline" size="sm" className="mt-3" onClick={() => void member.refetch()}>
              {t(UI_TEXTS.retry)}
            </Button>
          )}
        </div>
      </div>
    );
  }

  const data = member.data;
  // Decision 006: offer only what the server allows. An organization admin keeps a Remove button
  // that says 'Cannot Delete' (spec 5), and your own stays visible but disabled.
  const mayEdit = checkMemberChange(actor, data, 'edit').ok;
  const removal = checkMemberChange(actor, data, 'remove');
  const showRemove = removal.ok || removal.reason === 'organization_admin' || removal.reason === 'self';
  const onRemoveClick = () => {
    // Spec 5: an organization admin cannot be deleted; say so instead of asking.
    if (!removal.ok && removal.reason === 'organization_admin') {
      notifyError(t(TEAM_MESSAGES.cannotDelete), t(TEAM_MESSAGES.cannotDeleteTitle));
      return;
    }
    setConfirming(true);
  };
  // Asked only of those who may reset it: then on, a badge and the reset.
  const twoFactorOn = mayResetTwoFactor(actor, data) && twoFactor.data?.enabled === true;
  const onConfirmReset = () => {
    resetTwoFactor.mutate(data.id, {
      onSuccess: () => {
        notifySuccess(t(TWO_FACTOR_TEXTS.resetDone));
        // The button that asked is gone with the badge: the focus goes to the first action left.
        editButton.current?.focus();
      },
    });
  };
  const onConfirmRemove = () => {
    removeMember.mutate(data.id, {
      onSuccess: () => {
        notifySuccess(t(TEAM_MESSAGES.removed));
        setConfirming(false);
        void navigate(TEAM_TAB_PATH);
      },
      onError: (error) => {
        setConfirming(false);
        notifyError(error, t(TEAM_MESSAGES.removeFailed));
      },
    });
  };

  return (
    <div className="space-y-6">
      <BackToTeam />
      <div className="grid gap-6 lg:grid-cols-3">
        <div className="space-y-6">
          <Card>
            <CardContent className="flex flex-col items-center gap-3 p-6 text-center">
              <MemberAvatar fullName={data.fullName} className="size-20 text-2xl" />
              <div className="min-w-0 space-y-2">
                <h1 className="text-xl font-semibold break-words">{data.fullName}</h1>
                <div className="flex flex-wrap items-center justify-center gap-2">
                  <RoleBadge role={data.role} />
                  {twoFactorOn ? (
                    <Badge variant="outline" data-testid="member-two-factor">
                      <ShieldCheck aria-hidden />
                      {t(TWO_FACTOR_TEXTS.memberHasTwoFactor)}
                    </Badge>
                  ) : null}
                </div>
              </div>
              <p className="inline-flex items-center gap-1.5 text-sm text-muted-foreground">
                <CalendarDays className="size-4" aria-hidden />
                {t(TEAM_TEXTS.memberSince, { date: formatDate(data.createdAt) })}
              </p>
            </CardContent>
          </Card>
          <Card>
            <CardHeader>
              <CardTitle className="text-base">{t(TEAM_TEXTS.contactInfo)}</CardTitle>
            </CardHeader>
            <CardContent className="grid gap-2 text-sm">
              <p className="flex min-w-0 items-center gap-2">
                <Mail className="size-4 shrink-0 text-muted-foreground" aria-hidden />
                <span className="sr-only">{t(TEAM_TEXTS.emailLabel)}</span>
                {data.email ? (
                  <a className="truncate text-primary hover:underline" href={`mailto:${data.email}`}>
                    {data.email}
                  </a>
                ) : (
                  <span className="text-muted-foreground">{t(TEAM_TEXTS.noEmailNoSignIn)}</span>
                )}
              </p>
              {data.website ? (
                <p className="flex min-w-0 items-center gap-2">
                  <Globe className="size-4 shrink-0 text-muted-foreground" aria-hidden />
                  <span className="sr-only">{t(TEAM_TEXTS.websiteLabel)}</span>
                  <a className="truncate text-primary hover:underline" href={websiteHref(data.website)} target="_blank" rel="noopener noreferrer">
                    {data.website}
                  </a>
                </p>
              ) : null}
            </CardContent>
          </Card>
          <MemberRateCard member={data} actor={actor} />
          <Card>
            <CardHeader>
              <CardTitle className="text-base">{t(TEAM_TEXTS.quickActions)}</CardTitle>
            </CardHeader>
            <CardContent className="grid gap-2">
              {mayEdit ? (
                <Button ref={editButton} variant="outline" onClick={() => setEditing(true)}>
                  <Pencil aria-hidden />
                  {t(TEAM_TEXTS.editProfile)}
                </Button>
              ) : null}
              {twoFactorOn ? (
                <Button variant="outline" onClick={() => setConfirmingReset(true)} loading={resetTwoFactor.isPending} onPointerEnter={ConfirmDeleteDialog.preload} onFocus={ConfirmDeleteDialog.preload}>
                  {resetTwoFactor.isPending ? null : <ShieldOff aria-hidden />}
                  {t(TWO_FACTOR_TEXTS.reset)}
                </Button>
              ) : null}
              {showRemove ? (
                <Button
                  variant="outline"
                  className="text-destructive hover:text-destructive"
                  onClick={onRemoveClick}
                  disabled={!removal.ok && removal.reason === 'self'}
                  title={!removal.ok && removal.reason === 'self' ? t(TEAM_MESSAGES.cannotRemoveSelf) : undefined}
                >
                  <Trash2 aria-hidden />
                  {t(TEAM_TEXTS.removeMember)}
                </Button>
              ) : null}
              {!mayEdit && !showRemove ? <p className="text-sm text-muted-foreground">{t(TEAM_MESSAGES.outranked)}</p> : null}
            </CardContent>
          </Card>
        </div>

        <div className="space-y-6 lg:col-span-2">
          <Card>
            <CardHeader>
              <CardTitle className="text-base">{t(TEAM_TEXTS.skills)}</CardTitle>
            </CardHeader>
            <CardContent>
              {data.tags.length > 0 ? (
                <ul className="flex flex-wrap gap-2" aria-label={t(TEAM_TEXTS.skills)}>
                  {data.tags.map((tag) => (
                    <li key={tag} className="max-w-full">
                      <TagChip tag={tag} />
                    </li>
                  ))}
                </ul>
              ) : (
                <p className="text-sm text-muted-foreground">{t(TEAM_MESSAGES.noSkills)}</p>
              )}
            </CardContent>
          </Card>
          {data.role === 'developer' ? <AssignedProjects memberId={data.id} /> : null}
          {recentActivity ?? (
            <Card>
              <CardHeader>
                <CardTitle className="text-base">{t(TEAM_TEXTS.recentActivityTitle)}</CardTitle>
              </CardHeader>
              <CardContent className="flex items-center gap-3 text-sm text-muted-foreground">
                <Activity className="size-5 shrink-0" aria-hidden />
                {t(TEAM_MESSAGES.recentActivity)}
              </CardContent>
            </Card>
          )}
        </div>
      </div>

      {mayEdit ? <MemberFormDialog open={editing} onOpenChange={setEditing} actor={actor} member={data} /> : null}
      {confirmingReset ? (
        <Suspense fallback={null}>
          <ConfirmDeleteDialog
            open
            onOpenChange={(open) => !open && setConfirmingReset(false)}
            title={t(TWO_FACTOR_TEXTS.resetTitle)}
            question={t(TWO_FACTOR_TEXTS.resetConfirm, { name: data.fullName })}
            confirmLabel={t(TWO_FACTOR_TEXTS.reset)}
            onConfirm={onConfirmReset}
          />
        </Suspense>
      ) : null}
      <AlertDialog open={confirming} onOpenChange={(open) => !removeMember.isPending && setConfirming(open)}>
        <AlertDialogContent>
          <AlertDialogHeader>
            <AlertDialogTitle>{t(TEAM_TEXTS.removeTitle)}</AlertDialogTitle>
            <AlertDialogDescription>{t(TEAM_MESSAGES.confirmRemove)}</AlertDialogDescription>
          </AlertDialogHeader>
          <AlertDialogFooter>
            <AlertDialogCancel disabled={removeMember.isPending}>{t(UI_TEXTS.cancel)}</AlertDialogCancel>
            <AlertDialogAction
              destructive
              disabled={removeMember.isPending}
              onClick={(event) => {
                event.preventDefault();
                onConfirmRemove();
              }}
            >
              {removeMember.isPending ? t(TEAM_TEXTS.removing) : t(TEAM_TEXTS.remove)}
            </AlertDialogAction>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </div>
  );
}
