// Issue 48 item 3: the tasks module's emails in the `server` part of the catalogs (decision 045),
// written in each reader's language by emails.ts.
export const TASK_EMAIL_TEXTS = {
  assignedSubject: /*i18n*/ { id: 'server.emails.tasks.assignedSubject', message: 'Task assigned to you: {title} ({project})' },
  assignedBody: /*i18n*/ { id: 'server.emails.tasks.assignedBody', message: '{actor} assigned you the task "{title}" on the project "{project}".' },
  completedSubject: /*i18n*/ { id: 'server.emails.tasks.completedSubject', message: 'Task completed: {title} ({project})' },
  completedBody: /*i18n*/ { id: 'server.emails.tasks.completedBody', message: 'The task "{title}" on the project "{project}" was marked as Completed by {actor}.' },
  dueSoonSubject: /*i18n*/ { id: 'server.emails.tasks.dueSoonSubject', message: '"{title}" is due tomorrow ({project})' },
  dueSoonBody: /*i18n*/ { id: 'server.emails.tasks.dueSoonBody', message: 'The task "{title}" on the project "{project}" is due tomorrow, {date}.' },
  overdueSubject: /*i18n*/ { id: 'server.emails.tasks.overdueSubject', message: '"{title}" is overdue ({project})' },
  overdueBody: /*i18n*/ { id: 'server.emails.tasks.overdueBody', message: 'The task "{title}" on the project "{project}" was due {date} and is not done yet.' },
  openTask: /*i18n*/ { id: 'server.emails.tasks.openTask', message: 'Open the task: {url}' },
};
