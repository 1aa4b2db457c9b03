// Client intake through a link (issue 15, beyond the spec): an intake link's viewer, with no
// account, answers the project's questionnaire — saving drafts, then submitting — with the same
// field rules as Use Template (templates.ts answersSchema). Staff reopen or lock it.
import { z } from 'zod';
import { templateFieldSchema, type FormData, type TemplateField } from './template-field';
import { INTAKE_STATES, type IntakeState } from './intake-state';
import { answersSchema, askedFields, formDataSchema } from './templates';
import { messageWithValues, type Text } from './locales';

export { INTAKE_STATES, type IntakeState } from './intake-state';

export const INTAKE_MESSAGES = {
  switchLabel: /*i18n*/ { id: 'domain-shared.intake.switchLabel', message: 'Intake link' },
  switchHint: /*i18n*/ { id: 'domain-shared.intake.switchHint', message: 'The client answers the project questionnaire through this link, no account needed.' },
  showProjectLabel: /*i18n*/ { id: 'domain-shared.intake.showProjectLabel', message: 'Show the project' },
  seesQuestionnaireOnly: /*i18n*/ { id: 'domain-shared.intake.seesQuestionnaireOnly', message: 'The client sees the project name, the company overview and the questionnaire, nothing else.' },
  seesProject: /*i18n*/ { id: 'domain-shared.intake.seesProject', message: 'The client also sees every task, file and note of the project, staff notes included.' },
  contributeNote: /*i18n*/ { id: 'domain-shared.intake.contributeNote', message: '"Viewers may contribute" does not apply to the questionnaire: the client can always answer it, signed in or not.' },
  chooseTemplate: /*i18n*/ { id: 'domain-shared.intake.chooseTemplate', message: 'Choose a template' },
  notShown: /*i18n*/ { id: 'domain-shared.intake.notShown', message: 'This link shows the questionnaire only.' },
  showsProjectBadge: /*i18n*/ { id: 'domain-shared.intake.showsProjectBadge', message: 'Shows the project' },
  templateLabel: /*i18n*/ { id: 'domain-shared.intake.templateLabel', message: 'Questionnaire template' },
  templateHint: /*i18n*/ { id: 'domain-shared.intake.templateHint', message: 'This project has no questionnaire yet: it gets this template’s.' },
  needsTemplate: /*i18n*/ { id: 'domain-shared.intake.needsTemplate', message: 'This project has no questionnaire yet: choose a template for the intake link.' },
  templateNotFound: /*i18n*/ { id: 'domain-shared.intake.templateNotFound', message: 'Template not found' },
  badge: /*i18n*/ { id: 'domain-shared.intake.badge', message: 'Intake' },
  stateLabels: { open: /*i18n*/ { id: 'domain-shared.intake.stateLabels.open', message: 'Open for answers' }, submitted: /*i18n*/ { id: 'domain-shared.intake.stateLabels.submitted', message: 'Submitted' }, locked: /*i18n*/ { id: 'domain-shared.intake.stateLabels.locked', message: 'Locked' } } satisfies Record<IntakeState, Text>,
  reopen: /*i18n*/ { id: 'domain-shared.intake.reopen', message: 'Reopen' },
  lock: /*i18n*/ { id: 'domain-shared.intake.lock', message: 'Lock' },
  reopened: /*i18n*/ { id: 'domain-shared.intake.reopened', message: 'Questionnaire reopened for edits' },
  locked: /*i18n*/ { id: 'domain-shared.intake.locked', message: 'Questionnaire locked' },
  title: /*i18n*/ { id: 'domain-shared.intake.title', message: 'Questionnaire' },
  intro: /*i18n*/ { id: 'domain-shared.intake.intro', message: 'Please answer the questions below. You can save a draft and come back to this link later.' },
  saveDraft: /*i18n*/ { id: 'domain-shared.intake.saveDraft', message: 'Save Draft' },
  savingDraft: /*i18n*/ { id: 'domain-shared.intake.savingDraft', message: 'Saving...' },
  submit: /*i18n*/ { id: 'domain-shared.intake.submit', message: 'Submit Answers' },
  submitting: /*i18n*/ { id: 'domain-shared.intake.submitting', message: 'Submitting...' },
  draftSaved: /*i18n*/ { id: 'domain-shared.intake.draftSaved', message: 'Draft saved' },
  submitted: /*i18n*/ { id: 'domain-shared.intake.submitted', message: 'Thank you! Your answers were sent.' },
  submittedState: /*i18n*/ { id: 'domain-shared.intake.submittedState', message: 'Your answers were sent. The agency will be in touch; they can reopen the questionnaire if anything needs changing.' },
  lockedState: /*i18n*/ { id: 'domain-shared.intake.lockedState', message: 'This questionnaire is locked: the agency is working from these answers.' },
  notOpen: /*i18n*/ { id: 'domain-shared.intake.notOpen', message: 'This questionnaire is not open for answers.' },
  notIntake: /*i18n*/ { id: 'domain-shared.intake.notIntake', message: 'This link has no questionnaire to answer.' },
  unknownField: /*i18n*/ { id: 'domain-shared.intake.unknownField', message: '"{name}" is not a question of this questionnaire.' },
  activitySubmitted: /*i18n*/ { id: 'domain-shared.intake.activitySubmitted', message: 'Client submitted the questionnaire' },
  untitledLink: /*i18n*/ { id: 'domain-shared.intake.untitledLink', message: 'Untitled link' },
  unknownAction: /*i18n*/ { id: 'domain-shared.intake.unknownAction', message: 'Unknown action' },
  emailSubject: /*i18n*/ { id: 'domain-shared.intake.emailSubject', message: 'Questionnaire submitted: {project}' },
} as const;

