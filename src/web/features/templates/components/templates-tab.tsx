// The Templates inner tab of the Projects tab (spec 2 "Templates tab").
import { useInfiniteQuery } from '@tanstack/react-query';
import { Calendar, FileText, Pencil, Plus, Trash2 } from 'lucide-react';
import { useRef, useState } from 'react';
import { canManageUsers, type Role } from '@/domain/roles';
import { TEMPLATE_MESSAGES, type Template } from '@/domain/templates';
import { Badge } from '@/web/components/ui/badge';
import { Button } from '@/web/components/ui/button';
import { Card } from '@/web/components/ui/card';
import { EmptyState } from '@/web/components/ui/empty-state';
import { LoadErrorPanel } from '@/web/components/ui/load-error-panel';
import { LoadMore } from '@/web/components/ui/load-more';
import { SearchInput } from '@/web/components/ui/search-input';
import { Skeleton } from '@/web/components/ui/skeleton';
import { formatDate } from '@/web/lib/format-date';
import { loadTexts, useT } from '@/web/lib/i18n';
import { notifyError, notifySuccess } from '@/web/lib/notify';
import { useDebouncedValue } from '@/web/lib/use-debounced-value';
import { templateListQuery, useDeleteTemplate } from '../api';
import { TEMPLATES_TEXTS } from '../texts';
import { TemplateEditorDialog } from './template-editor-dialog';
import { api } from '@/web/lib/api-client';
import { useOpenRequest } from '@/web/lib/create-request';

// Its words start loading with this module, so the first render does not wait on them (decision 045).
void loadTexts('templates');

type TemplatesTabProps = {
  role: Role;
  /** 'Use Template': the page opens the Create Project dialog with the template preset. */
  onUseTemplate: (template: Template) => void;
};

export function TemplatesTab({ role, onUseTemplate }: TemplatesTabProps) {
  const t = useT('templates', 'domain-shared');
  const manage = canManageUsers(role);
  const [search, setSearch] = useState('');
  const debounced = useDebouncedValue(search.trim());
  const templates = useInfiniteQuery(templateListQuery(debounced));
  const deleteTemplate = useDeleteTemplate();
  const [editor, setEditor] = useState<{ open: boolean; template?: Template }>({ open: false });
  // A search result opens its template (issue 34).
  useOpenRequest('template', (id) => api.get<Template>(`/api/templates/${encodeURIComponent(id)}`), (template) => setEditor({ open: true, template }));

  const items = templates.data?.pages.flatMap((p) => p.items) ?? [];
  const first = templates.data?.pages[0];
  const grid = useRef<HTMLDivElement>(null);

  const onDelete = (template: Template) => {
    if (!window.confirm(t(TEMPLATE_MESSAGES.deleteConfirm))) return;
    deleteTemplate.mutate(template.id, {
      onSuccess: () => notifySuccess(t(TEMPLATE_MESSAGES.deleted)),
      onError: () => notifyError(t(TEMPLATE_MESSAGES.deleteFailed)),
    });
  };

  return (
    <div className="space-y-5">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
        <h3 className="text-lg font-semibold">{t(TEMPLATES_TEXTS.title)}</h3>
        {manage ? (
          <Button className="sm:ml-auto" onClick={() => setEditor({ open: true })}>
            <Plus aria-hidden />
            {t(TEMPLATES_TEXTS.addTemplate)}
          </Button>
        ) : null}
      </div>
      <SearchInput
        className="max-w-md"
        aria-label={t(TEMPLATES_TEXTS.searchLabel)}
        placeholder={t(TEMPLATES_TEXTS.searchPlaceholder)}
        value={search}
        onChange={(e) => setSearch(e.target.value)}
      />

      {templates.isPending ? (
        <div className="grid gap-4 md:grid-cols-2 xl:grid-cols-3" aria-busy="true" aria-label={t(TEMPLATES_TEXTS.loadingTemplates)}>
          {Array.from({ length: 6 }, (_, i) => (
            <Skeleton key={i} className="h-48 rounded-xl" />
          ))}
        </div>
      ) : templates.isError ? (
        <LoadErrorPanel title={t(TEMPLATE_MESSAGES.fetchFailed)} error={templates.error} onRetry={() => void templates.refetch()} />
      ) : (
        <>
          <p className="text-sm text-muted-foreground" aria-live="polite">
            {/* The cards on screen, of all the organization's templates (issue 49 item 6). */}
            {t(TEMPLATES_TEXTS.showing, { shown: items.length, total: first?.total ?? 0 })}
          </p>
          {items.length === 0 ? (
            debounced ? (
              <EmptyState title={t(TEMPLATE_MESSAGES.noMatches)} />
            ) : (
              // Issue 27: the first visit offers the first action, as the projects list does.
              <EmptyState
                title={t(TEMPLATE_MESSAGES.noTemplates)}
                text={t(TEMPLATES_TEXTS.noTemplatesHelp)}
                action={
                  manage ? (
                    <Button onClick={() => setEditor({ open: true })}>
                      <Plus aria-hidden />
                      {t(TEMPLATES_TEXTS.createFirst)}
                    </Button>
                  ) : undefined
                }
              />
            )
          ) : (
            <div ref={grid} className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
              {items.map((template) => (
                <Card key={template.id} className="flex flex-col gap-3 p-5" data-testid="template-card">
                  <div className="flex items-start gap-3">
                    <span className="grid size-10 shrink-0 place-items-center rounded-lg bg-accent text-accent-foreground">
                      <FileText className="size-5" aria-hidden />
                    </span>
                    <div className="min-w-0 flex-1">
                      <h4 className="line-clamp-2 font-semibold break-words" title={template.name}>
                        {template.name}
                      </h4>
                      <Badge variant="outline" className={template.status === 'active' ? 'border-emerald-200 bg-emerald-50 text-emerald-800' : undefined}>
                        {template.status === 'active' ? t(TEMPLATES_TEXTS.active) : t(TEMPLATES_TEXTS.inactive)}
                      </Badge>
                    </div>
                    {manage ? (
                      <div className="flex shrink-0 gap-1">
                        <Button variant="ghost" size="icon" className="size-8" aria-label={t(TEMPLATES_TEXTS.edit, { name: template.name })} onClick={() => setEditor({ open: true, template })}>
                          <Pencil />
                        </Button>
                        <Button variant="ghost" size="icon" className="size-8 text-destructive" aria-label={t(TEMPLATES_TEXTS.delete, { name: template.name })} onClick={() => onDelete(template)}>
                          <Trash2 />
                        </Button>
                      </div>
                    ) : null}
                  </div>
                  <p className="line-clamp-2 min-h-10 text-sm text-muted-foreground">{template.description ?? ''}</p>
                  <p className="flex items-center gap-1.5 text-xs text-muted-foreground">
                    <Calendar className="size-3.5" aria-hidden />
                    {t(TEMPLATES_TEXTS.createdWithFields, { date: formatDate(template.createdAt), fields: template.fields.length })}
                  </p>
                  <Button variant="outline" className="mt-auto" onClick={() => onUseTemplate(template)}>
                    {t(TEMPLATES_TEXTS.useTemplate)}
                  </Button>
                </Card>
              ))}
            </div>
          )}
          <LoadMore list={templates} items={grid} />
        </>
      )}

      {manage ? (
        <TemplateEditorDialog open={editor.open} template={editor.template} onOpenChange={(open) => setEditor((e) => ({ ...e, open }))} />
      ) : null}
    </div>
  );
}
