// Issue 48 item 3: the intake email in the `server` part of the catalogs (decision 045).
export const INTAKE_EMAIL_TEXTS = {
  subject: /*i18n*/ { id: 'server.emails.intake.subject', message: 'Questionnaire submitted: {project}' },
  body: /*i18n*/ { id: 'server.emails.intake.body', message: 'The questionnaire of the project "{project}" was submitted through the link "{link}".' },
  readAnswers: /*i18n*/ { id: 'server.emails.intake.readAnswers', message: 'Read the answers: {url}' },
};
