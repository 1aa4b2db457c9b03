import { useInfiniteQuery } from '@tanstack/react-query';
import { Plus } from 'lucide-react';
import { Suspense, useDeferredValue, useRef, useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { PROJECT_MESSAGES } from '@/domain/project-rules';
import { APPROVAL_TEXTS } from '@/domain/approval-states';
import { PROJECT_STATUS_LABELS } from '@/domain/project-status';
import type { Text } from '@/domain/locales';
import type { ProjectCard as Project, ProjectFilter } from '@/domain/projects';
import { canDeleteProject, canManageProjects, type Role } from '@/domain/roles';
import type { Template } from '@/domain/templates';
import { ExportCsvLink } from '@/web/components/export-csv-link';
import { Button } from '@/web/components/ui/button';
import { EmptyState } from '@/web/components/ui/empty-state';
import { LoadErrorPanel } from '@/web/components/ui/load-error-panel';
import { LoadMore } from '@/web/components/ui/load-more';
import { SearchInput } from '@/web/components/ui/search-input';
import { LazySelect } from '@/web/components/ui/lazy-select';
import { Skeleton } from '@/web/components/ui/skeleton';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/web/components/ui/tabs';
import { useT } from '@/web/lib/i18n';
import { lazyComponent, preloadOnIntent, useOpenedOnce } from '@/web/lib/lazy-component';
import { useDebouncedValue } from '@/web/lib/use-debounced-value';
import { projectListQuery, projectsExportUrl, type ApprovalListFilter } from '../api';
import { PROJECTS_TEXTS } from '../texts';
import { ProjectCard } from './project-card';
import { useCreateRequest } from '@/web/lib/create-request';

// The dialog (form, client select, template fields) downloads when first opened or on its button's hover.
const CreateProjectDialog = lazyComponent(async () => (await import('./create-project-dialog')).CreateProjectDialog);

/** The status filter's choices: the domain's status names, after this feature's 'All Status'. */
const FILTER_LABELS: Record<ProjectFilter, Text> = {
  all: PROJECTS_TEXTS.allStatus,
  active: PROJECT_STATUS_LABELS.active,
  completed: PROJECT_STATUS_LABELS.completed,
  on_hold: PROJECT_STATUS_LABELS.on_hold,
};

// Issue 33: projects with files awaiting the client's approval, or with changes requested.
const APPROVAL_LABELS: Record<ApprovalListFilter, Text> = {
  all: PROJECTS_TEXTS.allApprovals,
  awaiting_approval: APPROVAL_TEXTS.states.awaiting,
  changes_requested: APPROVAL_TEXTS.states.changes_requested,
};

/** A select's choices in the active language. */
function optionsOf<Value extends string>(labels: Record<Value, Text>, t: (text: Text) => string): { value: Value; label: string }[] {
  return (Object.keys(labels) as Value[]).map((value) => ({ value, label: t(labels[value]) }));
}

type ProjectsTabProps = {
  role: Role;
  /** Extra staff actions per card from other features (the sharing buttons), composed by the page. */
  renderCardActions?: (project: Project) => ReactNode;
  /**
   * The Templates sub-tab for staff (spec 2), composed by the page from the templates feature;
   * its 'Use Template' opens this feature's Create Project dialog with the template preset.
   */
  templatesTab?: (useTemplate: (template: Template) => void) => ReactNode;
};

export function ProjectsTab({ role, renderCardActions, templatesTab }: ProjectsTabProps) {
  const t = useT('projects', 'domain');
  const staff = canManageProjects(role);
  // The template stays while the dialog closes, so its content does not change under the animation.
  const [using, setUsing] = useState<{ open: boolean; template: Template | null }>({ open: false, template: null });
  const usingOpened = useOpenedOnce(using.open);
  // The sub-tab lives in the URL, `?view=templates` (issue 14), so reload and Back keep it;
  // switching replaces the entry, as the project page's tabs do.
  const [searchParams, setSearchParams] = useSearchParams();
  const view = searchParams.get('view') === 'templates' ? 'templates' : 'projects';
  const showView = (value: string) =>
    setSearchParams((params) => {
      const next = new URLSearchParams(params);
      if (value === 'templates') next.set('view', 'templates');
      else next.delete('view');
      return next;
    }, { replace: true });
  return (
    <section className="space-y-6" aria-label={t(PROJECTS_TEXTS.title)}>
      <div>
        <h2 className="text-xl font-semibold">{t(PROJECTS_TEXTS.title)}</h2>
        <p className="text-sm text-muted-foreground">{staff ? t(PROJECT_MESSAGES.staffSubtitle) : t(PROJECT_MESSAGES.developerSubtitle)}</p>
      </div>
      {staff ? (
        <Tabs value={view} onValueChange={showView} className="space-y-6">
          <TabsList>
            <TabsTrigger value="projects">{t(PROJECTS_TEXTS.views.projects)}</TabsTrigger>
            <TabsTrigger value="templates">{t(PROJECTS_TEXTS.views.templates)}</TabsTrigger>
          </TabsList>
          <TabsContent value="projects">
            <ProjectList role={role} renderCardActions={renderCardActions} />
          </TabsContent>
          <TabsContent value="templates">
            {templatesTab?.((template) => setUsing({ open: true, template }))}
          </TabsContent>
        </Tabs>
      ) : (
        <ProjectList role={role} renderCardActions={renderCardActions} />
      )}
      {staff && usingOpened ? (
        <Suspense fallback={null}>
          <CreateProjectDialog
            open={using.open}
            preset={using.template}
            onOpenChange={(open) => setUsing((current) => ({ ...current, open }))}
          />
        </Suspense>
      ) : null}
    </section>
  );
}

function ProjectList({ role, renderCardActions }: ProjectsTabProps) {
  const t = useT('projects', 'domain', 'domain-shared');
  const staff = canManageProjects(role);
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState<ProjectFilter>('all');
  const [approval, setApproval] = useState<ApprovalListFilter>('all');
  const [creating, setCreating] = useState(false);
  const creatingOpened = useOpenedOnce(creating);
  useCreateRequest('project', staff, () => setCreating(true));
  const debounced = useDebouncedValue(search.trim());
  const projects = useInfiniteQuery(projectListQuery(debounced, status, approval));
  // The cards mount in a deferred render, which React splits into short tasks, instead of in the
  // one synchronous update the query's answer triggers: a phone stays responsive while a page of
  // cards renders (decision 013). The skeleton holds their place meanwhile.
  const data = useDeferredValue(projects.data);

  const items = data?.pages.flatMap((p) => p.items) ?? [];
  const first = data?.pages[0];
  const grid = useRef<HTMLDivElement>(null);
  const filtering = debounced !== '' || status !== 'all' || approval !== 'all';

  return (
    <div className="space-y-5">
      {/* The row wraps before the search box gets too narrow to read its placeholder (German runs long). */}
      <div className="flex flex-col gap-3 sm:flex-row sm:flex-wrap sm:items-center">
        <SearchInput
          className="flex-1 sm:max-w-md sm:min-w-64"
          aria-label={t(PROJECTS_TEXTS.searchLabel)}
          placeholder={t(PROJECTS_TEXTS.searchPlaceholder)}
          value={search}
          onChange={(e) => setSearch(e.target.value)}
        />
        {/* Its code loads when it is first opened (or hovered, focused): the list shows the filter, not its options. */}
        <LazySelect
          className="sm:w-44"
          aria-label={t(PROJECTS_TEXTS.filterLabel)}
          value={status}
          onValueChange={(value) => setStatus(value as ProjectFilter)}
          options={optionsOf(FILTER_LABELS, t)}
        />
        <LazySelect
          className="sm:w-48"
          aria-label={t(PROJECTS_TEXTS.approvalFilterLabel)}
          value={approval}
          onValueChange={(value) => setApproval(value as ApprovalListFilter)}
          options={optionsOf(APPROVAL_LABELS, t)}
        />
        {staff ? (
          <div className="flex flex-wrap gap-2 sm:ml-auto">
            {/* Developers never export (issue 15). */}
            <ExportCsvLink href={projectsExportUrl(debounced, status, approval)} />
            <Button onClick={() => setCreating(true)} {...preloadOnIntent(CreateProjectDialog)}>
              <Plus aria-hidden />
              {t(PROJECTS_TEXTS.addProject)}
            </Button>
          </div>
        ) : null}
      </div>

      {projects.isPending || (data === undefined && !projects.isError) ? (
        <div className="grid grid-cols-1 gap-4 lg:grid-cols-2 xl:grid-cols-3" aria-busy="true" aria-label={t(PROJECTS_TEXTS.loadingProjects)}>
          {Array.from({ length: 6 }, (_, i) => (
            <Skeleton key={i} className="h-64 rounded-xl" />
          ))}
        </div>
      ) : projects.isError ? (
        <LoadErrorPanel title={t(PROJECT_MESSAGES.fetchFailed)} error={projects.error} onRetry={() => void projects.refetch()} />
      ) : (
        <>
          {/* The cards on screen, of every project the caller can see (issue 49 item 6: it said the
              matching count, 27 of 27, with the first page's 24 cards shown). */}
          <p className="text-sm text-muted-foreground" aria-live="polite">
            {t(PROJECTS_TEXTS.showing, { shown: items.length, total: first?.total ?? 0 })}
          </p>
          {items.length === 0 ? (
            filtering ? (
              <EmptyState title={t(PROJECT_MESSAGES.noMatches)} />
            ) : staff ? (
              <EmptyState
                title={t(PROJECT_MESSAGES.noProjects)}
                text={t(PROJECT_MESSAGES.noProjectsHelp)}
                action={
                  <Button onClick={() => setCreating(true)} {...preloadOnIntent(CreateProjectDialog)}>
                    <Plus aria-hidden />
                    {t(PROJECT_MESSAGES.createFirst)}
                  </Button>
                }
              />
            ) : (
              <EmptyState title={t(PROJECT_MESSAGES.noneAssigned)} />
            )
          ) : (
            // grid-cols-1: a phone's one column is the screen's width, not its widest card's.
            <div ref={grid} className="grid grid-cols-1 gap-4 lg:grid-cols-2 xl:grid-cols-3">
              {items.map((project) => (
                <ProjectCard
                  key={project.id}
                  project={project}
                  readOnly={!staff}
                  canDelete={canDeleteProject(role)}
                  actions={renderCardActions?.(project)}
                />
              ))}
            </div>
          )}
          <LoadMore list={projects} items={grid} />
        </>
      )}

      {staff && creatingOpened ? (
        <Suspense fallback={null}>
          <CreateProjectDialog open={creating} onOpenChange={setCreating} />
        </Suspense>
      ) : null}
    </div>
  );
}
