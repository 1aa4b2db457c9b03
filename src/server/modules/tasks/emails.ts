// The tasks module's emails (spec 6, issue 29): to a new assignee, to those who hear of a
// completed task, and an assignee's due reminders. Words only; who gets them is the service's.
import { TASK_STATUS_TITLES } from '../../../domain/task-rules';

type Person = { email: string | null; fullName: string };
type Task = { id: string; title: string };
type Project = { id: string; name: string };
type Email = { to: string | null; subject: string; text: string };

const taskUrl = (publicUrl: string, project: Project, task: Task) => `${publicUrl}/project/${project.id}/tasks/${task.id}`;

export function taskAssignedEmail(member: Person, actorName: string, project: Project, task: Task, publicUrl: string): Email {
  return {
    to: member.email,
    subject: `Task assigned to you: ${task.title} (${project.name})`,
    text: [
      `Hello ${member.fullName},`,
      '',
      `${actorName} assigned you the task "${task.title}" on the project "${project.name}".`,
      '',
      `Open the task: ${taskUrl(publicUrl, project, task)}`,
    ].join('\n'),
  };
}

export function taskCompletedEmail(recipient: Person, actorName: string, project: Project, task: Task, publicUrl: string): Email & { kind: 'task_notification' } {
  return {
    kind: 'task_notification',
    to: recipient.email,
    subject: `Task completed: ${task.title} (${project.name})`,
    text: [
      `Hello ${recipient.fullName},`,
      '',
      `The task "${task.title}" on the project "${project.name}" was marked as ${TASK_STATUS_TITLES.completed} by ${actorName}.`,
      '',
      `Open the task: ${taskUrl(publicUrl, project, task)}`,
    ].join('\n'),
  };
}

export function dueReminderEmail(
  assignee: Person,
  kind: 'task_due_soon' | 'task_overdue',
  title: string,
  task: Task & { dueDate: string },
  project: Project,
  publicUrl: string,
): Email {
  return {
    to: assignee.email,
    subject: `${title} (${project.name})`,
    text: [
      `Hello ${assignee.fullName},`,
      '',
      kind === 'task_due_soon'
        ? `The task "${task.title}" on the project "${project.name}" is due tomorrow, ${task.dueDate}.`
        : `The task "${task.title}" on the project "${project.name}" was due ${task.dueDate} and is not done yet.`,
      '',
      `Open the task: ${taskUrl(publicUrl, project, task)}`,
    ].join('\n'),
  };
}
