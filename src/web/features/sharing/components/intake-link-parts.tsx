// Intake links in the Share Project Access dialog (issue 15): the switch that makes a new link
// an intake link (with a template for a project that has no questionnaire yet), and on a
// link's row its questionnaire's state with Reopen / Lock.
import { useQuery } from '@tanstack/react-query';
import { Controller, useController, type Control } from 'react-hook-form';
import { INTAKE_MESSAGES } from '@/domain/intake';
import type { AccessLink, CreateAccessLinkInput } from '@/domain/sharing';
import { Badge } from '@/web/components/ui/badge';
import { Button } from '@/web/components/ui/button';
import { FormField } from '@/web/components/ui/form-field';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/web/components/ui/select';
import { Switch } from '@/web/components/ui/switch';
import { templateChoicesQuery } from '@/web/features/templates/api';
import { notifySuccess } from '@/web/lib/notify';
import { useChangeIntake } from '../api';

const KEEP = 'keep';

export function IntakeLinkFields({ control, templateError }: { control: Control<CreateAccessLinkInput>; templateError?: string }) {
  const { field: intakeField } = useController({ control, name: 'intake' });
  const intake = intakeField.value;
  const templates = useQuery({ ...templateChoicesQuery, enabled: intake === true });
  return (
    <>
      <FormField label={INTAKE_MESSAGES.switchLabel} hint={INTAKE_MESSAGES.switchHint} className="sm:col-span-2">
        {/* Directly inside FormField, which gives it the id its label points to. */}
        <Switch checked={intakeField.value ?? false} onCheckedChange={intakeField.onChange} />
      </FormField>
      {intake ? (
        <FormField label={INTAKE_MESSAGES.templateLabel} hint={INTAKE_MESSAGES.templateHint} error={templateError} className="sm:col-span-2">
          <Controller
            control={control}
            name="templateId"
            render={({ field }) => (
              <Select value={field.value ?? KEEP} onValueChange={(value) => field.onChange(value === KEEP ? null : value)}>
                <SelectTrigger onBlur={field.onBlur} aria-label={INTAKE_MESSAGES.templateLabel}>
                  <SelectValue />
                </SelectTrigger>
                <SelectContent>
                  <SelectItem value={KEEP}>{INTAKE_MESSAGES.keepQuestionnaire}</SelectItem>
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
    </>
  );
}

export function IntakeStateBadge({ intake }: { intake: NonNullable<AccessLink['intake']> }) {
  return (
    <Badge variant={intake.state === 'open' ? 'secondary' : 'outline'}>
      {INTAKE_MESSAGES.badge} · {INTAKE_MESSAGES.stateLabels[intake.state]}
    </Badge>
  );
}

/** Reopen a submitted or locked questionnaire for edits through the same link, or lock it. */
export function IntakeLinkActions({ link, projectId }: { link: AccessLink; projectId: string }) {
  const change = useChangeIntake(projectId);
  if (!link.intake) return null;
  const act = (action: 'reopen' | 'lock') =>
    change.mutate({ linkId: link.id, action }, { onSuccess: () => notifySuccess(action === 'reopen' ? INTAKE_MESSAGES.reopened : INTAKE_MESSAGES.locked) });
  return link.intake.state === 'open' ? (
    <Button variant="outline" size="sm" loading={change.isPending} onClick={() => act('lock')}>
      {INTAKE_MESSAGES.lock}
    </Button>
  ) : (
    <Button variant="outline" size="sm" loading={change.isPending} onClick={() => act('reopen')}>
      {INTAKE_MESSAGES.reopen}
    </Button>
  );
}