/** The answers a viewer sends: the stored-answer shape, sizes bounded (formDataSchema). */
export const intakeAnswersInputSchema = z.object({ answers: formDataSchema });
export type IntakeAnswersInput = z.input<typeof intakeAnswersInputSchema>;

/**
 * The intake's answers checked against the project's questionnaire: only its own questions
 * (Client Name and Due Date are the project's, templates.ts askedFields), each of its type;
 * a draft need not have the required ones yet. Problems are issues on the field's name.
 */
export function intakeAnswersSchema(fields: readonly TemplateField[], { draft }: { draft: boolean }) {
  const asked = askedFields(fields);
  const names = new Set(asked.map((field) => field.name));
  const answers = answersSchema(draft ? asked.map((field) => ({ ...field, required: false })) : asked);
  return z.record(z.string(), z.unknown()).transform((input, ctx): FormData => {
    const unknown = Object.keys(input).filter((name) => !names.has(name));
    for (const name of unknown) ctx.addIssue({ code: 'custom', path: [name], message: messageWithValues(INTAKE_MESSAGES.unknownField, { name }) });
    const checked = answers.safeParse(input);
    if (!checked.success) {
      for (const issue of checked.error.issues) {
        ctx.addIssue({ code: 'custom', path: issue.path, message: issue.message, params: (issue as { params?: Record<string, unknown> }).params });
      }
    }
    return unknown.length === 0 && checked.success ? checked.data : z.NEVER;
  });
}

/** The intake link's form: its answers, checked as intakeAnswersSchema checks them. */
export function intakeFormSchema(fields: readonly TemplateField[], { draft }: { draft: boolean }) {
  return z.object({ answers: intakeAnswersSchema(fields, { draft }) });
}

/** The answers the intake form starts from: the asked fields' part of what is stored. */
export function intakeStartingAnswers(fields: readonly TemplateField[], stored: FormData | null): FormData {
  const asked = askedFields(fields);
  return Object.fromEntries(asked.map((field) => [field.name, stored?.[field.name] ?? (field.type === 'checkbox' ? [] : '')]));
}

export const intakeViewSchema = z.object({
  state: z.enum(INTAKE_STATES),
  /** The questions the viewer answers, in order. */
  fields: z.array(templateFieldSchema),
  answers: z.record(z.string(), z.union([z.string(), z.array(z.string())])),
  submittedAt: z.string().nullable(),
});
export type IntakeView = z.infer<typeof intakeViewSchema>;

/** Staff's change of an intake link's questionnaire. */
export const intakeActionSchema = z.object({ action: z.enum(['reopen', 'lock'], { message: INTAKE_MESSAGES.unknownAction.id }) });
