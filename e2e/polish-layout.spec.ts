// Issue 49 item 18: four places that overflowed, touched or wrapped, at 1440 and 375 px. The
// template builder's 'Add this field first?' buttons stay inside their dialog; Assign Dev and
// Share Link keep a gap; Start timer and Log time share one line on a wide screen; the budget
// card sits above the questionnaire in Project Info. No screen scrolls sideways. The measures
// are soft: one run names every place that is off, not only the first.
import type { Locator, Page } from '@playwright/test';
import { expect, newAccount, signUpThroughApi, test } from './fixtures';

/** Screenshots go to /tmp/<SHOTS_PREFIX>-<place>-<width>.png when SHOTS_PREFIX is set (before/after looks). */
async function shoot(page: Page, place: string, width: number): Promise<void> {
  const prefix = process.env.SHOTS_PREFIX;
  if (prefix) await page.screenshot({ path: `/tmp/${prefix}-${place}-${width}.png` });
}

async function expectNoSidewaysScroll(page: Page, what: string): Promise<void> {
  const widths = await page.evaluate(() => ({ scroll: document.scrollingElement!.scrollWidth, inner: window.innerWidth }));
  expect.soft(widths.scroll, `${what}: page width ${widths.scroll} within ${widths.inner}`).toBeLessThanOrEqual(widths.inner);
}

async function box(locator: Locator) {
  const found = await locator.boundingBox();
  expect(found, `a box for ${String(locator)}`).not.toBeNull();
  return found!;
}

/** A project from a template with a questionnaire, and a task in it, made through the API. */
async function projectWithQuestionnaire(page: Page): Promise<{ id: string; taskId: string }> {
  const client = await page.request.post('/api/clients', { data: { name: 'Polish Client' } });
  expect(client.status(), await client.text()).toBe(201);
  const template = await page.request.post('/api/templates', {
    data: {
      name: 'Polish Intake',
      fields: [
        { label: 'Client Name', name: 'client_name', type: 'text', required: true, options: [], order: 0 },
        { label: 'Due Date', name: 'due_date', type: 'date', required: true, options: [], order: 1 },
        { label: 'Target Audience', name: 'target_audience', type: 'textarea', required: false, options: [], order: 2 },
      ],
    },
  });
  expect(template.status(), await template.text()).toBe(201);
  const project = await page.request.post('/api/projects', {
    data: {
      name: 'Polish Project',
      clientId: (await client.json()).id,
      dueDate: '2030-01-15',
      templateId: (await template.json()).id,
      formData: { client_name: 'Polish Client', due_date: '2030-01-15', target_audience: 'Commuters who want a quick espresso' },
    },
  });
  expect(project.status(), await project.text()).toBe(201);
  const id = (await project.json()).id as string;
  const task = await page.request.post(`/api/projects/${id}/tasks`, { data: { title: 'Print menu boards' } });
  expect(task.status(), await task.text()).toBe(201);
  return { id, taskId: (await task.json()).id as string };
}

/** Start timer and Log time: at 1440 side by side on one line; at 375 each button whole, inside the screen. */
async function expectTimeActionsTidy(page: Page, scope: Locator, width: number, what: string): Promise<void> {
  const start = scope.getByRole('button', { name: 'Start timer' });
  const log = scope.getByRole('button', { name: 'Log time' });
  await expect(start).toBeVisible();
  const [startBox, logBox] = [await box(start), await box(log)];
  if (width >= 1440) {
    expect.soft(Math.abs(startBox.y - logBox.y), `${what}: Start timer and Log time on one line`).toBeLessThan(1);
    expect.soft(logBox.x, `${what}: Log time after Start timer`).toBeGreaterThan(startBox.x + startBox.width);
  }
  // Never wrapped mid-button: each stays one small button's height (h-8), whole on the screen.
  for (const [name, b] of [['Start timer', startBox], ['Log time', logBox]] as const) {
    expect.soft(b.height, `${what}: ${name} on one line`).toBeLessThanOrEqual(33);
    expect.soft(b.x + b.width, `${what}: ${name} inside the screen`).toBeLessThanOrEqual(width);
  }
}

