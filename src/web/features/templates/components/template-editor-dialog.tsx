// Create Template and Edit Template (spec 2 "Templates tab", 4, 5): 650px wide.
import { ArrowDown, ArrowUp, Copy, Plus, Trash2, X } from 'lucide-react';
import { useRef, useState, type KeyboardEvent } from 'react';
import { TEMPLATE_FIELD_TYPES, type TemplateField, type TemplateFieldType } from '@/domain/template-field';
import {
  addField,
  addOption,
  duplicateField,
  fieldNameFromLabel,
  hasUnaddedWork,
  isChoiceType,
  isDefaultField,
  moveField,
  newTemplateFields,
  removeField,
  sortFields,
  TEMPLATE_FIELD_TEXTS,
  TEMPLATE_FIELD_TYPE_LABELS,
  TEMPLATE_MESSAGES,
  templateDetailsSchema,
  templateFieldsError,
  type NewField,
  type NewFieldPart,
  type Template,
  type TemplateDetails,
} from '@/domain/templates';
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
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/web/components/ui/dialog';
import { FormField } from '@/web/components/ui/form-field';
import { Input } from '@/web/components/ui/input';
import { useSchemaForm } from '@/web/components/ui/schema-form';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/web/components/ui/select';
import { Textarea } from '@/web/components/ui/textarea';
import { UI_TEXTS } from '@/web/components/ui/texts';
import { useT } from '@/web/lib/i18n';
import { notifyError, notifySuccess } from '@/web/lib/notify';
import { useCreateTemplate, useUpdateTemplate } from '../api';
import { TEMPLATES_TEXTS } from '../texts';

