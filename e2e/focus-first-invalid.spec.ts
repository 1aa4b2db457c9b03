// Issue 49 item 11: after a refused submit the focus goes to the first field to fix, driven by
// the keyboard as a screen reader user would: the client's intake questionnaire and approval form
// on share links, and the staff's Single Sign-On card in Settings, where the server's refusal of
// the issuer (its fields disabled while it checks) must also land on the field it names.
import { randomUUID } from 'node:crypto';
import type { Browser, Locator, Page } from '@playwright/test';
import sharp from 'sharp';
import { clientAddressHeaders, expect, newAccount, signUpThroughApi, test } from './fixtures';

/** A signed-out browser on its own client address. */
async function newVisitor(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ baseURL: test.info().project.use.baseURL, extraHTTPHeaders: clientAddressHeaders() });
  return context.newPage();
}

/** Presses `key` on a control reached by the keyboard. */
async function press(control: Locator, key = 'Enter'): Promise<void> {
  await control.focus();
  await control.press(key);
}

/** The control is focused, marked invalid and names its message, which says `message`. */
async function expectFocusedAndMarked(control: Locator, message: RegExp): Promise<void> {
  await expect(control).toBeFocused();
  await expect(control).toHaveAttribute('aria-invalid', 'true');
  await expect(control).toHaveAccessibleDescription(message);
}

async function projectThroughApi(page: Page, name: string): Promise<string> {
  const client = await page.request.post('/api/clients', { data: { name: 'Harbor Coffee' } });
  expect(client.status(), await client.text()).toBe(201);
  const project = await page.request.post('/api/projects', { data: { name, clientId: (await client.json()).id } });
  expect(project.status(), await project.text()).toBe(201);
  return (await project.json()).id;
}

test.describe('A client on a share link', () => {
  test('submits the questionnaire incomplete and is taken to each question to fix, by keyboard', async ({ page, browser }) => {
    await signUpThroughApi(page, newAccount('focus-intake'));
    const template = await page.request.post('/api/templates', {
      data: {
        name: 'Launch brief',
        fields: [
          { label: 'Client Name', name: 'client_name', type: 'text', required: true, options: [], order: 0 },
          { label: 'Due Date', name: 'due_date', type: 'date', required: true, options: [], order: 1 },
          { label: 'Industry', name: 'industry', type: 'select', required: true, options: ['Food', 'Retail'], order: 2 },
          { label: 'Channels', name: 'channels', type: 'checkbox', required: true, options: ['Web', 'Print'], order: 3 },
          { label: 'Audience', name: 'audience', type: 'textarea', required: true, options: [], order: 4 },
          { label: 'Pages', name: 'pages', type: 'number', required: false, options: [], order: 5, min: 1, max: 10 },
        ],
      },
    });
    expect(template.status(), await template.text()).toBe(201);
    const projectId = await projectThroughApi(page, 'Harbor Launch');
    const link = await page.request.post(`/api/projects/${projectId}/access-links`, { data: { name: 'Brief', intake: true, templateId: (await template.json()).id } });
    expect(link.status(), await link.text()).toBe(201);

    const client = await newVisitor(browser);
    await client.goto(`/project-access/${(await link.json()).token}`);
    const form = client.getByRole('form', { name: 'Questionnaire' });
    const submit = form.getByRole('button', { name: 'Submit Answers' });

    // Nothing answered: the first question, a select, takes the focus.
    await press(submit);
    await expectFocusedAndMarked(form.getByRole('combobox', { name: 'Industry' }), /Industry is required/);
    // Answered by keyboard from there; the next to fix is the group of choices.
    await client.keyboard.press('Enter');
    await client.getByRole('option', { name: 'Retail' }).press('Enter');
    await expect(form.getByRole('combobox', { name: 'Industry' })).toHaveText('Retail');
    await press(submit);
    await expect(form.getByRole('checkbox', { name: 'Web' })).toBeFocused();
    await expect(form.getByRole('group', { name: /Channels/ })).toHaveAttribute('aria-invalid', 'true');
    await client.keyboard.press('Space');
    await press(submit);
    await expectFocusedAndMarked(form.getByLabel('Audience'), /Audience is required/);

    // Save Draft lets questions wait, but not an answer that does not fit.
    await client.keyboard.type('Commuters');
    await form.getByLabel('Pages').fill('50');
    await press(form.getByRole('button', { name: 'Save Draft' }));
    await expectFocusedAndMarked(form.getByLabel('Pages'), /at most 10/);
    await client.context().close();
  });

  test('decides on a file without a name or a comment and is taken to the field to fix, by keyboard', async ({ page, browser }) => {
    await signUpThroughApi(page, newAccount('focus-approval'));
    const projectId = await projectThroughApi(page, 'Menu Redesign');
    const png = await sharp({ create: { width: 64, height: 40, channels: 3, background: '#2f6fb3' } }).png().toBuffer();
    const upload = await page.request.post(`/api/projects/${projectId}/files`, { multipart: { file: { name: 'menu-board.png', mimeType: 'image/png', buffer: png } } });
    expect(upload.status(), await upload.text()).toBe(201);
    const asked = await page.request.put(`/api/projects/${projectId}/files/${(await upload.json()).id}/approval`, { data: {} });
    expect(asked.status(), await asked.text()).toBe(204);
    const link = await page.request.post(`/api/projects/${projectId}/access-links`, { data: { name: 'Review', viewersMayApprove: true } });
    expect(link.status(), await link.text()).toBe(201);

    const client = await newVisitor(browser);
    await client.goto(`/project-access/${(await link.json()).token}`);
    const requestChanges = client.getByRole('button', { name: 'Request changes' });
    await press(requestChanges);
    await expectFocusedAndMarked(client.getByLabel('Your name'), /Please give your name/);
    await client.keyboard.type('Cleo');
    await press(requestChanges);
    await expectFocusedAndMarked(client.getByLabel('Comment'), /Please say what should change/);
    await expect(client.getByLabel('Your name')).not.toHaveAttribute('aria-invalid', 'true');
    await client.context().close();
  });
});

test.describe('Organization admin', () => {
  test('saves the Single Sign-On card incomplete, then with an issuer the server cannot use, and is taken to the field each time', async ({ page }) => {
    await signUpThroughApi(page, newAccount('focus-sso'));
    await page.goto('/?tab=settings&section=organization');
    const card = page.getByTestId('sso-settings-card');
    const save = card.getByRole('button', { name: 'Save' });
    await press(save);
    await expectFocusedAndMarked(card.getByLabel('Issuer URL'), /Issuer is required/);

    // A server nothing listens on: the server refuses it under the issuer, which has the focus
    // again once the card is enabled after the check.
    await page.keyboard.type('http://127.0.0.1:9/realms/none');
    await card.getByLabel('Client ID').fill('brieflane');
    await card.getByLabel('Client secret').fill('s3cret');
    await card.getByLabel('Email domains').fill(`focus-${randomUUID().slice(0, 8)}.e2e.test`);
    await press(save);
    const issuer = card.getByLabel('Issuer URL');
    await expect(issuer).toHaveAttribute('aria-invalid', 'true');
    await expect(issuer).toBeEnabled();
    await expect(issuer).toBeFocused();
    await expect(issuer).toHaveAccessibleDescription(/127\.0\.0\.1/);
  });
});
