// Issue 48 item 4: staff choose the language of an intake link; its visitor, in an English
// browser, meets the page in that language from the first paint, answers, and switches to English
// with the page's language menu, a choice kept on their device.
import type { Page } from '@playwright/test';
import { clientAddressHeaders, DEMO_ACCOUNTS, DEMO_PASSWORD, expect, signIn, test, toast } from './fixtures';

const owner = DEMO_ACCOUNTS.organization_admin;

/** A template and a project without a questionnaire, through the API; returns the project's name and the template's. */
async function projectWithoutQuestionnaire(page: Page): Promise<{ name: string; template: string }> {
  const suffix = Date.now().toString(36);
  const template = `Brief ${suffix}`;
  const created = await page.request.post('/api/templates', {
    data: {
      name: template,
      fields: [
        { label: 'Client Name', name: 'client_name', type: 'text', required: true, options: [], order: 0 },
        { label: 'Due Date', name: 'due_date', type: 'date', required: true, options: [], order: 1 },
        { label: 'Audience', name: 'audience', type: 'textarea', required: true, options: [], order: 2 },
      ],
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const client = await page.request.post('/api/clients', { data: { name: 'Cafetería Sol' } });
  const name = `Sol Launch ${suffix}`;
  const project = await page.request.post('/api/projects', { data: { name, clientId: (await client.json()).id } });
  expect(project.status(), await project.text()).toBe(201);
  return { name, template };
}

test('staff make an intake link in Spanish; an English visitor answers it in Spanish and switches to English', async ({ page, browser }) => {
  test.slow();
  await signIn(page, owner.email, DEMO_PASSWORD);
  await expect(page.getByRole('heading', { name: 'Project Management' })).toBeVisible();
  const { name, template } = await projectWithoutQuestionnaire(page);

  await page.goto('/?tab=projects');
  await page.getByTestId('project-card').filter({ hasText: name }).getByRole('button', { name: 'Share Link' }).click();
  const share = page.getByRole('dialog', { name: 'Share Project Access' });
  await share.getByLabel('Link Name').fill('Cliente');
  await share.getByRole('switch', { name: 'Intake link' }).click();
  await share.getByRole('combobox', { name: 'Questionnaire template' }).click();
  await page.getByRole('option', { name: template }).click();
  const language = share.getByRole('combobox', { name: 'Language' });
  await expect(language).toHaveValue('');
  await expect(language.locator('option:checked')).toHaveText('Organization default (English)');
  await language.selectOption('es');
  await page.setViewportSize({ width: 1440, height: 1000 });
  await page.screenshot({ path: '/tmp/i48links-dialog-1440.png' });
  await share.getByRole('button', { name: 'Generate Link' }).click();
  await expect(toast(page, 'Access token generated successfully!')).toBeVisible();
  const row = share.getByRole('listitem', { name: 'Cliente', exact: true });
  await expect(row.getByText('Español')).toBeVisible();
  const url = await row.getByRole('textbox').inputValue();
  await page.keyboard.press('Escape');

  // The visitor: signed out, a fresh browser that asks for English.
  const context = await browser.newContext({
    baseURL: test.info().project.use.baseURL,
    locale: 'en-US',
    extraHTTPHeaders: { ...clientAddressHeaders(), 'Accept-Language': 'en-US,en;q=0.9' },
  });
  const visitor = await context.newPage();
  // What the page paints before its answer arrives is never the English project page.
  const painted: string[] = [];
  await visitor.exposeFunction('recordHeading', (text: string) => painted.push(text));
  await visitor.addInitScript(() => {
    new MutationObserver(() => {
      const label = document.querySelector('main header p');
      if (label?.textContent) (window as unknown as { recordHeading: (text: string) => void }).recordHeading(label.textContent);
    }).observe(document, { childList: true, subtree: true, characterData: true });
  });
  await visitor.goto(new URL(url).pathname);
  await expect(visitor.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(visitor.getByText('Proyecto compartido')).toBeVisible();
  await expect(visitor.getByRole('heading', { name: 'Descripción de la empresa' })).toBeVisible();
  await expect(visitor.getByRole('heading', { name: 'Cuestionario del proyecto' })).toBeVisible();
  await expect(visitor.locator('html')).toHaveAttribute('lang', 'es');
  await expect(visitor.getByRole('combobox', { name: 'Idioma' })).toHaveValue('es');
  expect(painted.every((text) => text === 'Proyecto compartido'), painted.join(', ')).toBe(true);
  await visitor.screenshot({ path: '/tmp/i48links-visitor-1440.png', fullPage: true });

  // The visitor answers and submits, the page still in Spanish.
  // The form's own words are Spanish too (its rules' words, domain-shared); the questions are the
  // template's, as staff wrote them.
  const form = visitor.getByRole('form', { name: 'Cuestionario' });
  // Sent with its required question empty: the toast and the question's message are the template
  // rules' words (domain-shared), in Spanish, the question's label as staff wrote it.
  await form.getByRole('button', { name: 'Enviar respuestas' }).click();
  await expect(toast(visitor, 'Rellene todos los campos obligatorios del formulario.')).toBeVisible();
  await expect(form.getByText('Audience es obligatorio.')).toBeVisible();
  await visitor.screenshot({ path: '/tmp/tpl-intake-es-1440.png', fullPage: true });
  const wide = visitor.viewportSize();
  await visitor.setViewportSize({ width: 375, height: 800 });
  await expect(form.getByText('Audience es obligatorio.')).toBeVisible();
  await visitor.screenshot({ path: '/tmp/tpl-intake-es-375.png', fullPage: true });
  if (wide) await visitor.setViewportSize(wide);
  await form.getByLabel('Audience').fill('Vecinos del barrio');
  await form.getByRole('button', { name: 'Enviar respuestas' }).click();
  await expect(toast(visitor, '¡Gracias! Sus respuestas se han enviado.')).toBeVisible();
  await expect(visitor.getByRole('form', { name: 'Cuestionario' })).toHaveCount(0);
  await expect(visitor.getByText('Proyecto compartido')).toBeVisible();

  // The visitor switches to English with the menu; the choice holds on this device.
  await visitor.getByRole('combobox', { name: 'Idioma' }).selectOption('en');
  await expect(visitor.getByText('Shared project')).toBeVisible();
  await expect(visitor.getByRole('heading', { name: 'Company Overview' })).toBeVisible();
  await expect(visitor.locator('html')).toHaveAttribute('lang', 'en');
  await visitor.reload();
  await expect(visitor.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(visitor.getByText('Shared project')).toBeVisible();
  await expect(visitor.getByRole('combobox', { name: 'Language' })).toHaveValue('en');

  // On a phone the menu fits the header.
  await visitor.setViewportSize({ width: 375, height: 800 });
  expect(await visitor.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await visitor.screenshot({ path: '/tmp/i48links-visitor-375.png' });
  await context.close();
});
