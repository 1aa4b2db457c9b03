// Issue 48 item 3: the budget alert's email in the `server` part of the catalogs (decision 045).
export const BUDGET_EMAIL_TEXTS = {
  alertSubject: /*i18n*/ { id: 'server.emails.budgets.alertSubject', message: '{project} has used {percent} % of its budget' },
  alertBody: /*i18n*/ { id: 'server.emails.budgets.alertBody', message: '{spent} spent of a budget of {budget}.' },
};
