// The intake link's questionnaire on the shared page (issue 15): its viewer, with no account,
// answers with the same field types, rules and messages as Use Template, saves a draft and
// submits. Submitted or locked, it reads as answered. Loaded only for intake links.
import { useQuery } from '@tanstack/react-query';
import { Controller } from 'react-hook-form';
import type { z } from 'zod';
import { INTAKE_MESSAGES, intakeFormSchema, type IntakeView } from '@/domain/intake';
import type { FormData } from '@/domain/template-field';
import { hasMissingAnswer, TEMPLATE_MESSAGES } from '@/domain/templates';
import { AnswerFields } from '@/web/components/questionnaire/answer-input';
import { QuestionnaireView } from '@/web/components/questionnaire/questionnaire-view';
import { Button } from '@/web/components/ui/button';
import { LoadErrorPanel } from '@/web/components/ui/load-error-panel';
import { useSchemaForm } from '@/web/components/ui/schema-form';
import { Skeleton } from '@/web/components/ui/skeleton';
import { UI_TEXTS } from '@/web/components/ui/texts';
import { useFocusFirstInvalid } from '@/web/lib/focus-first-invalid';
import { useT } from '@/web/lib/i18n';
import { notifyError, notifySuccess } from '@/web/lib/notify';
import { intakeQuery, useIntakeAnswers } from '../api';

type IntakeFormProps = { token: string; viewerId: string | null };

export function IntakeForm({ token, viewerId }: IntakeFormProps) {
  const t = useT('domain-shared');
  const intake = useQuery(intakeQuery(token, viewerId));
  if (intake.isPending) {
    return (
      <div className="grid gap-3" role="status" aria-label={t(UI_TEXTS.loadingLabel)}>
        <Skeleton className="h-16" />
        <Skeleton className="h-16" />
      </div>
    );
  }
  if (intake.isError) return <LoadErrorPanel error={intake.error} onRetry={() => void intake.refetch()} />;
  const view = intake.data;
  if (view.state !== 'open') {
    return (
      <div className="grid gap-4">
        <p role="status" className="rounded-lg border bg-muted/40 p-3 text-sm">
          {view.state === 'submitted' ? t(INTAKE_MESSAGES.submittedState) : t(INTAKE_MESSAGES.lockedState)}
        </p>
        <QuestionnaireView fields={view.fields} answers={view.answers} />
      </div>
    );
  }
  // A new form when the questionnaire is reopened, so it starts from the stored answers.
  return <OpenIntakeForm key={view.submittedAt ?? 'open'} token={token} viewerId={viewerId} view={view} />;
}

type Values = { answers: FormData };

function OpenIntakeForm({ token, viewerId, view }: IntakeFormProps & { view: IntakeView }) {
  const t = useT('domain-shared');
  const saveDraft = useIntakeAnswers(token, viewerId, 'draft');
  const submit = useIntakeAnswers(token, viewerId, 'submit');
  const schema = (draft: boolean) => intakeFormSchema(view.fields, { draft });
  // The answers come out as FormData; the schema reads what it is given as unknown.
  const form = useSchemaForm<Values, Values>({ schema: schema(false) as z.ZodType<Values, Values>, defaultValues: { answers: view.answers } });
  const answerErrors = form.formState.errors.answers as Record<string, { message?: string } | undefined> | undefined;
  // Issue 27, issue 49 item 11: not left on the button: the first question to fix takes the focus,
  // scrolled to (the kit does it for Submit; Save Draft checks by hand).
  const { ref: formRef, focusFirstInvalidSoon } = useFocusFirstInvalid();

  const onSubmit = form.handleSubmit(
    ({ answers }) => submit.mutate(answers, { onSuccess: () => notifySuccess(t(INTAKE_MESSAGES.submitted)) }),
    () => {
      // As in Use Template (spec 5): an unanswered required question is announced by a toast.
      const checked = schema(false).safeParse(form.getValues());
      if (!checked.success && hasMissingAnswer(checked.error.issues)) notifyError(t(TEMPLATE_MESSAGES.requiredAnswers));
    },
  );

  const onSaveDraft = () => {
    // A draft may leave questions empty, but what is answered must fit its question.
    const checked = schema(true).safeParse(form.getValues());
    form.clearErrors();
    if (!checked.success) {
      for (const issue of checked.error.issues) form.setError(issue.path.join('.') as 'answers', { message: issue.message });
      focusFirstInvalidSoon();
      return;
    }
    saveDraft.mutate(checked.data.answers, { onSuccess: () => notifySuccess(t(INTAKE_MESSAGES.draftSaved)) });
  };

  const busy = saveDraft.isPending || submit.isPending;
  return (
    <form ref={formRef} noValidate onSubmit={onSubmit} className="grid gap-5" aria-label={t(INTAKE_MESSAGES.title)}>
      <p className="text-sm text-muted-foreground">{t(INTAKE_MESSAGES.intro)}</p>
      <Controller
        control={form.control}
        name="answers"
        render={({ field }) => (
          <AnswerFields
            fields={view.fields}
            answers={field.value}
            onChange={field.onChange}
            errors={answerErrors ? Object.fromEntries(Object.entries(answerErrors).map(([name, error]) => [name, error?.message])) : undefined}
          />
        )}
      />
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={busy && !submit.isPending} loading={submit.isPending} loadingText={t(INTAKE_MESSAGES.submitting)}>
          {t(INTAKE_MESSAGES.submit)}
        </Button>
        <Button type="button" variant="outline" disabled={busy && !saveDraft.isPending} loading={saveDraft.isPending} loadingText={t(INTAKE_MESSAGES.savingDraft)} onClick={onSaveDraft}>
          {t(INTAKE_MESSAGES.saveDraft)}
        </Button>
      </div>
    </form>
  );
}
