// Create Template and Edit Template (spec 2 "Templates tab", 4, 5): 650px wide.
import { zodResolver } from '@hookform/resolvers/zod';
import { ArrowDown, ArrowUp, Copy, Plus, Trash2, X } from 'lucide-react';
import { useState, type KeyboardEvent } from 'react';
import { useForm } from 'react-hook-form';
import { TEMPLATE_FIELD_TYPES, type TemplateField, type TemplateFieldType } from '@/domain/template-field';
import {
  addField,
  addOption,
  duplicateField,
  isChoiceType,
  isDefaultField,
  moveField,
  newTemplateFields,
  removeField,
  sortFields,
  TEMPLATE_FIELD_TYPE_LABELS,
  TEMPLATE_MESSAGES,
  templateDetailsSchema,
  templateFieldsError,
  type NewField,
  type Template,
  type TemplateDetails,
} from '@/domain/templates';
import { Badge } from '@/web/components/ui/badge';
import { Button } from '@/web/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/web/components/ui/dialog';
import { FormField } from '@/web/components/ui/form-field';
import { Input } from '@/web/components/ui/input';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/web/components/ui/select';
import { Textarea } from '@/web/components/ui/textarea';
import { UI_TEXTS } from '@/web/components/ui/texts';
import { notifyError, notifySuccess } from '@/web/lib/notify';
import { useCreateTemplate, useUpdateTemplate } from '../api';
import { TEMPLATES_TEXTS } from '../texts';

const emptyNewField: NewField = { label: '', name: '', type: 'text', required: false, options: [] };

type TemplateEditorDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The template to edit; none to create one. */
  template?: Template;
};

export function TemplateEditorDialog({ open, onOpenChange, template }: TemplateEditorDialogProps) {
  const createTemplate = useCreateTemplate();
  const updateTemplate = useUpdateTemplate();
  const pending = createTemplate.isPending || updateTemplate.isPending;
  return (
    <Dialog open={open} onOpenChange={(next) => !pending && onOpenChange(next)}>
      <DialogContent className="max-w-[650px]">
        {/* The content mounts at each opening, so the form starts from the template every time. */}
        <TemplateEditorForm template={template} onOpenChange={onOpenChange} createTemplate={createTemplate} updateTemplate={updateTemplate} />
      </DialogContent>
    </Dialog>
  );
}

type TemplateEditorFormProps = Omit<TemplateEditorDialogProps, 'open'> & {
  createTemplate: ReturnType<typeof useCreateTemplate>;
  updateTemplate: ReturnType<typeof useUpdateTemplate>;
};

