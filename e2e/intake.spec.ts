// Issue 15: a client with no account fills and submits the project's questionnaire through an
// intake link, and the staff's open project page shows the answers without a reload.
import type { Page } from '@playwright/test';
import { clientAddressHeaders, DEMO_ACCOUNTS, DEMO_PASSWORD, expect, readEmail, signIn, test, toast } from './fixtures';

const owner = DEMO_ACCOUNTS.organization_admin;

/** A template and a project without one, through the API; returns the project's id and name. */
async function projectWithoutQuestionnaire(page: Page): Promise<{ projectId: string; name: string; template: string }> {
  const suffix = Date.now().toString(36);
  const template = `Launch Brief ${suffix}`;
  const created = await page.request.post('/api/templates', {
    data: {
      name: template,
      fields: [
        { label: 'Client Name', name: 'client_name', type: 'text', required: true, options: [], order: 0 },
        { label: 'Due Date', name: 'due_date', type: 'date', required: true, options: [], order: 1 },
        { label: 'Audience', name: 'audience', type: 'textarea', required: true, options: [], order: 2 },
        { label: 'Pages', name: 'pages', type: 'number', required: false, options: [], order: 3 },
        { label: 'Channels', name: 'channels', type: 'checkbox', required: true, options: ['Web', 'Print'], order: 4 },
      ],
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const client = await page.request.post('/api/clients', { data: { name: 'Harbor Coffee' } });
  const name = `Harbor Launch ${suffix}`;
  const project = await page.request.post('/api/projects', { data: { name, clientId: (await client.json()).id } });
  expect(project.status(), await project.text()).toBe(201);
  return { projectId: (await project.json()).id, name, template };
}

test('a client answers the questionnaire through an intake link; staff see it live, and reopen it', async ({ page, browser }) => {
  test.slow();
  await signIn(page, owner.email, DEMO_PASSWORD);
  await expect(page.getByRole('heading', { name: 'Project Management' })).toBeVisible();
  const { projectId, name, template } = await projectWithoutQuestionnaire(page);

  // Staff: an intake link, with a template since the project has no questionnaire yet.
  await page.goto('/?tab=projects');
  await page.getByTestId('project-card').filter({ hasText: name }).getByRole('button', { name: 'Share Link' }).click();
  const share = page.getByRole('dialog', { name: 'Share Project Access' });
  await share.getByLabel('Link Name').fill('Client brief');
  await share.getByRole('switch', { name: 'Intake link' }).click();
  // Issue 27: the dialog says what the client will see, and that "Viewers may contribute" is not about the answers.
  await expect(share.getByRole('switch', { name: 'Show the project' })).toHaveAttribute('aria-checked', 'false');
  await expect(share.getByText('The client sees the project name, the company overview and the questionnaire, nothing else.')).toBeVisible();
  await expect(share.getByText(/"Viewers may contribute" does not apply to the questionnaire/)).toBeVisible();
  // A project without a questionnaire has nothing to keep: the picker asks for a template.
  await expect(share.getByRole('combobox', { name: 'Questionnaire template' })).toHaveText('Choose a template');
  await share.getByRole('button', { name: 'Generate Link' }).click();
  await expect(share.getByText('This project has no questionnaire yet: choose a template for the intake link.')).toBeVisible();
  await share.getByRole('combobox', { name: 'Questionnaire template' }).click();
  await page.getByRole('option', { name: template }).click();
  await share.getByRole('button', { name: 'Generate Link' }).click();
  await expect(toast(page, 'Access token generated successfully!')).toBeVisible();
  const row = share.getByRole('listitem', { name: 'Client brief', exact: true });
  await expect(row.getByText('Intake · Open for answers')).toBeVisible();
  const url = await row.getByRole('textbox').inputValue();
  expect(url).toContain('/project-access/');
  await page.keyboard.press('Escape');

  // Staff keep the project page open.
  await page.goto(`/project/${projectId}`);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await page.evaluate(() => ((window as unknown as { mark: boolean }).mark = true));

  // The client, signed out, on their own browser.
  const context = await browser.newContext({ baseURL: test.info().project.use.baseURL, extraHTTPHeaders: clientAddressHeaders() });
  const client = await context.newPage();
  await client.goto(new URL(url).pathname);
  await expect(client.getByRole('heading', { level: 1, name })).toBeVisible();
  const form = client.getByRole('form', { name: 'Questionnaire' });
  // Client Name and Due Date are the project's: not asked.
  await expect(form.getByLabel('Client Name')).toHaveCount(0);
  // Issue 27: the project's name, overview and questionnaire only; no tasks, files or notes.
  await expect(client.getByRole('heading', { name: 'Company Overview' })).toBeVisible();
  for (const heading of ['Tasks', 'Files & Resources', 'Notes']) await expect(client.getByRole('heading', { name: heading, exact: true })).toHaveCount(0);
  await form.getByLabel('Pages').fill('6');
  await form.getByRole('button', { name: 'Submit Answers' }).click();
  await expect(toast(client, 'Please fill all required fields in the form.')).toBeVisible();
  await expect(form.getByText('Audience is required.')).toBeVisible();
  // Issue 27 item 23: focus goes to the first invalid question, not left on Submit.
  await expect(form.getByLabel('Audience')).toBeFocused();

  await form.getByLabel('Audience').fill('Commuters who want a quick espresso');
  await form.getByRole('button', { name: 'Save Draft' }).click();
  await expect(toast(client, 'Draft saved')).toBeVisible();
  // The draft is kept for the next visit.
  await client.reload();
  await expect(client.getByRole('form', { name: 'Questionnaire' }).getByLabel('Audience')).toHaveValue('Commuters who want a quick espresso');

  await client.getByRole('form', { name: 'Questionnaire' }).getByLabel('Web').check();
  await client.getByRole('form', { name: 'Questionnaire' }).getByRole('button', { name: 'Submit Answers' }).click();
  await expect(toast(client, 'Thank you! Your answers were sent.')).toBeVisible();
  await expect(client.getByText(/Your answers were sent\. The agency will be in touch/)).toBeVisible();
  await expect(client.getByRole('form', { name: 'Questionnaire' })).toHaveCount(0);

  // The staff page shows the answers without a reload; the staff are emailed.
  const questionnaire = page.getByLabel('Questionnaire');
  await expect(questionnaire).toContainText('Commuters who want a quick espresso');
  await expect(questionnaire).toContainText('Web');
  expect(await page.evaluate(() => (window as unknown as { mark?: boolean }).mark)).toBe(true);
  await readEmail(page.request, owner.email, new RegExp(`The questionnaire of the project "${name}" was submitted through the link "Client brief"`));

  // Staff reopen it; the client's open page turns back into the form, with the answers.
  await page.goto('/?tab=projects');
  await page.getByTestId('project-card').filter({ hasText: name }).getByRole('button', { name: 'Share Link' }).click();
  const reopenRow = page.getByRole('dialog', { name: 'Share Project Access' }).getByRole('listitem', { name: 'Client brief', exact: true });
  await expect(reopenRow.getByText('Intake · Submitted')).toBeVisible();
  await reopenRow.getByRole('button', { name: 'Reopen' }).click();
  await expect(toast(page, 'Questionnaire reopened for edits')).toBeVisible();
  await expect(client.getByRole('form', { name: 'Questionnaire' }).getByLabel('Audience')).toHaveValue('Commuters who want a quick espresso');
  await context.close();
});
