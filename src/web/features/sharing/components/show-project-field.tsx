// "Show the project" in the Share Project Access dialog: one switch, off by default, for a link
// that shows part of the project only. An intake link shows the questionnaire (issue 27), a link
// where viewers may approve the files awaiting approval (issue 49 item 10); on, the client also
// sees the tasks, files and notes. The server keeps the rest of the project from such a link.
import { useController, useWatch, type Control } from 'react-hook-form';
import { INTAKE_MESSAGES } from '@/domain/intake';
import type { CreateAccessLinkInput } from '@/domain/sharing';
import { FormField } from '@/web/components/ui/form-field';
import { Switch } from '@/web/components/ui/switch';
import { useT } from '@/web/lib/i18n';
import { SHARING_TEXTS } from '../texts';

export function ShowProjectField({ control }: { control: Control<CreateAccessLinkInput> }) {
  const t = useT('sharing', 'domain-shared');
  const { field } = useController({ control, name: 'showProject' });
  const intake = useWatch({ control, name: 'intake' }) === true;
  const approvals = useWatch({ control, name: 'viewersMayApprove' }) === true;
  // An ordinary link shows the project anyway: nothing to choose.
  if (!intake && !approvals) return null;
  const seesOnly = intake && approvals ? t(SHARING_TEXTS.intakeApprovalSeesOnly) : intake ? t(INTAKE_MESSAGES.seesQuestionnaireOnly) : t(SHARING_TEXTS.approvalSeesOnly);
  return (
    <FormField label={t(INTAKE_MESSAGES.showProjectLabel)} hint={field.value ? t(INTAKE_MESSAGES.seesProject) : seesOnly} className="sm:col-span-2">
      {/* Directly inside FormField, which gives it the id its label points to. */}
      <Switch checked={field.value ?? false} onCheckedChange={field.onChange} />
    </FormField>
  );
}
