// An intake link's questionnaire states (issue 15), apart from intake.ts's rules so that the
// share link's types and the database schema name them without loading the field rules.

/** open: answers may be saved and submitted; submitted: done, read-only; locked: read-only by staff. */
export const INTAKE_STATES = ['open', 'submitted', 'locked'] as const;
export type IntakeState = (typeof INTAKE_STATES)[number];
