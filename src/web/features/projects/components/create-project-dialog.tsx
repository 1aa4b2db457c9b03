// Create New Project (spec 2), and Use Template's two steps (spec 2: preview, then fill) as the
// same dialog with the template preset (issue 9 step 4). One form, one schema: the project's
// fields and the questionnaire's answers (domain projectFormSchema, which the API shares).
import { useQuery } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { Controller } from 'react-hook-form';
import type { z } from 'zod';
import { PROJECT_MESSAGES, projectFormSchema, type ProjectFormInput } from '@/domain/projects';
import { askedFields, emptyAnswers, hasMissingAnswer, TEMPLATE_MESSAGES, type Template } from '@/domain/templates';
import { ClientSelect } from '@/web/components/client-select/client-select';
import { AnswerFields } from '@/web/components/questionnaire/answer-input';
import { Button } from '@/web/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/web/components/ui/dialog';
import { FormField } from '@/web/components/ui/form-field';
import { Input } from '@/web/components/ui/input';
import { LoadErrorPanel } from '@/web/components/ui/load-error-panel';
import { useSchemaForm } from '@/web/components/ui/schema-form';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/web/components/ui/select';
import { Textarea } from '@/web/components/ui/textarea';
import { UI_TEXTS } from '@/web/components/ui/texts';
import { useT } from '@/web/lib/i18n';
import { clientOptionsQuery } from '@/web/features/clients/api';
import { templateChoicesQuery } from '@/web/features/templates/api';
import { todayIso } from '@/web/lib/format-date';
import { refusingPastDueDate } from '@/web/lib/past-due-date';
import { notifyError, notifySuccess } from '@/web/lib/notify';
import { useCreateProject } from '../api';
import { PROJECTS_TEXTS } from '../texts';
import { InlineNewClient } from './inline-new-client';

type ProjectFormOutput = z.output<ReturnType<typeof projectFormSchema>>;

const NO_TEMPLATE = 'none';
const blankValues: ProjectFormInput = { name: '', clientId: '', description: '', dueDate: '', answers: {} };

/** Spec 4: a template sets the name (its own followed by ' Project'), the description and empty answers. */
function valuesFrom(template: Template | null, current: ProjectFormInput = blankValues): ProjectFormInput {
  if (!template) return { ...current, answers: {} };
  return { ...current, name: `${template.name} Project`, description: template.description ?? '', answers: emptyAnswers(askedFields(template.fields)) };
}

type CreateProjectDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Use Template: the template the dialog is for; it opens on the preview step each time. */
  preset?: Template | null;
};

export function CreateProjectDialog({ open, onOpenChange, preset = null }: CreateProjectDialogProps) {
  const createProject = useCreateProject();
  return (
    <Dialog open={open} onOpenChange={(next) => !createProject.isPending && onOpenChange(next)}>
      <DialogContent className={preset ? 'max-h-[90vh] max-w-[650px]' : 'max-h-[90vh] max-w-[600px]'}>
        {/* The content mounts at each opening: Use Template starts on its preview step every time. */}
        {open ? <ProjectFormSteps preset={preset} onOpenChange={onOpenChange} createProject={createProject} /> : null}
      </DialogContent>
    </Dialog>
  );
}

type ProjectFormStepsProps = {
  preset: Template | null;
  onOpenChange: (open: boolean) => void;
  createProject: ReturnType<typeof useCreateProject>;
};

