// Issue 48 item 3: a task's emails speak their reader's language: the member's saved one, else
// their organization's (Settings → Organization), else English.
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../../platform/clock';
import { emailOutbox } from '../../platform/db/schema/platform';
import type { TestUser } from '../../test/as-user';
import { seedAgency, type Agency } from '../../test/agency';
import { createTestApp, type TestApp } from '../../test/test-app';
import { dueReminderEmail } from './emails';

const clock = fixedClock(new Date('2026-11-22T12:00:00Z'));

describe('task emails in their reader’s language', () => {
  let t: TestApp;
  let a: Agency;

  beforeAll(async () => {
    t = await createTestApp({ clock });
    a = await seedAgency(t, { project: 'Hafen', developer: 'Dana Dev', orgAdmin: 'Olga Owner' });
    for (const [user, locale] of [[a.developer, 'de'], [a.executive, 'es']] as const) {
      const saved = await user.inject({ method: 'PUT', url: '/api/settings/language', payload: { locale } });
      expect(saved.statusCode, saved.body).toBe(200);
    }
  });
  afterAll(() => t.close());

  const lastMail = async (to: TestUser, kind: string) => {
    const [row] = await t.db
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.toAddress, to.email!), eq(emailOutbox.kind, kind)))
      .orderBy(desc(emailOutbox.createdAt), desc(emailOutbox.id))
      .limit(1);
    return row!;
  };
  const addTask = async (title: string, assigneeId?: string) => {
    const res = await a.orgAdmin.inject({ method: 'POST', url: `/api/projects/${a.projectId}/tasks`, payload: { title, assigneeId } });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().id as string;
  };
  const complete = async (taskId: string) => {
    const res = await a.developer.inject({ method: 'PATCH', url: `/api/projects/${a.projectId}/tasks/${taskId}`, payload: { status: 'completed' } });
    expect(res.statusCode, res.body).toBe(200);
  };

  it('tells a member who chose Deutsch of their new task in German', async () => {
    const taskId = await addTask('Speisekarte drucken', a.developer.profileId);
    const mail = await lastMail(a.developer, 'task_assigned');
    expect(mail.subject).toBe('Ihnen zugewiesene Aufgabe: Speisekarte drucken (Hafen)');
    expect(mail.text).toBe(
      [
        'Guten Tag Dana Dev,',
        '',
        'Olga Owner hat Ihnen die Aufgabe „Speisekarte drucken“ im Projekt „Hafen“ zugewiesen.',
        '',
        `Aufgabe öffnen: ${t.config.publicUrl}/project/${a.projectId}/tasks/${taskId}`,
      ].join('\n'),
    );
  });

  it('tells a member who chose Español of a completed task in Spanish, one with none in the organization’s language', async () => {
    await complete(await addTask('Menú listo'));
    const spanish = await lastMail(a.executive, 'task_notification');
    expect(spanish.subject).toBe('Tarea completada: Menú listo (Hafen)');
    expect(spanish.text).toContain('Hola, ');
    expect(spanish.text).toContain('Dana Dev marcó como Completada la tarea «Menú listo» del proyecto «Hafen».');
    expect(spanish.text).toContain('Abrir la tarea: ');
    // The admin chose no language: the organization's, English until its admins choose another.
    expect((await lastMail(a.admin, 'task_notification')).subject).toBe('Task completed: Menú listo (Hafen)');

    const set = await a.orgAdmin.inject({ method: 'PUT', url: '/api/organization/locale', payload: { locale: 'de' } });
    expect(set.statusCode, set.body).toBe(200);
    await complete(await addTask('Plakat fertig'));
    const german = await lastMail(a.admin, 'task_notification');
    expect(german.subject).toBe('Aufgabe erledigt: Plakat fertig (Hafen)');
    expect(german.text).toContain('Die Aufgabe „Plakat fertig“ im Projekt „Hafen“ wurde von Dana Dev als Erledigt markiert.');
    // A saved language still wins over the organization's.
    expect((await lastMail(a.executive, 'task_notification')).subject).toBe('Tarea completada: Plakat fertig (Hafen)');
  });
});

describe('a due reminder', () => {
  const task = { id: 't1', title: 'Flyer', dueDate: '2026-11-25' };
  const project = { id: 'p1', name: 'Hafen' };
  it('writes the due date as its reader does', () => {
    const at = (locale: 'en' | 'de' | 'es') => dueReminderEmail({ email: 'x@example.com', fullName: 'Dana', locale }, 'task_due_soon', task, project, 'https://app.test').text;
    expect(at('en')).toContain('The task "Flyer" on the project "Hafen" is due tomorrow, November 25, 2026.');
    expect(at('de')).toContain('Die Aufgabe „Flyer“ im Projekt „Hafen“ ist morgen fällig, am 25. November 2026.');
    expect(at('es')).toContain('La tarea «Flyer» del proyecto «Hafen» vence mañana, 25 de noviembre de 2026.');
    expect(dueReminderEmail({ email: null, fullName: 'Dana', locale: 'de' }, 'task_overdue', task, project, 'https://app.test').subject).toBe('„Flyer“ ist überfällig (Hafen)');
  });
});
