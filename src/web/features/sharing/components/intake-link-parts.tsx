// Intake links in the Share Project Access dialog (issue 15): the switch that makes a new link
// an intake link (with a template for a project that has no questionnaire yet, and whether it
// also shows the project, issue 27: the switch an approval link shares, show-project-field.tsx),
// and on a link's row its questionnaire's state with Reopen / Lock.
import { useQuery } from '@tanstack/react-query';
import { Controller, useController, type Control } from 'react-hook-form';
import { INTAKE_MESSAGES } from '@/domain/intake';
import type { AccessLink, CreateAccessLinkInput } from '@/domain/sharing';
import { Badge } from '@/web/components/ui/badge';
import { Button } from '@/web/components/ui/button';
import { FormField } from '@/web/components/ui/form-field';
import { LoadErrorPanel } from '@/web/components/ui/load-error-panel';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/web/components/ui/select';
import { Switch } from '@/web/components/ui/switch';
import { templateChoicesQuery } from '@/web/features/templates/api';
import { useT } from '@/web/lib/i18n';
import { notifySuccess } from '@/web/lib/notify';
import { useChangeIntake } from '../api';
import { SHARING_TEXTS } from '../texts';
import { ShowProjectField } from './show-project-field';

type IntakeLinkFieldsProps = {
  control: Control<CreateAccessLinkInput>;
  templateError?: string;
  /** undefined while the dialog's links load. */
  projectHasQuestionnaire: boolean | undefined;
};

export function IntakeLinkFields({ control, templateError, projectHasQuestionnaire }: IntakeLinkFieldsProps) {
  const t = useT('sharing', 'domain-shared');
  const { field: intakeField } = useController({ control, name: 'intake' });
  const intake = intakeField.value;
  // Issue 27: the picker is for a project without a questionnaire, so it has no "keep" choice;
  // a project that has one keeps it (the server ignores a template then).
  const needsTemplate = intake === true && projectHasQuestionnaire === false;
  const templates = useQuery({ ...templateChoicesQuery, enabled: needsTemplate });
  return (
    <>
      <FormField label={t(INTAKE_MESSAGES.switchLabel)} hint={t(INTAKE_MESSAGES.switchHint)} className="sm:col-span-2">
        {/* Directly inside FormField, which gives it the id its label points to. */}
        <Switch checked={intakeField.value ?? false} onCheckedChange={intakeField.onChange} />
      </FormField>
      <ShowProjectField control={control} />
      {intake ? <p className="text-xs text-muted-foreground sm:col-span-2">{t(INTAKE_MESSAGES.contributeNote)}</p> : null}
      {needsTemplate ? (
        <FormField label={t(INTAKE_MESSAGES.templateLabel)} hint={t(INTAKE_MESSAGES.templateHint)} error={templateError} className="sm:col-span-2">
          <Controller
            control={control}
            name="templateId"
            render={({ field }) => (
              // No value until one is chosen: the trigger shows the placeholder.
              <Select value={field.value ?? ''} onValueChange={(value) => field.onChange(value || null)}>
                <SelectTrigger onBlur={field.onBlur} aria-label={t(INTAKE_MESSAGES.templateLabel)}>
                  <SelectValue placeholder={t(INTAKE_MESSAGES.chooseTemplate)} />
                </SelectTrigger>
                <SelectContent>
                  {(templates.data ?? []).map((template) => (
                    <SelectItem key={template.id} value={template.id}>
                      {template.name}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
            )}
          />
        </FormField>
      ) : null}
      {needsTemplate && templates.isError ? (
        // Issue 49 item 3: templates that failed to load are not an empty choice.
        <div className="sm:col-span-2">
          <LoadErrorPanel compact title={t(SHARING_TEXTS.templatesLoadFailed)} error={templates.error} onRetry={() => void templates.refetch()} />
        </div>
      ) : null}
    </>
  );
}

export function IntakeStateBadge({ intake }: { intake: NonNullable<AccessLink['intake']> }) {
  const t = useT('domain-shared');
  return (
    <Badge variant={intake.state === 'open' ? 'secondary' : 'outline'}>
      {t(INTAKE_MESSAGES.badge)} · {t(INTAKE_MESSAGES.stateLabels[intake.state])}
    </Badge>
  );
}

/** Reopen a submitted or locked questionnaire for edits through the same link, or lock it. */
export function IntakeLinkActions({ link, projectId }: { link: AccessLink; projectId: string }) {
  const t = useT('domain-shared');
  const change = useChangeIntake(projectId);
  if (!link.intake) return null;
  const act = (action: 'reopen' | 'lock') =>
    change.mutate({ linkId: link.id, action }, { onSuccess: () => notifySuccess(action === 'reopen' ? t(INTAKE_MESSAGES.reopened) : t(INTAKE_MESSAGES.locked)) });
  return link.intake.state === 'open' ? (
    <Button variant="outline" size="sm" loading={change.isPending} onClick={() => act('lock')}>
      {t(INTAKE_MESSAGES.lock)}
    </Button>
  ) : (
    <Button variant="outline" size="sm" loading={change.isPending} onClick={() => act('reopen')}>
      {t(INTAKE_MESSAGES.reopen)}
    </Button>
  );
}
