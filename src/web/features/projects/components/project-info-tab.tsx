import { Controller } from 'react-hook-form';
import {
  EDITABLE_PROJECT_STATUSES,
  PROJECT_DETAIL_MESSAGES,
  updateProjectSchema,
  type EditableProjectStatus,
  type ProjectDetail,
} from '@/domain/project-details';
import { PROJECT_MESSAGES } from '@/domain/project-rules';
import { PROJECT_STATUS_LABELS } from '@/domain/project-status';
import { QuestionnaireView } from '@/web/components/questionnaire/questionnaire-view';
import { Button } from '@/web/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/web/components/ui/card';
import { FormField } from '@/web/components/ui/form-field';
import { Input } from '@/web/components/ui/input';
import { useSchemaForm } from '@/web/components/ui/schema-form';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/web/components/ui/select';
import { Textarea } from '@/web/components/ui/textarea';
import { notifySuccess } from '@/web/lib/notify';
import { refusingPastDueDate } from '@/web/lib/past-due-date';
import { useT } from '@/web/lib/i18n';
import { useUpdateProject } from '../api';
import { PROJECTS_TEXTS } from '../texts';
import { ProjectBudgetCard } from './project-budget-card';

function formValues(project: ProjectDetail) {
  // The form offers four statuses (spec 4); an overdue project is edited as active.
  const status: EditableProjectStatus = project.status === 'overdue' ? 'active' : project.status;
  return {
    name: project.name,
    status,
    description: project.description ?? '',
    dueDate: project.dueDate ?? '',
    companyOverview: project.companyOverview ?? '',
  };
}

function ProjectEditForm({ project }: { project: ProjectDetail }) {
  const t = useT('projects', 'domain');
  const updateProject = useUpdateProject(project.id);
  const form = useSchemaForm({
    schema: updateProjectSchema,
    defaultValues: formValues(project),
    wrapResolver: (resolver) => refusingPastDueDate(resolver, PROJECT_MESSAGES.dueDateInPast.id, () => project.dueDate),
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit((values) => {
    updateProject.mutate(values, {
      onSuccess: (result) => {
        notifySuccess(t(result.statusForcedActive ? PROJECT_DETAIL_MESSAGES.savedActive : PROJECT_DETAIL_MESSAGES.saved));
        form.reset(formValues(result.project));
      },
    });
  });

  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-4" aria-label={t(PROJECTS_TEXTS.editFormLabel)}>
      <FormField label={t(PROJECTS_TEXTS.fields.name)} error={errors.name?.message}>
        <Input {...form.register('name')} />
      </FormField>
      <FormField label={t(PROJECTS_TEXTS.fields.status)} error={errors.status?.message}>
        <Controller
          control={form.control}
          name="status"
          render={({ field }) => (
            <Select value={field.value} onValueChange={field.onChange}>
              <SelectTrigger onBlur={field.onBlur} aria-label={t(PROJECTS_TEXTS.fields.status)}>
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                {EDITABLE_PROJECT_STATUSES.map((status) => (
                  <SelectItem key={status} value={status}>
                    {t(PROJECT_STATUS_LABELS[status])}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          )}
        />
      </FormField>
      <FormField label={t(PROJECTS_TEXTS.fields.description)} error={errors.description?.message}>
        <Textarea rows={3} {...form.register('description')} />
      </FormField>
      <FormField label={t(PROJECTS_TEXTS.fields.dueDate)} error={errors.dueDate?.message} hint={t(PROJECTS_TEXTS.dueDateHint)}>
        <Input type="date" {...form.register('dueDate')} />
      </FormField>
      <FormField label={t(PROJECTS_TEXTS.fields.companyOverview)} error={errors.companyOverview?.message}>
        <Textarea rows={4} placeholder={t(PROJECT_DETAIL_MESSAGES.overviewPlaceholder)} {...form.register('companyOverview')} />
      </FormField>
      <div>
        <Button type="submit" loading={updateProject.isPending} loadingText={t(PROJECT_DETAIL_MESSAGES.saving)}>
          {t(PROJECT_DETAIL_MESSAGES.save)}
        </Button>
      </div>
    </form>
  );
}

export function ProjectInfoTab({ project }: { project: ProjectDetail }) {
  const t = useT('projects', 'domain');
  return (
    <div className="grid gap-4">
      <Card>
        <CardHeader>
          <CardTitle>{t(PROJECTS_TEXTS.infoTitle)}</CardTitle>
        </CardHeader>
        <CardContent className="grid gap-3 text-sm">
          <div>
            <p className="font-medium text-muted-foreground">{t(PROJECTS_TEXTS.fields.client)}</p>
            <p>{project.clientName}</p>
          </div>
          {!project.canEdit ? (
            <div>
              <p className="font-medium text-muted-foreground">{t(PROJECTS_TEXTS.fields.companyOverview)}</p>
              <p className="whitespace-pre-wrap">{project.companyOverview || t(PROJECTS_TEXTS.noOverview)}</p>
            </div>
          ) : null}
        </CardContent>
      </Card>
      {/* Issue 32: rates and money are staff's (the server refuses anyone else). Near the top,
          after the key facts and before the questionnaire (issue 49 item 18). */}
      {project.canEdit ? <ProjectBudgetCard projectId={project.id} /> : null}
      {project.templateFields?.length ? (
        <Card>
          <CardHeader>
            <CardTitle>{t(PROJECTS_TEXTS.questionnaireTitle)}</CardTitle>
          </CardHeader>
          <CardContent>
            <QuestionnaireView fields={project.templateFields} answers={project.formData} />
          </CardContent>
        </Card>
      ) : null}
      {project.canEdit ? (
        <Card>
          <CardHeader>
            <CardTitle>{t(PROJECTS_TEXTS.editTitle)}</CardTitle>
          </CardHeader>
          <CardContent>
            <ProjectEditForm project={project} />
          </CardContent>
        </Card>
      ) : null}
    </div>
  );
}