function TemplateEditorForm({ template, onOpenChange, createTemplate, updateTemplate }: TemplateEditorFormProps) {
  const mode = template ? 'update' : 'create';
  const pending = createTemplate.isPending || updateTemplate.isPending;
  const form = useForm<TemplateDetails>({
    resolver: zodResolver(templateDetailsSchema),
    defaultValues: { name: template?.name ?? '', description: template?.description ?? '' },
  });
  const [fields, setFields] = useState<TemplateField[]>(() => (template ? sortFields(template.fields) : newTemplateFields()));
  const [draft, setDraft] = useState<NewField>(emptyNewField);
  const [optionText, setOptionText] = useState('');
  // After a refused Add Field the message follows the draft: it changes or clears as soon as
  // the field is fixed, not at the next click (issue 14).
  const [attempted, setAttempted] = useState(false);
  // A typed option not yet turned into a chip still counts.
  const candidate = optionText.trim() ? { ...draft, options: addOption(draft.options, optionText) } : draft;
  const check = attempted ? addField(fields, candidate, mode) : null;
  const fieldError = check && !check.ok ? check.message : null;

  const commitOption = () => {
    setDraft((d) => ({ ...d, options: addOption(d.options, optionText) }));
    setOptionText('');
  };

  // A comma ends an option, also in pasted text such as 'Red, Blue'.
  const onOptionText = (value: string) => {
    const parts = value.split(',');
    const rest = parts.pop() ?? '';
    if (parts.length) setDraft((d) => ({ ...d, options: parts.reduce(addOption, d.options) }));
    setOptionText(rest);
  };

  const onOptionKey = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter' || event.key === ',') {
      event.preventDefault();
      commitOption();
    }
  };

  const onAddField = () => {
    const result = addField(fields, candidate, mode);
    if (!result.ok) {
      setAttempted(true);
      return;
    }
    setFields(result.fields);
    setDraft(emptyNewField);
    setOptionText('');
    setAttempted(false);
  };

  const onRemove = (index: number) => {
    const result = removeField(fields, index);
    if (!result.ok) notifyError(result.message, result.title);
    else setFields(result.fields);
  };

  const onSubmit = form.handleSubmit((values) => {
    const problem = templateFieldsError(fields, mode);
    if (problem) {
      notifyError(problem);
      return;
    }
    const input = { name: values.name, description: values.description, fields };
    const done = {
      onSuccess: () => {
        notifySuccess(template ? TEMPLATE_MESSAGES.updated : TEMPLATE_MESSAGES.created);
        onOpenChange(false);
      },
    };
    if (template) updateTemplate.mutate({ id: template.id, ...input }, done);
    else createTemplate.mutate(input, done);
  });

  const { errors } = form.formState;
  return (
    <>
      <DialogHeader>
        <DialogTitle>{template ? TEMPLATES_TEXTS.editTitle : TEMPLATES_TEXTS.createTitle}</DialogTitle>
        <DialogDescription>{TEMPLATES_TEXTS.description}</DialogDescription>
      </DialogHeader>
      <form noValidate onSubmit={onSubmit} className="grid gap-5">
        <FormField label={TEMPLATES_TEXTS.name} error={errors.name?.message}>
          <Input autoFocus placeholder={TEMPLATES_TEXTS.namePlaceholder} {...form.register('name')} />
        </FormField>
        <FormField label={TEMPLATES_TEXTS.descriptionLabel} error={errors.description?.message}>
          <Textarea rows={2} placeholder={TEMPLATES_TEXTS.descriptionPlaceholder} {...form.register('description')} />
        </FormField>

        <section className="grid gap-2" aria-label={TEMPLATES_TEXTS.fieldsLabel}>
          <h3 className="text-sm font-semibold">{TEMPLATES_TEXTS.fieldsHeading(fields.length)}</h3>
          <ol className="grid gap-2">
            {fields.map((field, index) => (
              <li key={`${field.name}-${index}`} className="flex flex-wrap items-center gap-x-2 gap-y-1 rounded-lg border bg-background p-2.5" data-testid="template-field">
                <div className="min-w-0 flex-1 basis-40">
                  <p className="truncate text-sm font-medium">
                    {field.label}
                    {field.required ? <span className="text-destructive"> *</span> : null}
                  </p>
                  <p className="truncate text-xs text-muted-foreground">
                    {field.name} · {TEMPLATE_FIELD_TYPE_LABELS[field.type]}
                    {field.options.length ? ` · ${field.options.join(', ')}` : ''}
                  </p>
                </div>
                <div className="ml-auto flex items-center gap-1">
                  {isDefaultField(field.name) ? <Badge variant="outline">{TEMPLATES_TEXTS.defaultField}</Badge> : null}
                  <Button type="button" variant="ghost" size="icon" className="size-8" aria-label={TEMPLATES_TEXTS.moveUp(field.label)} disabled={index === 0} onClick={() => setFields(moveField(fields, index, -1))}>
                    <ArrowUp />
                  </Button>
                  <Button type="button" variant="ghost" size="icon" className="size-8" aria-label={TEMPLATES_TEXTS.moveDown(field.label)} disabled={index === fields.length - 1} onClick={() => setFields(moveField(fields, index, 1))}>
                    <ArrowDown />
                  </Button>
                  <Button type="button" variant="ghost" size="icon" className="size-8" aria-label={TEMPLATES_TEXTS.duplicate(field.label)} onClick={() => setFields(duplicateField(fields, index))}>
                    <Copy />
                  </Button>
                  <Button type="button" variant="ghost" size="icon" className="size-8 text-destructive" aria-label={TEMPLATES_TEXTS.remove(field.label)} onClick={() => onRemove(index)}>
                    <Trash2 />
                  </Button>
                </div>
              </li>
            ))}
          </ol>
        </section>

        <section className="grid gap-3 rounded-lg border border-dashed p-4" aria-label={TEMPLATES_TEXTS.addField}>
          <h3 className="text-sm font-semibold">{TEMPLATES_TEXTS.addField}</h3>
          <div className="grid gap-3 sm:grid-cols-2">
            <FormField label={TEMPLATES_TEXTS.fieldLabel}>
              <Input placeholder={TEMPLATES_TEXTS.fieldLabelPlaceholder} value={draft.label} onChange={(e) => setDraft({ ...draft, label: e.target.value })} />
            </FormField>
            <FormField label={TEMPLATES_TEXTS.fieldName} hint={TEMPLATES_TEXTS.fieldNameHint}>
              <Input placeholder={TEMPLATES_TEXTS.fieldNamePlaceholder} value={draft.name} onChange={(e) => setDraft({ ...draft, name: e.target.value })} />
            </FormField>
            <FormField label={TEMPLATES_TEXTS.fieldType}>
              <Select value={draft.type} onValueChange={(type) => setDraft({ ...draft, type: type as TemplateFieldType })}>
                <SelectTrigger aria-label={TEMPLATES_TEXTS.fieldType}>
                  <SelectValue placeholder={TEMPLATES_TEXTS.fieldTypePlaceholder} />
                </SelectTrigger>
                <SelectContent>
                  {TEMPLATE_FIELD_TYPES.map((type) => (
                    <SelectItem key={type} value={type}>
                      {TEMPLATE_FIELD_TYPE_LABELS[type]}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
            </FormField>
            <label className="flex items-center gap-2 self-end pb-2 text-sm">
              <input type="checkbox" className="size-4 accent-primary" checked={draft.required} onChange={(e) => setDraft({ ...draft, required: e.target.checked })} />
              {TEMPLATES_TEXTS.required}
            </label>
          </div>
          {draft.type && isChoiceType(draft.type) ? (
            <div className="grid gap-2">
              <FormField label={TEMPLATES_TEXTS.options} hint={TEMPLATES_TEXTS.optionsHint}>
                <Input placeholder={TEMPLATES_TEXTS.optionPlaceholder} value={optionText} onChange={(e) => onOptionText(e.target.value)} onKeyDown={onOptionKey} />
              </FormField>
              <ul className="flex flex-wrap gap-1.5" aria-label={TEMPLATES_TEXTS.optionChips}>
                {draft.options.map((option) => (
                  <li key={option}>
                    <Badge variant="secondary" className="gap-1">
                      {option}
                      <button type="button" aria-label={TEMPLATES_TEXTS.removeOption(option)} onClick={() => setDraft({ ...draft, options: draft.options.filter((o) => o !== option) })}>
                        <X className="size-3" aria-hidden />
                      </button>
                    </Badge>
                  </li>
                ))}
              </ul>
            </div>
          ) : null}
          {fieldError ? (
            <p role="alert" className="text-xs font-medium text-destructive">
              {fieldError}
            </p>
          ) : null}
          <Button type="button" variant="outline" className="justify-self-start" onClick={onAddField}>
            <Plus aria-hidden />
            {TEMPLATES_TEXTS.addField}
          </Button>
        </section>

        <DialogFooter>
          <Button type="button" variant="outline" disabled={pending} onClick={() => onOpenChange(false)}>
            {UI_TEXTS.cancel}
          </Button>
          <Button type="submit" loading={pending} loadingText={TEMPLATES_TEXTS.saving}>
            {template ? TEMPLATES_TEXTS.updateTemplate : TEMPLATES_TEXTS.createTemplate}
          </Button>
        </DialogFooter>
      </form>
    </>
  );
}