for (const width of [1440, 375]) {
  test.describe(`At ${width} px`, () => {
    test.use({ viewport: { width, height: width >= 1440 ? 900 : 812 } });

    test('the project page, its task panel and the template builder keep their buttons in place', async ({ page }) => {
      test.setTimeout(90_000);
      await signUpThroughApi(page, newAccount('polish'));
      const project = await projectWithQuestionnaire(page);

      // Project Info: the header's actions, and the budget card above the questionnaire.
      await page.goto(`/project/${project.id}`);
      const budget = page.getByRole('heading', { name: 'Budget', exact: true });
      const questionnaire = page.getByRole('heading', { name: 'Project Questionnaire' });
      await expect(questionnaire).toBeVisible();
      await expect(budget).toBeVisible();
      await expect(page.locator('.animate-pulse')).toHaveCount(0);
      await shoot(page, 'project-info', width);
      await expectNoSidewaysScroll(page, 'project page');

      const assign = page.getByRole('button', { name: 'Assign Dev' });
      const share = page.getByRole('button', { name: 'Share Link' });
      const [assignBox, shareBox] = [await box(assign), await box(share)];
      // Side by side or one under the other: a gap of at least 4 px either way.
      const gap = Math.abs(assignBox.y - shareBox.y) < 1 ? shareBox.x - (assignBox.x + assignBox.width) : shareBox.y - (assignBox.y + assignBox.height);
      expect.soft(gap, 'the gap between Assign Dev and Share Link').toBeGreaterThanOrEqual(4);

      await expectTimeActionsTidy(page, page.getByTestId('time-actions'), width, 'project header');
      // The header's four actions: one line on a wide screen (the time pair used to wrap under
      // the sharing pair); on a phone the time pair wraps whole, under it.
      const startBox = await box(page.getByTestId('time-actions').getByRole('button', { name: 'Start timer' }));
      if (width >= 1440) expect.soft(Math.abs(startBox.y - shareBox.y), 'Start timer on the line of Share Link').toBeLessThan(1);
      else expect.soft(startBox.y, 'the time pair under the sharing pair').toBeGreaterThanOrEqual(shareBox.y + shareBox.height + 4);

      // The budget card comes before the questionnaire, in the page and on the screen.
      const budgetFirst = await budget.evaluate((heading, other) => Boolean(heading.compareDocumentPosition(other) & Node.DOCUMENT_POSITION_FOLLOWING), await questionnaire.elementHandle());
      expect.soft(budgetFirst, 'the budget card before the questionnaire in the page').toBe(true);
      expect.soft((await box(budget)).y, 'the budget card above the questionnaire').toBeLessThan((await box(questionnaire)).y);
      // After the project's key facts: the Project Information card is still first.
      expect.soft((await box(page.getByRole('heading', { name: 'Project Information' }))).y).toBeLessThan((await box(budget)).y);

      // The task's panel: its Start timer and Log time.
      await page.goto(`/project/${project.id}/tasks/${project.taskId}`);
      const panel = page.getByRole('dialog', { name: 'Print menu boards' });
      await expect(panel.getByRole('button', { name: 'Log time' })).toBeVisible();
      await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().iterations === Infinity));
      await shoot(page, 'task-panel', width);
      await expectTimeActionsTidy(page, panel, width, 'task panel');
      await expectNoSidewaysScroll(page, 'task panel');
      await page.keyboard.press('Escape');
      await expect(panel).toBeHidden();

      // The template builder asks 'Add this field first?': its three buttons inside its box.
      await page.goto('/?tab=projects');
      await page.getByRole('tab', { name: 'Templates' }).click();
      await page.getByRole('button', { name: 'Add Template' }).click();
      const editor = page.getByRole('dialog', { name: 'Create Template' });
      await editor.getByLabel('Template Name').fill('Half-finished');
      await page.getByRole('region', { name: 'Add Field' }).getByLabel('Field Label').fill('Brand Palette');
      await editor.getByRole('button', { name: 'Create Template' }).click();
      const ask = page.getByRole('alertdialog', { name: 'Add this field first?' });
      await expect(ask).toBeVisible();
      await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().iterations === Infinity));
      await shoot(page, 'add-field-first', width);
      const dialogBox = await box(ask);
      for (const name of ['Keep Editing', 'Discard It and Save', 'Add It and Save']) {
        const b = await box(ask.getByRole('button', { name }));
        expect.soft(b.x, `${name} inside the dialog (left)`).toBeGreaterThanOrEqual(dialogBox.x);
        expect.soft(b.x + b.width, `${name} inside the dialog (right)`).toBeLessThanOrEqual(dialogBox.x + dialogBox.width);
        expect.soft(b.y + b.height, `${name} inside the dialog (bottom)`).toBeLessThanOrEqual(dialogBox.y + dialogBox.height);
      }
      const dialogScroll = await ask.evaluate((e) => ({ scroll: e.scrollWidth, client: e.clientWidth }));
      expect.soft(dialogScroll.scroll, 'the dialog does not scroll sideways').toBeLessThanOrEqual(dialogScroll.client);
      await expectNoSidewaysScroll(page, 'template builder');
      // It still does its work: Keep Editing goes back to the builder.
      await ask.getByRole('button', { name: 'Keep Editing' }).click();
      await expect(ask).toBeHidden();
      await expect(editor).toBeVisible();
    });
  });
}
