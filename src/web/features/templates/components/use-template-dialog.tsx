// Use Template (spec 2): (1) Preview with disabled fields, (2) Fill, then 'Create Project'.
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { createProjectSchema, type CreateProjectInput } from '@/domain/projects';
import type { FormData } from '@/domain/template-field';
import { emptyAnswers, TEMPLATE_MESSAGES, validateAnswers, type Template } from '@/domain/templates';
import { ClientSelect } from '@/web/components/client-select/client-select';
import { Button } from '@/web/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/web/components/ui/dialog';
import { FormField } from '@/web/components/ui/form-field';
import { Input } from '@/web/components/ui/input';
import { Textarea } from '@/web/components/ui/textarea';
import { api } from '@/web/lib/api-client';
import { todayIso } from '@/web/lib/format-date';
import { notifyError, notifySuccess } from '@/web/lib/notify';
import { useCreateProjectFromTemplate } from '../api';
import { AnswerFields } from '@/web/components/questionnaire/answer-input';

const clientChoices = {
  queryKey: ['clients', 'options'] as const,
  queryFn: () => api.get<{ items: { id: string; name: string }[] }>('/api/clients/options').then((r) => r.items),
};

type UseTemplateDialogProps = { template: Template | null; onOpenChange: (open: boolean) => void };

export function UseTemplateDialog({ template, onOpenChange }: UseTemplateDialogProps) {
  const createProject = useCreateProjectFromTemplate();
  return (
    <Dialog open={template !== null} onOpenChange={(next) => !createProject.isPending && onOpenChange(next)}>
      <DialogContent className="max-w-[650px]">
        {/* Spec 2: the content mounts at each opening, so it starts on the preview step every time. */}
        {template ? <UseTemplateSteps template={template} onOpenChange={onOpenChange} createProject={createProject} /> : null}
      </DialogContent>
    </Dialog>
  );
}

type UseTemplateStepsProps = {
  template: Template;
  onOpenChange: (open: boolean) => void;
  createProject: ReturnType<typeof useCreateProjectFromTemplate>;
};

function UseTemplateSteps({ template, onOpenChange, createProject }: UseTemplateStepsProps) {
  const [step, setStep] = useState<'preview' | 'fill'>('preview');
  const [answers, setAnswers] = useState<FormData>(() => emptyAnswers(template.fields));
  const clients = useQuery({ ...clientChoices, enabled: step === 'fill' });
  const form = useForm<CreateProjectInput, unknown, z.output<typeof createProjectSchema>>({
    resolver: zodResolver(createProjectSchema),
    // Spec 4: the name is the template's followed by ' Project', and its description.
    defaultValues: { name: `${template.name} Project`, clientId: '', description: template.description ?? '', dueDate: '' },
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit((values) => {
    const checked = validateAnswers(template.fields, answers);
    if (!checked.ok) {
      notifyError(checked.message);
      return;
    }
    createProject.mutate(
      { ...values, templateId: template.id, formData: checked.formData },
      {
        onSuccess: () => {
          notifySuccess(TEMPLATE_MESSAGES.projectCreated);
          onOpenChange(false);
        },
      },
    );
  });

  // The client and due date chosen above also answer the default fields while those are empty.
  const fillDefault = (name: string, value: string) =>
    setAnswers((current) => (name in current && current[name] === '' ? { ...current, [name]: value } : current));

  return (
    <>
      <DialogHeader>
        <DialogTitle>{template.name}</DialogTitle>
        <DialogDescription>
          {step === 'preview' ? 'Preview of the questionnaire this template adds to a project.' : 'Fill in the project and the questionnaire.'}
        </DialogDescription>
      </DialogHeader>
      {step === 'preview' ? (
        <div className="grid gap-5">
          {template.description ? <p className="text-sm text-muted-foreground">{template.description}</p> : null}
          <AnswerFields fields={template.fields} answers={emptyAnswers(template.fields)} disabled />
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="button" onClick={() => setStep('fill')}>
              Use Template
            </Button>
          </DialogFooter>
        </div>
      ) : null}
      {step === 'fill' ? (
        <form noValidate onSubmit={onSubmit} className="grid gap-4">
          <FormField label="Project Name" error={errors.name?.message}>
            <Input autoFocus {...form.register('name')} />
          </FormField>
          <FormField label="Description" error={errors.description?.message}>
            <Textarea rows={2} {...form.register('description')} />
          </FormField>
          <FormField label="Client" error={errors.clientId?.message}>
            <Controller
              control={form.control}
              name="clientId"
              render={({ field }) => (
                <ClientSelect
                  value={field.value}
                  clients={clients.data}
                  onBlur={field.onBlur}
                  onChange={(client) => {
                    field.onChange(client.id);
                    fillDefault('client_name', client.name);
                  }}
                />
              )}
            />
          </FormField>
          <FormField label="Due Date" error={errors.dueDate?.message}>
            <Input
              type="date"
              min={todayIso()}
              {...form.register('dueDate', { onChange: (e: { target: { value: string } }) => fillDefault('due_date', e.target.value) })}
            />
          </FormField>
          <div className="grid gap-4 border-t pt-4">
            <h3 className="text-sm font-semibold">Questionnaire</h3>
            <AnswerFields fields={template.fields} answers={answers} onChange={setAnswers} />
          </div>
          <DialogFooter>
            <Button type="button" variant="outline" disabled={createProject.isPending} onClick={() => setStep('preview')}>
              Back
            </Button>
            <Button type="submit" loading={createProject.isPending} loadingText="Creating...">
              Create Project
            </Button>
          </DialogFooter>
        </form>
      ) : null}
    </>
  );
}
