// Issue 48's proof: a member switches to German and meets Projects, a project page, the task
// panel, Timesheet, Settings and an email in German; a client opens a Spanish intake link in an
// English browser and submits it in Spanish, and the member's inbox tells it in German.
import type { Page } from '@playwright/test';
import { clientAddressHeaders, expect, newAccount, readEmail, signUpThroughApi, test, toast } from './fixtures';

/** A client, a project with one task, and a questionnaire template, through the API as the signed-in page. */
async function projectWithTaskAndTemplate(page: Page): Promise<{ projectId: string; projectName: string; taskId: string; templateId: string }> {
  const suffix = Date.now().toString(36);
  const client = await page.request.post('/api/clients', { data: { name: `Bäckerei Hahn ${suffix}` } });
  expect(client.status(), await client.text()).toBe(201);
  const projectName = `Frühjahrskampagne ${suffix}`;
  const project = await page.request.post('/api/projects', { data: { name: projectName, clientId: (await client.json()).id } });
  expect(project.status(), await project.text()).toBe(201);
  const projectId = (await project.json()).id as string;
  const task = await page.request.post(`/api/projects/${projectId}/tasks`, { data: { title: 'Plakate drucken', priority: 'high' } });
  expect(task.status(), await task.text()).toBe(201);
  const template = await page.request.post('/api/templates', {
    data: {
      name: `Briefing ${suffix}`,
      // A template holds the default fields first (spec 7), then its own questions.
      fields: [
        { label: 'Client Name', name: 'client_name', type: 'text', required: true, options: [], order: 0 },
        { label: 'Due Date', name: 'due_date', type: 'date', required: true, options: [], order: 1 },
        { label: 'Zielgruppe', name: 'audience', type: 'textarea', required: true, options: [], order: 2 },
      ],
    },
  });
  expect(template.status(), await template.text()).toBe(201);
  return { projectId, projectName, taskId: (await task.json()).id as string, templateId: (await template.json()).id as string };
}

test('a member works in German, gets German email, and reads a Spanish intake answer in German', async ({ page, browser }) => {
  test.slow();
  const account = newAccount('Deutsch');
  await signUpThroughApi(page, account);

  // Settings -> Account: the member switches to German.
  await page.goto('/?tab=settings&section=account');
  await page.getByTestId('language-card').getByRole('combobox', { name: 'Language' }).selectOption('de');
  await expect(toast(page, 'Sprache gespeichert')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Einstellungen' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Bereiche der Einstellungen' }).getByRole('link', { name: 'Sicherheit' })).toBeVisible();

  // Projects.
  const { projectId, projectName, taskId, templateId } = await projectWithTaskAndTemplate(page);
  await page.goto('/?tab=projects');
  await expect(page.getByRole('heading', { name: 'Projektverwaltung' })).toBeVisible();
  const card = page.getByTestId('project-card').filter({ hasText: projectName });
  await expect(card).toContainText('Status: Aktiv');

  // A project page and its tasks.
  await page.goto(`/project/${projectId}?tab=tasks`);
  await expect(page.getByRole('tab', { name: 'Aufgaben' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('tab', { name: 'Notizen' })).toBeVisible();

  // The task panel.
  await page.goto(`/project/${projectId}/tasks/${taskId}`);
  const panel = page.getByRole('dialog', { name: 'Plakate drucken' });
  await expect(panel.getByRole('combobox', { name: 'Priorität' })).toHaveText('Hoch');
  await expect(panel.getByRole('button', { name: 'Schließen' })).toBeVisible();
  await page.keyboard.press('Escape');

  // Timesheet.
  await page.goto('/?tab=timesheet');
  await expect(page.getByRole('heading', { level: 1, name: 'Stundenzettel' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  await page.screenshot({ path: '/tmp/i48-german-timesheet.png' });

  // An email in German: a password reset asked for from an English browser comes in the member's language.
  const reset = await page.request.post('/api/auth/password-reset/request', { data: { email: account.email }, headers: { 'accept-language': 'en-US' } });
  expect(reset.status(), await reset.text()).toBe(200);
  await readEmail(page.request, account.email, /Jemand hat angefordert, das Passwort Ihres Brieflane-Kontos zurückzusetzen\./);

  // A Spanish intake link, answered by a visitor whose browser asks for English.
  const link = await page.request.post(`/api/projects/${projectId}/access-links`, { data: { name: 'Cliente', intake: true, templateId, locale: 'es' } });
  expect(link.status(), await link.text()).toBe(201);
  const context = await browser.newContext({
    baseURL: test.info().project.use.baseURL,
    locale: 'en-US',
    extraHTTPHeaders: { ...clientAddressHeaders(), 'Accept-Language': 'en-US,en;q=0.9' },
  });
  const visitor = await context.newPage();
  await visitor.goto(`/project-access/${(await link.json()).token}`);
  const form = visitor.getByRole('form', { name: 'Cuestionario' });
  await form.getByLabel('Zielgruppe').fill('Familien im Viertel');
  await form.getByRole('button', { name: 'Enviar respuestas' }).click();
  await expect(toast(visitor, '¡Gracias! Sus respuestas se han enviado.')).toBeVisible();
  await context.close();

  // The member's inbox tells it in German.
  await page.goto('/?tab=projects');
  await page.getByRole('button', { name: /^Posteingang/ }).click();
  await expect(page.getByText(`Der Kunde hat den Fragebogen zu ${projectName} beantwortet`)).toBeVisible();
  await page.screenshot({ path: '/tmp/i48-german-inbox.png' });
});
