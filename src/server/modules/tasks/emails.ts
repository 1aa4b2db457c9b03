// The tasks module's emails (spec 6, issue 29): to a new assignee, to those who hear of a
// completed task, and an assignee's due reminders. Words only, in the reader's language (issue
// 48: `locale`, theirs else their organization's); who gets them is the service's.
import type { Locale } from '../../../domain/locales';
import { translate } from '../../platform/i18n';
import { EMAIL_TEXTS, formatEmailDate } from '../../platform/mail/email-words';
import { TASK_EMAIL_TEXTS as T } from './email-texts';

type Person = { email: string | null; fullName: string; locale: Locale };
type Task = { id: string; title: string };
type Project = { id: string; name: string };
type Email = { to: string | null; subject: string; text: string };

const taskUrl = (publicUrl: string, project: Project, task: Task) => `${publicUrl}/project/${project.id}/tasks/${task.id}`;

/** Hello, the news, and the task's link: what every task email says. */
function taskEmail(person: Person, subject: string, news: string, url: string): Email {
  const say = person.locale;
  return { to: person.email, subject, text: [translate(say, EMAIL_TEXTS.hello, { name: person.fullName }), '', news, '', translate(say, T.openTask, { url })].join('\n') };
}

export function taskAssignedEmail(member: Person, actorName: string, project: Project, task: Task, publicUrl: string): Email {
  const values = { title: task.title, project: project.name, actor: actorName };
  return taskEmail(member, translate(member.locale, T.assignedSubject, values), translate(member.locale, T.assignedBody, values), taskUrl(publicUrl, project, task));
}

export function taskCompletedEmail(recipient: Person, actorName: string, project: Project, task: Task, publicUrl: string): Email & { kind: 'task_notification' } {
  const values = { title: task.title, project: project.name, actor: actorName };
  return {
    kind: 'task_notification',
    ...taskEmail(recipient, translate(recipient.locale, T.completedSubject, values), translate(recipient.locale, T.completedBody, values), taskUrl(publicUrl, project, task)),
  };
}

export function dueReminderEmail(assignee: Person, kind: 'task_due_soon' | 'task_overdue', task: Task & { dueDate: string }, project: Project, publicUrl: string): Email {
  const values = { title: task.title, project: project.name, date: formatEmailDate(assignee.locale, task.dueDate) };
  const [subject, body] = kind === 'task_due_soon' ? [T.dueSoonSubject, T.dueSoonBody] : [T.overdueSubject, T.overdueBody];
  return taskEmail(assignee, translate(assignee.locale, subject, values), translate(assignee.locale, body, values), taskUrl(publicUrl, project, task));
}