const emptyNewField: NewField = { label: '', name: '', type: 'text', required: false, options: [], min: '', max: '' };

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
  // domain-shared: the template rules' messages (TEMPLATE_MESSAGES), the name's validation among
  // them, the labels proposed for new and duplicated fields (TEMPLATE_FIELD_TEXTS) and the field
  // types' names (TEMPLATE_FIELD_TYPE_LABELS).
  const t = useT('templates', 'domain-shared');
  const mode = template ? 'update' : 'create';
  const pending = createTemplate.isPending || updateTemplate.isPending;
  const form = useSchemaForm({
    schema: templateDetailsSchema,
    defaultValues: { name: template?.name ?? '', description: template?.description ?? '' },
  });
  // Issue 48: the proposed labels are in the member's language; once saved they are data, kept as written.
  const [fields, setFields] = useState<TemplateField[]>(() =>
    template ? sortFields(template.fields) : newTemplateFields({ clientName: t(TEMPLATE_FIELD_TEXTS.clientName), dueDate: t(TEMPLATE_FIELD_TEXTS.dueDate) }),
  );
  const copyLabel = (label: string) => t(TEMPLATE_FIELD_TEXTS.copyLabel, { label });
  const [draft, setDraft] = useState<NewField>(emptyNewField);
  // Issue 27: Field Name follows the label until the name is typed in (emptied, it follows again).
  const [nameEdited, setNameEdited] = useState(false);
  // Each added field gets a fresh panel, so nothing of the previous one (Required...) stays.
  const [panelKey, setPanelKey] = useState(0);
  // Create Template with typed work under Add Field asks first (issue 27).
  const [askUnfinished, setAskUnfinished] = useState(false);
  const labelInput = useRef<HTMLInputElement>(null);
  const [optionText, setOptionText] = useState('');
  // After a refused Add Field the message follows the draft: it changes or clears as soon as
  // the field is fixed, not at the next click (issue 14).
  const [attempted, setAttempted] = useState(false);
  // A typed option not yet turned into a chip still counts.
  const candidate = optionText.trim() ? { ...draft, options: addOption(draft.options, optionText) } : draft;
  const check = attempted ? addField(fields, candidate, mode) : null;
  const fieldError = check && !check.ok ? check : null;
  const errorFor = (part: NewFieldPart) => (fieldError && fieldError.part === part ? t(fieldError.message) : undefined);

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

  /** Adds the panel's field; the fields after it, or null when it was refused (its messages then show). */
  const onAddField = (): TemplateField[] | null => {
    const result = addField(fields, candidate, mode);
    if (!result.ok) {
      setAttempted(true);
      return null;
    }
    setFields(result.fields);
    setDraft(emptyNewField);
    setNameEdited(false);
    setPanelKey((key) => key + 1);
    setOptionText('');
    setAttempted(false);
    return result.fields;
  };

  const onLabel = (label: string) => setDraft((d) => ({ ...d, label, name: nameEdited ? d.name : fieldNameFromLabel(label) }));
  const onName = (name: string) => {
    setNameEdited(name.trim() !== '');
    setDraft((d) => ({ ...d, name: name.trim() === '' ? fieldNameFromLabel(d.label) : name }));
  };

  const onRemove = (index: number) => {
    const result = removeField(fields, index);
    if (!result.ok) notifyError(t(result.message), result.title && t(result.title));
    else setFields(result.fields);
  };

  const save = (values: TemplateDetails, fields: TemplateField[]) => {
    const problem = templateFieldsError(fields, mode);
    if (problem) {
      notifyError(t(problem));
      return;
    }
    const input = { name: values.name, description: values.description, fields };
    const done = {
      onSuccess: () => {
        notifySuccess(t(template ? TEMPLATE_MESSAGES.updated : TEMPLATE_MESSAGES.created));
        onOpenChange(false);
      },
    };
    if (template) updateTemplate.mutate({ id: template.id, ...input }, done);
    else createTemplate.mutate(input, done);
  };

  const onSubmit = form.handleSubmit((values) => {
    if (hasUnaddedWork(draft, optionText)) setAskUnfinished(true);
    else save(values, fields);
  });

  const addUnfinishedAndSave = () => {
    setAskUnfinished(false);
    const added = onAddField();
    if (added) save(form.getValues(), added);
    // Refused: its message shows under the input to fix.
    else labelInput.current?.scrollIntoView({ block: 'center' });
  };

  const discardUnfinishedAndSave = () => {
    setAskUnfinished(false);
    save(form.getValues(), fields);
  };

  const { errors } = form.formState;
  const unfinishedLabel = draft.label.trim() || draft.name.trim();
  return (
    <>
      <DialogHeader>
        <DialogTitle>{template ? t(TEMPLATES_TEXTS.editTitle) : t(TEMPLATES_TEXTS.createTitle)}</DialogTitle>
        <DialogDescription>{t(TEMPLATES_TEXTS.description)}</DialogDescription>
      </DialogHeader>
      <form noValidate onSubmit={onSubmit} className="grid gap-5">
        <FormField label={t(TEMPLATES_TEXTS.name)} error={errors.name?.message}>
          <Input autoFocus placeholder={t(TEMPLATES_TEXTS.namePlaceholder)} {...form.register('name')} />
        </FormField>
        <FormField label={t(TEMPLATES_TEXTS.descriptionLabel)} error={errors.description?.message}>
          <Textarea rows={2} placeholder={t(TEMPLATES_TEXTS.descriptionPlaceholder)} {...form.register('description')} />
        </FormField>

        <section className="grid gap-2" aria-label={t(TEMPLATES_TEXTS.fieldsLabel)}>
          <h3 className="text-sm font-semibold">{t(TEMPLATES_TEXTS.fieldsHeading, { count: fields.length })}</h3>
          <ol className="grid gap-2">
            {fields.map((field, index) => (
              <li key={`${field.name}-${index}`} className="flex flex-wrap items-center gap-x-2 gap-y-1 rounded-lg border bg-background p-2.5" data-testid="template-field">
                <div className="min-w-0 flex-1 basis-40">
                  <p className="truncate text-sm font-medium">
                    {field.label}
                    {field.required ? <span className="text-destructive"> *</span> : null}
                  </p>
                  <p className="truncate text-xs text-muted-foreground">
                    {field.name} · {t(TEMPLATE_FIELD_TYPE_LABELS[field.type])}
                    {field.options.length ? ` · ${field.options.join(', ')}` : ''}
                  </p>
                </div>
                <div className="ml-auto flex items-center gap-1">
                  {isDefaultField(field.name) ? <Badge variant="outline">{t(TEMPLATES_TEXTS.defaultField)}</Badge> : null}
                  <Button type="button" variant="ghost" size="icon" className="size-8" aria-label={t(TEMPLATES_TEXTS.moveUp, { label: field.label })} disabled={index === 0} onClick={() => setFields(moveField(fields, index, -1))}>
                    <ArrowUp />
                  </Button>
                  <Button type="button" variant="ghost" size="icon" className="size-8" aria-label={t(TEMPLATES_TEXTS.moveDown, { label: field.label })} disabled={index === fields.length - 1} onClick={() => setFields(moveField(fields, index, 1))}>
                    <ArrowDown />
                  </Button>
                  <Button type="button" variant="ghost" size="icon" className="size-8" aria-label={t(TEMPLATES_TEXTS.duplicate, { label: field.label })} onClick={() => setFields(duplicateField(fields, index, copyLabel))}>
                    <Copy />
                  </Button>
                  <Button type="button" variant="ghost" size="icon" className="size-8 text-destructive" aria-label={t(TEMPLATES_TEXTS.remove, { label: field.label })} onClick={() => onRemove(index)}>
                    <Trash2 />
                  </Button>
                </div>
              </li>
            ))}
          </ol>
        </section>

        <section className="grid gap-3 rounded-lg border border-dashed p-4" aria-label={t(TEMPLATES_TEXTS.addField)}>
          <h3 className="text-sm font-semibold">{t(TEMPLATES_TEXTS.addField)}</h3>
          {/* items-start: a cell with a hint or a message must not stretch its neighbour's rows (issue 27). */}
          <div key={panelKey} className="grid items-start gap-3 sm:grid-cols-2">
            <FormField label={t(TEMPLATES_TEXTS.fieldLabel)} error={errorFor('label')}>
              <Input ref={labelInput} placeholder={t(TEMPLATES_TEXTS.fieldLabelPlaceholder)} value={draft.label} onChange={(e) => onLabel(e.target.value)} />
            </FormField>
            <FormField label={t(TEMPLATES_TEXTS.fieldName)} hint={t(TEMPLATES_TEXTS.fieldNameHint)} error={errorFor('name')}>
              <Input placeholder={t(TEMPLATES_TEXTS.fieldNamePlaceholder)} value={draft.name} onChange={(e) => onName(e.target.value)} />
            </FormField>
            <FormField label={t(TEMPLATES_TEXTS.fieldType)} error={errorFor('type')}>
              <Select value={draft.type} onValueChange={(type) => setDraft({ ...draft, type: type as TemplateFieldType })}>
                <SelectTrigger aria-label={t(TEMPLATES_TEXTS.fieldType)}>
                  <SelectValue placeholder={t(TEMPLATES_TEXTS.fieldTypePlaceholder)} />
                </SelectTrigger>
                <SelectContent>
                  {TEMPLATE_FIELD_TYPES.map((type) => (
                    <SelectItem key={type} value={type}>
                      {t(TEMPLATE_FIELD_TYPE_LABELS[type])}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
            </FormField>
            <label className="flex h-10 items-center gap-2 self-end text-sm">
              <input type="checkbox" className="size-4 accent-primary" checked={draft.required} onChange={(e) => setDraft((d) => ({ ...d, required: e.target.checked }))} />
              {t(TEMPLATES_TEXTS.required)}
            </label>
            {draft.type === 'number' ? (
              <>
                <FormField label={t(TEMPLATES_TEXTS.min)} hint={t(TEMPLATES_TEXTS.boundHint)} error={errorFor('min')}>
                  <Input type="number" inputMode="decimal" value={draft.min ?? ''} onChange={(e) => setDraft((d) => ({ ...d, min: e.target.value }))} />
                </FormField>
                <FormField label={t(TEMPLATES_TEXTS.max)} hint={t(TEMPLATES_TEXTS.boundHint)} error={errorFor('max')}>
                  <Input type="number" inputMode="decimal" value={draft.max ?? ''} onChange={(e) => setDraft((d) => ({ ...d, max: e.target.value }))} />
                </FormField>
              </>
            ) : null}
          </div>
          {draft.type && isChoiceType(draft.type) ? (
            <div className="grid gap-2">
              <FormField label={t(TEMPLATES_TEXTS.options)} hint={t(TEMPLATES_TEXTS.optionsHint)} error={errorFor('options')}>
                <Input placeholder={t(TEMPLATES_TEXTS.optionPlaceholder)} value={optionText} onChange={(e) => onOptionText(e.target.value)} onKeyDown={onOptionKey} />
              </FormField>
              <ul className="flex flex-wrap gap-1.5" aria-label={t(TEMPLATES_TEXTS.optionChips)}>
                {draft.options.map((option) => (
                  <li key={option}>
                    <Badge variant="secondary" className="gap-1">
                      {option}
                      <button type="button" aria-label={t(TEMPLATES_TEXTS.removeOption, { option })} onClick={() => setDraft({ ...draft, options: draft.options.filter((o) => o !== option) })}>
                        <X className="size-3" aria-hidden />
                      </button>
                    </Badge>
                  </li>
                ))}
              </ul>
            </div>
          ) : null}
          <Button type="button" variant="outline" className="justify-self-start" onClick={() => void onAddField()}>
            <Plus aria-hidden />
            {t(TEMPLATES_TEXTS.addField)}
          </Button>
        </section>

        <DialogFooter>
          <Button type="button" variant="outline" disabled={pending} onClick={() => onOpenChange(false)}>
            {t(UI_TEXTS.cancel)}
          </Button>
          <Button type="submit" loading={pending} loadingText={t(TEMPLATES_TEXTS.saving)}>
            {template ? t(TEMPLATES_TEXTS.updateTemplate) : t(TEMPLATES_TEXTS.createTemplate)}
          </Button>
        </DialogFooter>
      </form>
      <AlertDialog open={askUnfinished} onOpenChange={setAskUnfinished}>
        <AlertDialogContent>
          <AlertDialogHeader>
            <AlertDialogTitle>{t(TEMPLATES_TEXTS.unfinishedTitle)}</AlertDialogTitle>
            <AlertDialogDescription>{unfinishedLabel ? t(TEMPLATES_TEXTS.unfinished, { label: unfinishedLabel }) : t(TEMPLATES_TEXTS.unfinishedUnnamed)}</AlertDialogDescription>
          </AlertDialogHeader>
          <AlertDialogFooter>
            <AlertDialogCancel>{t(TEMPLATES_TEXTS.keepEditing)}</AlertDialogCancel>
            {/* A plain outline button: the action's own colours under outline ones failed contrast (axe). */}
            <Button type="button" variant="outline" onClick={discardUnfinishedAndSave}>
              {t(TEMPLATES_TEXTS.discardAndSave)}
            </Button>
            <AlertDialogAction onClick={addUnfinishedAndSave}>{t(TEMPLATES_TEXTS.addAndSave)}</AlertDialogAction>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </>
  );
}
