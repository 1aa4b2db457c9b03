import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { createProjectSchema, PROJECT_MESSAGES, type CreateProjectInput } from '@/domain/projects';
import type { FormData } from '@/domain/template-field';
import { emptyAnswers, TEMPLATE_MESSAGES, validateAnswers, type Template } from '@/domain/templates';
import { ClientSelect } from '@/web/components/client-select/client-select';
import { Button } from '@/web/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/web/components/ui/dialog';
import { FormField } from '@/web/components/ui/form-field';
import { Input } from '@/web/components/ui/input';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/web/components/ui/select';
import { Textarea } from '@/web/components/ui/textarea';
import { todayIso } from '@/web/lib/format-date';
import { notifyError, notifySuccess } from '@/web/lib/notify';
import { templateChoicesQuery } from '@/web/features/templates/api';
import { AnswerFields } from '@/web/components/questionnaire/answer-input';
import { clientOptionsQuery } from '@/web/features/clients/api';
import { useCreateProject } from '../api';

const emptyValues: CreateProjectInput = { name: '', clientId: '', description: '', dueDate: '' };
const NO_TEMPLATE = 'none';

export function CreateProjectDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const clients = useQuery({ ...clientOptionsQuery, enabled: open });
  const createProject = useCreateProject();
  const form = useForm<CreateProjectInput, unknown, z.output<typeof createProjectSchema>>({ resolver: zodResolver(createProjectSchema), defaultValues: emptyValues });
  const { errors } = form.formState;
  const templates = useQuery({ ...templateChoicesQuery, enabled: open });
  const [template, setTemplate] = useState<Template | null>(null);
  const [answers, setAnswers] = useState<FormData>({});

  // Spec 4: a template sets the name, the description and empty answers; clearing it removes them.
  // The client and due date chosen above also answer the template's default fields while empty.
  const fillDefault = (name: string, value: string) =>
    setAnswers((current) => (name in current && current[name] === '' ? { ...current, [name]: value } : current));

  const chooseTemplate = (id: string) => {
    const chosen = templates.data?.find((t) => t.id === id) ?? null;
    setTemplate(chosen);
    setAnswers(chosen ? emptyAnswers(chosen.fields) : {});
    if (chosen) {
      // Validated at once, so a 'Project name is required' shown before clears (issue 14).
      form.setValue('name', `${chosen.name} Project`, { shouldValidate: true });
      form.setValue('description', chosen.description ?? '', { shouldValidate: true });
    }
  };

  const onSubmit = form.handleSubmit((values) => {
    let fromTemplate = {};
    if (template) {
      const checked = validateAnswers(template.fields, answers);
      if (!checked.ok) {
        notifyError(checked.message);
        return;
      }
      fromTemplate = { templateId: template.id, formData: checked.formData };
    }
    createProject.mutate({ ...values, ...fromTemplate }, {
      onSuccess: () => {
        notifySuccess(template ? TEMPLATE_MESSAGES.projectCreated : PROJECT_MESSAGES.created);
        form.reset(emptyValues);
        setTemplate(null);
        setAnswers({});
        onOpenChange(false);
      },
    });
  });

  return (
    <Dialog open={open} onOpenChange={(next) => !createProject.isPending && onOpenChange(next)}>
      <DialogContent className="max-h-[90vh] max-w-[600px]">
        <DialogHeader>
          <DialogTitle>Create New Project</DialogTitle>
          <DialogDescription>Start a project for one of your clients.</DialogDescription>
        </DialogHeader>
        <form noValidate onSubmit={onSubmit} className="grid gap-4">
          {templates.data?.length ? (
            <FormField label="Project Template (optional)">
              <Select value={template?.id ?? NO_TEMPLATE} onValueChange={(id) => chooseTemplate(id)}>
                <SelectTrigger aria-label="Project Template">
                  <SelectValue placeholder="No template" />
                </SelectTrigger>
                <SelectContent>
                  <SelectItem value={NO_TEMPLATE}>No template</SelectItem>
                  {templates.data.map((t) => (
                    <SelectItem key={t.id} value={t.id}>
                      {t.name}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
            </FormField>
          ) : null}
          <FormField label="Project Name" error={errors.name?.message}>
            <Input autoFocus placeholder="e.g., Website Redesign" {...form.register('name')} />
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
          {clients.data?.length === 0 ? (
            <p className="-mt-2 text-xs text-muted-foreground">Add a client on the Clients tab first.</p>
          ) : null}
          <FormField label="Description" error={errors.description?.message}>
            <Textarea rows={3} placeholder="What this project delivers" {...form.register('description')} />
          </FormField>
          <FormField label="Due Date" error={errors.dueDate?.message}>
            {/* Past dates cannot be picked (spec 2); the server refuses them too. */}
            <Input
              type="date"
              min={todayIso()}
              {...form.register('dueDate', { onChange: (e: { target: { value: string } }) => fillDefault('due_date', e.target.value) })}
            />
          </FormField>
          {template ? (
            <div className="grid gap-4 border-t pt-4">
              <h3 className="text-sm font-semibold">{template.name} questionnaire</h3>
              <AnswerFields fields={template.fields} answers={answers} onChange={setAnswers} />
            </div>
          ) : null}
          <DialogFooter>
            <Button type="button" variant="outline" disabled={createProject.isPending} onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" loading={createProject.isPending} loadingText="Creating...">
              Create Project
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
