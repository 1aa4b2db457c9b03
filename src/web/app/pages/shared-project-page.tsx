// Spec 2 "Shared project page" (/project-access/:token), 4 "Shared link", 6, 8: public, signed in
// or out, outside the dashboard shell. Opening the link (POST .../session) answers the project,
// 'password required' or 'invalid link'; the right password sets a grant cookie, so reloads
// stay in. The tasks, files and notes are the project page's own components on the link's
// source; signed-in viewers may contribute.
import { queryOptions, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { ArrowLeft, Info, Lock, ShieldX } from 'lucide-react';
import { Suspense, useDeferredValue, useEffect, useState, type ReactNode } from 'react';
import { Link, useMatch, useNavigate, useParams, useSearchParams } from 'react-router';
import { SHARED_LINK_ERRORS } from '@/domain/shared-link-errors';
import { SHARING_MESSAGES, sharedToggleStatus } from '@/domain/sharing-rules';
import type { SharedProject } from '@/domain/sharing';
import { QuestionnaireView } from '@/web/components/questionnaire/questionnaire-view';
import { Button } from '@/web/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/web/components/ui/card';
import { FullPageMessage } from '@/web/components/ui/full-page-message';
import { Logo } from '@/web/components/ui/logo';
import { Skeleton } from '@/web/components/ui/skeleton';
import { AuthScreen } from '@/web/features/auth/components/auth-screen';
import { fileListQuery } from '@/web/features/files/api';
import { FilesTab } from '@/web/features/files/components/files-tab';
import { noteListQuery } from '@/web/features/notes/api';
import { NotesTab } from '@/web/features/notes/components/notes-tab';
import { intakeQuery, sharedSessionQuery } from '@/web/features/sharing/api';
import { SHARING_TEXTS } from '@/web/features/sharing/texts';
import { taskListQuery } from '@/web/features/tasks/api';
import { TasksTab } from '@/web/features/tasks/components/tasks-tab';
import { OPENED_FROM_PAGE, type TaskLinks } from '@/web/features/tasks/components/task-title';
import { ApiError, errorMessage } from '@/web/lib/api-client';
import { notifyError } from '@/web/lib/notify';
import { sharedProjectSource } from '@/web/lib/project-source';
import { QUERY_ROOTS } from '@/web/lib/query-keys';
import { useDocumentTitle } from '@/web/lib/document-title';
import { isLocale, type Locale } from '@/domain/locales';
import { LanguageSelect } from '@/web/components/ui/language-select';
import { activateLocale, loadTexts, rememberLocale, showLinkLocale, translate, useLocale, useT } from '@/web/lib/i18n';
import { SHARED_PAGE_TEXTS } from './page-paths';
import { useSharedLiveUpdates } from '@/web/lib/realtime';
import { lazyComponent, useLoaded } from '@/web/lib/lazy-component';
import { meQueryOptions, useMe } from '@/web/lib/session';

// Issue 33: only a link where viewers may approve downloads the approvals panel.
const ApprovalsPanel = lazyComponent(async () => (await import('@/web/features/files/components/approvals-panel')).ApprovalsPanel);

// A task's panel (issue 29) loads when a task is opened, or on a title's hover or focus.
const TaskPanel = lazyComponent(async () => (await import('./task-panel')).TaskPanel);

/** Issue 15: only an intake link's page loads the answering form (and its field rules). */
const IntakeForm = lazyComponent(async () => (await import('@/web/features/sharing/components/intake-form')).IntakeForm);

/**
 * Only a protected link's page loads its password form: a form of the kit, whose react-hook-form
 * a share link's first download has no room for (decision 013's 150 KB). It starts loading as
 * the link answers that it wants a password (sessionQueryOf).
 */
const LinkPasswordForm = lazyComponent(async () => (await import('@/web/features/sharing/components/link-password-form')).LinkPasswordForm);

const SIGN_IN_PARAM = 'sign-in';


const isLinkError = (error: unknown, code: string) => error instanceof ApiError && error.code === code;

export function SharedProjectPage() {
  const t = useT('sharing', 'domain-shared');
  const { token = '' } = useParams();
  const me = useMe();
  const [searchParams, setSearchParams] = useSearchParams();
  const viewerId = me.data?.profile.id ?? null;
  const queryClient = useQueryClient();
  // Wait for the session check, so the link is opened once, as the right viewer. An answer
  // main.tsx already had (startSharedPageEarly), errors included, is not asked again.
  const session = useQuery({ ...sessionQueryOf(queryClient, token, viewerId), enabled: !me.isPending, retryOnMount: false });
  // The project's page mounts in a deferred render, which React splits into short tasks, rather
  // than in the one synchronous update the link's answer triggers (decision 013).
  const project = useDeferredValue(session.data);
  const revoked = useLinkRevokedWhileOpen(token);
  const denied = revoked || isLinkError(session.error, SHARED_LINK_ERRORS.invalidLink);
  const signingIn = searchParams.has(SIGN_IN_PARAM);

  useEffect(() => {
    // Spec 8: 'Invalid Access Link', beside the 'Access Denied' page.
    if (denied) notifyError(translate(SHARING_MESSAGES.invalidLink), translate(SHARING_MESSAGES.invalidLinkTitle), 'invalid-link');
  }, [denied]);

  useEffect(() => {
    // Signed in from the hint: back to the project, now as a contributor.
    if (signingIn && me.data) {
      setSearchParams(
        (params) => {
          params.delete(SIGN_IN_PARAM);
          return params;
        },
        { replace: true },
      );
    }
  }, [signingIn, me.data, setSearchParams]);

  useDocumentTitle(session.data?.projectName);

  if (signingIn && me.data === null) return <AuthScreen initialMode="sign-in" />;
  if (denied) return <AccessDenied />;
  if (me.isPending || session.isPending) return <FullPageMessage>{t(SHARING_MESSAGES.validating)}</FullPageMessage>;
  if (session.isError) {
    if (isLinkError(session.error, SHARED_LINK_ERRORS.passwordRequired)) {
      return <PasswordRequired token={token} viewerId={viewerId} />;
    }
    return (
      <PageFrame>
        <div role="alert" className="flex flex-col items-center gap-4 py-16 text-center">
          <p className="text-lg font-medium">{t(SHARING_TEXTS.loadFailed)}</p>
          <p className="text-sm text-muted-foreground">{errorMessage(session.error)}</p>
          <Button onClick={() => void session.refetch()} loading={session.isFetching}>
            {t(SHARING_TEXTS.tryAgain)}
          </Button>
        </div>
      </PageFrame>
    );
  }
  if (project === undefined) return <FullPageMessage>{t(SHARING_MESSAGES.validating)}</FullPageMessage>;
  return <GrantedView token={token} viewerId={viewerId} project={project} />;
}

/** Opening the link; its answer starts the rest of the page (startSharedPage). */
function sessionQueryOf(queryClient: QueryClient, token: string, viewerId: string | null) {
  const base = sharedSessionQuery(token, viewerId);
  return queryOptions({
    ...base,
    queryFn: async (context) => {
      // Issue 48 item 4: the page shows in the link's language (unless its visitor chose one), so
      // its answer resolves once that language is on screen: the page's first render is in it.
      const memberLocale = queryClient.getQueryData(meQueryOptions.queryKey)?.profile.locale ?? null;
      let project: SharedProject;
      try {
        project = await base.queryFn!(context);
      } catch (error) {
        if (isLinkError(error, SHARED_LINK_ERRORS.passwordRequired)) {
          LinkPasswordForm.preload();
          if (error instanceof ApiError && error.locale) await showLinkLocale(error.locale, memberLocale);
        }
        throw error;
      }
      startSharedPage(queryClient, token, viewerId, project);
      await showLinkLocale(project.locale, memberLocale);
      return project;
    },
  });
}

/**
 * Called by main.tsx before React renders a shared page (issue 27 item 20): who is asking, then
 * the link's answer, while React starts; the page finds both in the cache or on their way.
 */
export async function startSharedPageEarly(queryClient: QueryClient, pathname: string): Promise<void> {
  // The page's own path, or a task's on it (issue 29).
  const token = /^\/project-access\/([^/]+)(?:\/tasks\/[^/]+)?\/?$/.exec(pathname)?.[1];
  if (!token) return;
  // The page's words load beside (decision 045): its first render waits on none of them.
  const words = loadTexts(...SHARED_PAGE_TEXTS);
  const me = await queryClient.fetchQuery(meQueryOptions).catch(() => undefined);
  // A failed /api/me: the page shows it and asks again itself.
  if (me !== undefined) void queryClient.prefetchQuery(sessionQueryOf(queryClient, decodeURIComponent(token), me?.profile.id ?? null));
  await words;
}

/**
 * Issue 27 item 20: the link's answer starts what the page will show (its lists, an intake
 * link's form and its code) at once, rather than when the page, rendered deferred, mounts them;
 * the components then find the answers in the cache or on their way (queries are shared).
 */
function startSharedPage(queryClient: QueryClient, token: string, viewerId: string | null, project: SharedProject): void {
  if (project.intakeState) {
    IntakeForm.preload();
    void queryClient.prefetchQuery(intakeQuery(token, viewerId));
  }
  if (project.showsProject) {
    const source = sharedProjectSource(token, viewerId);
    void queryClient.prefetchInfiniteQuery(taskListQuery(source));
    void queryClient.prefetchInfiniteQuery(fileListQuery(source));
    void queryClient.prefetchInfiniteQuery(noteListQuery(source));
  }
}

/**
 * A link revoked (or expired) while the page is open: the next list load or change answers
 * `invalid_link`, and the page turns into 'Access Denied' instead of showing stale data.
 */
function useLinkRevokedWhileOpen(token: string): boolean {
  const queryClient = useQueryClient();
  const [revoked, setRevoked] = useState(false);
  useEffect(() => {
    const matches = (key: readonly unknown[] | undefined, error: unknown) =>
      key?.[0] === QUERY_ROOTS.projectAccess && key[1] === token && isLinkError(error, SHARED_LINK_ERRORS.invalidLink);
    const stopQueries = queryClient.getQueryCache().subscribe((event) => {
      if (event.type === 'updated' && matches(event.query.queryKey, event.query.state.error)) setRevoked(true);
    });
    const stopMutations = queryClient.getMutationCache().subscribe((event) => {
      const error = event.mutation?.state.error;
      if (event.type === 'updated' && error && isLinkError(error, SHARED_LINK_ERRORS.invalidLink)) setRevoked(true);
    });
    return () => {
      stopQueries();
      stopMutations();
    };
  }, [queryClient, token]);
  return revoked;
}

/**
 * Issue 48 item 4: the visitor's own choice of language, kept on this device: it wins over the
 * link's language from then on, on this link and any other.
 */
async function chooseLanguage(locale: Locale | null): Promise<void> {
  if (!locale) return;
  rememberLocale(locale);
  await activateLocale(locale);
}

/** The language menu of the shared page's header, its password page and its 'Access Denied'. */
function PageLanguage() {
  const locale = useLocale();
  return <LanguageSelect value={isLocale(locale) ? locale : null} onChange={(next) => void chooseLanguage(next)} className="h-8 w-auto" />;
}

function PageFrame({ children, viewerName }: { children: ReactNode; viewerName?: string | null }) {
  const t = useT('sharing');
  return (
    <div className="min-h-dvh bg-background">
      <header className="border-b bg-card/80 backdrop-blur">
        <div className="mx-auto flex h-14 w-full max-w-5xl items-center justify-between gap-3 px-4 sm:px-6">
          <Logo />
          <div className="flex min-w-0 items-center gap-3">
            {viewerName ? <span className="truncate text-sm text-muted-foreground">{t(SHARING_TEXTS.viewingAs, { name: viewerName })}</span> : null}
            <PageLanguage />
          </div>
        </div>
      </header>
      <main id="main" className="mx-auto w-full max-w-5xl px-4 py-6 sm:px-6 sm:py-8">
        {children}
      </main>
    </div>
  );
}

function AccessDenied() {
  const t = useT('sharing', 'domain-shared');
  return (
    <main className="flex min-h-dvh flex-col items-center justify-center gap-6 px-6 text-center">
      <Logo />
      <div className="grid justify-items-center gap-3">
        <span className="grid size-14 place-items-center rounded-full bg-destructive/10 text-destructive">
          <ShieldX className="size-7" aria-hidden />
        </span>
        <h1 className="text-2xl font-semibold tracking-tight">{t(SHARING_MESSAGES.accessDenied)}</h1>
        <p className="max-w-sm text-muted-foreground">{t(SHARING_MESSAGES.invalidLink)}</p>
      </div>
      <Button asChild variant="outline">
        <Link to="/">
          <ArrowLeft aria-hidden />
          {t(SHARING_TEXTS.goHome)}
        </Link>
      </Button>
    </main>
  );
}

function PasswordRequired({ token, viewerId }: { token: string; viewerId: string | null }) {
  const t = useT('sharing', 'domain-shared');
  const loaded = useLoaded(LinkPasswordForm);
  // The form's place while its code arrives: a label, the field and the button.
  const placeholder = <Skeleton className="h-29" />;
  return (
    <main className="relative flex min-h-dvh items-center justify-center bg-muted/30 px-4 py-10">
      <div className="absolute top-4 right-4">
        <PageLanguage />
      </div>
      <div className="grid w-full max-w-sm gap-6">
        <Logo className="justify-self-center" />
        <Card className="shadow-md">
          <CardHeader className="items-center text-center">
            <span className="grid size-12 place-items-center rounded-full bg-accent text-accent-foreground">
              <Lock className="size-6" aria-hidden />
            </span>
            <h1 className="text-xl font-semibold tracking-tight">{t(SHARING_MESSAGES.passwordRequired)}</h1>
            <p className="text-sm text-muted-foreground">{t(SHARING_TEXTS.passwordPrompt)}</p>
          </CardHeader>
          <CardContent>
            {loaded ? (
              <Suspense fallback={placeholder}>
                <LinkPasswordForm token={token} viewerId={viewerId} />
              </Suspense>
            ) : (
              placeholder
            )}
          </CardContent>
        </Card>
      </div>
    </main>
  );
}

/** The intake form, shown as soon as its code is there: no Suspense fallback's minimum 300 ms (issue 27 item 20). */
function IntakeSection({ token, viewerId }: { token: string; viewerId: string | null }) {
  const placeholder = <Skeleton className="h-32" />;
  if (!useLoaded(IntakeForm)) return placeholder;
  return (
    <Suspense fallback={placeholder}>
      <IntakeForm token={token} viewerId={viewerId} />
    </Suspense>
  );
}

function GrantedView({ token, viewerId, project }: { token: string; viewerId: string | null; project: SharedProject }) {
  const t = useT('sharing', 'domain-shared');
  const source = sharedProjectSource(token, viewerId);
  const navigate = useNavigate();
  // /project-access/:token/tasks/:taskId: a task's panel open over the page (issue 29).
  const openTaskId = useMatch('/project-access/:token/tasks/:taskId')?.params.taskId ?? null;
  const pagePath = `/project-access/${encodeURIComponent(token)}`;
  const taskLinks: TaskLinks = { href: (task) => `${pagePath}/tasks/${encodeURIComponent(task.id)}`, state: OPENED_FROM_PAGE, onIntent: TaskPanel.preload };
  useSharedLiveUpdates(token);
  const fields = Array.isArray(project.templateFields) ? project.templateFields : [];
  const signInHint = (
    <div className="flex flex-wrap items-center gap-x-3 gap-y-2 rounded-lg border border-primary/20 bg-primary/5 p-3 text-sm">
      <Info className="size-4 shrink-0 text-primary" aria-hidden />
      <p className="min-w-0 flex-1">{t(SHARING_MESSAGES.signInToContribute)}</p>
      <Button size="sm" variant="outline" onClick={() => void navigate(`?${SIGN_IN_PARAM}`)}>
        {t(SHARING_TEXTS.signIn)}
      </Button>
    </div>
  );

  // Staff made this link view only: signing in would not help, so no button.
  const viewOnlyHint = (
    <div className="flex items-center gap-3 rounded-lg border bg-muted/40 p-3 text-sm">
      <Info className="size-4 shrink-0 text-muted-foreground" aria-hidden />
      <p className="min-w-0 flex-1">{t(SHARING_MESSAGES.viewOnly)}</p>
    </div>
  );

  return (
    <PageFrame viewerName={project.viewerName}>
      <div className="grid gap-6">
        <header className="grid gap-2">
          <p className="text-xs font-medium tracking-wide text-muted-foreground uppercase">{t(SHARING_TEXTS.sharedProject)}</p>
          <h1 className="min-w-0 text-2xl font-bold tracking-tight wrap-anywhere sm:text-3xl">{project.projectName}</h1>
        </header>
        {/* Issue 33: on a link where viewers may approve, what awaits their approval comes first. */}
        {project.canApprove ? (
          <Suspense fallback={<Skeleton className="h-32" />}>
            <ApprovalsPanel source={source} />
          </Suspense>
        ) : null}
        {/* An intake link that shows the questionnaire only has nothing else to contribute to. */}
        {!project.showsProject || project.canContribute ? null : project.viewersMayContribute ? signInHint : viewOnlyHint}
        {/* Issue 49 item 10: a link that shows the approvals only has no overview or questionnaire (the server sends none). */}
        {project.showsProject || project.intakeState ? (
          <>
            <Card>
              <CardHeader>
                <CardTitle level={2}>{t(SHARING_TEXTS.companyOverview)}</CardTitle>
              </CardHeader>
              <CardContent>
                {project.companyOverview ? (
                  <p className="text-sm whitespace-pre-wrap">{project.companyOverview}</p>
                ) : (
                  <p className="text-sm text-muted-foreground italic">{t(SHARING_TEXTS.noCompanyOverview)}</p>
                )}
              </CardContent>
            </Card>
            <Card>
              <CardHeader>
                <CardTitle level={2}>{t(SHARING_TEXTS.questionnaire)}</CardTitle>
              </CardHeader>
              <CardContent>
                {project.intakeState ? (
                  // An intake link: its viewer answers here (issue 15); the form's code loads only then.
                  <IntakeSection token={token} viewerId={viewerId} />
                ) : fields.length > 0 ? (
                  <QuestionnaireView fields={fields} answers={project.formData} />
                ) : (
                  <p className="text-sm text-muted-foreground">{t(SHARING_TEXTS.noQuestionnaire)}</p>
                )}
              </CardContent>
            </Card>
          </>
        ) : null}
        {/* Issue 27: an intake link shows the project's work only when staff chose so (the server refuses it otherwise). */}
        {project.showsProject ? (
          <>
            <Card className="p-6">
              <TasksTab source={source} canAddTasks={false} canToggle={project.canContribute} nextStatus={sharedToggleStatus} taskLinks={taskLinks} />
            </Card>
            <FilesTab source={source} variant="shared" canContribute={project.canContribute} canDeleteFiles={false} />
            <NotesTab source={source} canAddNotes={project.canContribute} canChangeOwnNotes={project.canContribute} />
          </>
        ) : null}
        {project.showsProject && openTaskId ? (
          <Suspense fallback={null}>
            {/* A link's viewer: no staff fields, no activity, no mentions (the server refuses them
                through a link); a contributor toggles the status and comments. */}
            <TaskPanel
              key={openTaskId}
              source={source}
              taskId={openTaskId}
              access={{
                status: project.canContribute ? { kind: 'toggle', nextStatus: sharedToggleStatus } : { kind: 'none' },
                canEditFields: false,
                showAssignee: false,
                showActivity: false,
                canComment: project.canContribute,
                canMention: false,
                canFollow: false,
                readOnly: project.canContribute ? undefined : project.viewersMayContribute ? 'sign-in' : 'view-only',
              }}
              pagePath={pagePath}
            />
          </Suspense>
        ) : null}
      </div>
    </PageFrame>
  );
}