function ProjectFormSteps({ preset, onOpenChange, createProject }: ProjectFormStepsProps) {
  // domain-shared: the questionnaire's rules (TEMPLATE_MESSAGES), its answers' messages among them.
  const t = useT('projects', 'domain', 'domain-shared');
  const [step, setStep] = useState<'preview' | 'fill'>(preset ? 'preview' : 'fill');
  const [template, setTemplate] = useState<Template | null>(preset);
  // The schema is made at each check from the chosen template: it follows the choice
  // (chooseTemplate keeps the two together).
  const templateRef = useRef(preset);
  const form = useSchemaForm<ProjectFormInput, ProjectFormOutput>({
    // The answers' input is the template's FormData, which the schema reads as unknown.
    schema: async () => projectFormSchema(templateRef.current?.fields ?? null) as z.ZodType<ProjectFormOutput, ProjectFormInput>,
    defaultValues: valuesFrom(preset),
    wrapResolver: (resolver) => refusingPastDueDate(resolver, PROJECT_MESSAGES.dueDateInPast.id),
  });
  const { errors } = form.formState;

  const filling = step === 'fill';
  const clients = useQuery({ ...clientOptionsQuery, enabled: filling });
  const templates = useQuery({ ...templateChoicesQuery, enabled: filling && !preset });

  const chooseTemplate = (id: string) => {
    const chosen = templates.data?.find((choice) => choice.id === id) ?? null;
    setTemplate(chosen);
    templateRef.current = chosen;
    const values = valuesFrom(chosen, form.getValues());
    // Validated at once, so a 'Project name is required' shown before clears (issue 14).
    form.setValue('name', values.name, { shouldValidate: chosen !== null });
    form.setValue('description', values.description, { shouldValidate: chosen !== null });
    form.setValue('answers', values.answers);
    form.clearErrors('answers');
  };

  const onSubmit = form.handleSubmit(
    ({ answers, ...project }) => {
      const fromTemplate = template ? { templateId: template.id, formData: answers } : {};
      createProject.mutate(
        { ...project, ...fromTemplate },
        {
          onSuccess: () => {
            notifySuccess(t(template ? TEMPLATE_MESSAGES.projectCreated : PROJECT_MESSAGES.created));
            onOpenChange(false);
          },
        },
      );
    },
    () => {
      // Spec 5: an unanswered required field is announced by a toast, and nothing is sent.
      if (!template) return;
      const checked = projectFormSchema(template.fields).safeParse(form.getValues());
      if (!checked.success && hasMissingAnswer(checked.error.issues)) notifyError(t(TEMPLATE_MESSAGES.requiredAnswers));
    },
  );

  if (preset && step === 'preview') {
    return (
      <>
        <DialogHeader>
          <DialogTitle>{preset.name}</DialogTitle>
          <DialogDescription>{t(PROJECTS_TEXTS.previewDescription)}</DialogDescription>
        </DialogHeader>
        <div className="grid gap-5">
          {preset.description ? <p className="text-sm text-muted-foreground">{preset.description}</p> : null}
          <AnswerFields fields={preset.fields} answers={emptyAnswers(preset.fields)} disabled />
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              {t(UI_TEXTS.cancel)}
            </Button>
            <Button type="button" onClick={() => setStep('fill')}>
              {t(PROJECTS_TEXTS.useTemplate)}
            </Button>
          </DialogFooter>
        </div>
      </>
    );
  }

  const answerErrors = errors.answers as Record<string, { message?: string } | undefined> | undefined;
  return (
    <>
      <DialogHeader>
        <DialogTitle>{preset ? preset.name : t(PROJECTS_TEXTS.createTitle)}</DialogTitle>
        <DialogDescription>{preset ? t(PROJECTS_TEXTS.fillDescription) : t(PROJECTS_TEXTS.createDescription)}</DialogDescription>
      </DialogHeader>
      <form noValidate onSubmit={onSubmit} className="grid gap-4">
        {!preset && templates.isError ? (
          <LoadErrorPanel compact title={t(PROJECTS_TEXTS.templatesLoadFailed)} error={templates.error} onRetry={() => void templates.refetch()} />
        ) : null}
        {!preset && templates.data?.length ? (
          <FormField label={t(PROJECTS_TEXTS.templateOptional)}>
            <Select value={template?.id ?? NO_TEMPLATE} onValueChange={chooseTemplate}>
              <SelectTrigger aria-label={t(PROJECTS_TEXTS.template)}>
                <SelectValue placeholder={t(PROJECTS_TEXTS.noTemplate)} />
              </SelectTrigger>
              <SelectContent>
                <SelectItem value={NO_TEMPLATE}>{t(PROJECTS_TEXTS.noTemplate)}</SelectItem>
                {templates.data.map((choice) => (
                  <SelectItem key={choice.id} value={choice.id}>
                    {choice.name}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          </FormField>
        ) : null}
        <FormField label={t(PROJECTS_TEXTS.fields.name)} error={errors.name?.message}>
          <Input autoFocus placeholder={t(PROJECTS_TEXTS.namePlaceholder)} {...form.register('name')} />
        </FormField>
        {clients.data?.length === 0 ? (
          <InlineNewClient error={errors.clientId?.message} onCreated={(client) => form.setValue('clientId', client.id, { shouldValidate: true })} />
        ) : (
          <>
            <FormField label={t(PROJECTS_TEXTS.fields.client)} error={errors.clientId?.message}>
              <Controller
                control={form.control}
                name="clientId"
                render={({ field }) => (
                  <ClientSelect value={field.value} clients={clients.data} failed={clients.isError} onBlur={field.onBlur} onChange={(client) => field.onChange(client.id)} />
                )}
              />
            </FormField>
            {clients.isError ? <LoadErrorPanel compact title={t(PROJECTS_TEXTS.clientsLoadFailed)} error={clients.error} onRetry={() => void clients.refetch()} /> : null}
          </>
        )}
        <FormField label={t(PROJECTS_TEXTS.fields.description)} error={errors.description?.message}>
          <Textarea rows={preset ? 2 : 3} placeholder={t(PROJECTS_TEXTS.descriptionPlaceholder)} {...form.register('description')} />
        </FormField>
        <FormField label={t(PROJECTS_TEXTS.fields.dueDate)} error={errors.dueDate?.message}>
          {/* Past dates cannot be picked (spec 2); the server refuses them too. */}
          <Input type="date" min={todayIso()} {...form.register('dueDate')} />
        </FormField>
        {template ? (
          <div className="grid gap-4 border-t pt-4">
            <h3 className="text-sm font-semibold">{preset ? t(PROJECTS_TEXTS.questionnaire) : t(PROJECTS_TEXTS.templateQuestionnaire, { template: template.name })}</h3>
            <Controller
              control={form.control}
              name="answers"
              render={({ field }) => (
                <AnswerFields
                  fields={askedFields(template.fields)}
                  answers={field.value}
                  onChange={field.onChange}
                  errors={answerErrors ? Object.fromEntries(Object.entries(answerErrors).map(([name, error]) => [name, error?.message])) : undefined}
                />
              )}
            />
          </div>
        ) : null}
        <DialogFooter>
          <Button
            type="button"
            variant="outline"
            disabled={createProject.isPending}
            onClick={() => (preset ? setStep('preview') : onOpenChange(false))}
          >
            {preset ? t(PROJECTS_TEXTS.back) : t(UI_TEXTS.cancel)}
          </Button>
          <Button type="submit" loading={createProject.isPending} loadingText={t(PROJECTS_TEXTS.creating)}>
            {t(PROJECTS_TEXTS.createProject)}
          </Button>
        </DialogFooter>
      </form>
    </>
  );
}
