// Client intake through a link (issue 15, beyond the spec): an intake link's viewer, with no
// account, answers the project's questionnaire — saving drafts, then submitting — with the same
// field rules as Use Template (templates.ts answersSchema). Staff reopen or lock it.
import { z } from 'zod';
import { templateFieldSchema, type FormData, type TemplateField } from './template-field';
import { INTAKE_STATES, type IntakeState } from './intake-state';
import { answersSchema, askedFields, formDataSchema } from './templates';

export { INTAKE_STATES, type IntakeState } from './intake-state';

export const INTAKE_MESSAGES = {
  switchLabel: 'Intake link',
  switchHint: 'The client answers the project questionnaire through this link, no account needed.',
  showProjectLabel: 'Show the project',
  seesQuestionnaireOnly: 'The client sees the project name, the company overview and the questionnaire, nothing else.',
  seesProject: 'The client also sees every task, file and note of the project, staff notes included.',
  contributeNote: '"Viewers may contribute" does not apply to the questionnaire: the client can always answer it, signed in or not.',
  chooseTemplate: 'Choose a template',
  notShown: 'This link shows the questionnaire only.',
  showsProjectBadge: 'Shows the project',
  templateLabel: 'Questionnaire template',
  templateHint: 'This project has no questionnaire yet: it gets this template’s.',
  needsTemplate: 'This project has no questionnaire yet: choose a template for the intake link.',
  templateNotFound: 'Template not found',
  badge: 'Intake',
  stateLabels: { open: 'Open for answers', submitted: 'Submitted', locked: 'Locked' } satisfies Record<IntakeState, string>,
  reopen: 'Reopen',
  lock: 'Lock',
  reopened: 'Questionnaire reopened for edits',
  locked: 'Questionnaire locked',
  title: 'Questionnaire',
  intro: 'Please answer the questions below. You can save a draft and come back to this link later.',
  saveDraft: 'Save Draft',
  savingDraft: 'Saving...',
  submit: 'Submit Answers',
  submitting: 'Submitting...',
  draftSaved: 'Draft saved',
  submitted: 'Thank you! Your answers were sent.',
  submittedState: 'Your answers were sent. The agency will be in touch; they can reopen the questionnaire if anything needs changing.',
  lockedState: 'This questionnaire is locked: the agency is working from these answers.',
  notOpen: 'This questionnaire is not open for answers.',
  notIntake: 'This link has no questionnaire to answer.',
  unknownField: (name: string) => `"${name}" is not a question of this questionnaire.`,
  activitySubmitted: 'Client submitted the questionnaire',
  untitledLink: 'Untitled link',
  emailSubject: (project: string) => `Questionnaire submitted: ${project}`,
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
    for (const name of unknown) ctx.addIssue({ code: 'custom', path: [name], message: INTAKE_MESSAGES.unknownField(name) });
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
export const intakeActionSchema = z.object({ action: z.enum(['reopen', 'lock'], { message: 'Unknown action' }) });
