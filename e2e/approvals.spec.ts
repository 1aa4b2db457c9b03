// Issue 33: a client signs off a deliverable through the share link. Staff upload a design and ask
// for approval; a signed-out client opens a link where viewers may approve, previews the design and
// requests changes; staff see it live, upload version 2; the client approves version 2; the card
// and the Projects tab's filter show the state. Driven by keyboard; every screen passes axe. And a
// PDF carrying JavaScript previews inertly. The link does not show the rest of the project (issue
// 49 item 10: "Show the project" is off by default).
import type { Browser, Locator, Page } from '@playwright/test';
import sharp from 'sharp';
import { clientAddressHeaders, expect, expectNoSeriousViolations, newAccount, signUpThroughApi, test, toast } from './fixtures';

/** A real PNG of the given colour, so the server makes a thumbnail of it. */
function design(colour: string): Promise<Buffer> {
  return sharp({ create: { width: 640, height: 400, channels: 3, background: colour } }).png().toBuffer();
}

async function projectThroughApi(page: Page): Promise<string> {
  const client = await page.request.post('/api/clients', { data: { name: 'Harbor Coffee' } });
  expect(client.status(), await client.text()).toBe(201);
  const project = await page.request.post('/api/projects', { data: { name: 'Menu Redesign', clientId: (await client.json()).id } });
  expect(project.status(), await project.text()).toBe(201);
  return (await project.json()).id;
}

/** Another browser with no session, on its own client address. */
async function newVisitor(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ baseURL: test.info().project.use.baseURL, extraHTTPHeaders: clientAddressHeaders() });
  return context.newPage();
}

/** Opens a control by keyboard: focus, then Enter. */
async function press(control: Locator, key = 'Enter'): Promise<void> {
  await control.focus();
  await control.press(key);
}

test.describe('Client approvals', () => {
  test('staff ask for sign-off, the client requests changes through the link, staff upload version 2 and the client approves it', async ({ page, browser, context }) => {
    await signUpThroughApi(page, newAccount('approvals'));
    const projectId = await projectThroughApi(page);

    // Staff upload the design on the project's Files tab and ask the client to approve it.
    await page.goto(`/project/${projectId}?tab=files`);
    await page.getByLabel('Choose file').setInputFiles({ name: 'menu-board.png', mimeType: 'image/png', buffer: await design('#2f6fb3') });
    const row = page.getByRole('listitem', { name: 'menu-board.png' });
    await expect(row.getByRole('img', { name: 'Thumbnail of menu-board.png' })).toBeVisible();
    await press(row.getByRole('button', { name: 'Actions for menu-board.png' }));
    await page.getByRole('menuitem', { name: 'Request client approval' }).press('Enter');
    const request = page.getByRole('dialog', { name: 'Request client approval' });
    await request.getByLabel('Message to the client').fill('The spring menu board, as discussed.');
    await press(request.getByRole('button', { name: 'Request client approval' }));
    await expect(toast(page, 'Approval requested')).toBeVisible();
    await expect(request).toBeHidden();
    await expect(row.getByText('Awaiting approval', { exact: true })).toBeVisible();
    await expect(page.getByText('Awaiting approval (1)')).toBeVisible();
    await expectNoSeriousViolations(page, 'the Files tab with a file awaiting approval');

    // A link where viewers may approve, made in the Share dialog.
    const projects = await context.newPage();
    await projects.goto('/?tab=projects');
    const card = projects.getByTestId('project-card').filter({ hasText: 'Menu Redesign' });
    await expect(card.getByText('Awaiting approval (1)')).toBeVisible();
    await press(card.getByRole('button', { name: 'Share Link' }));
    const share = projects.getByRole('dialog', { name: 'Share Project Access' });
    await share.getByLabel('Link Name').fill('Client review');
    const approve = share.getByRole('switch', { name: 'Viewers may approve' });
    await expect(approve).not.toBeChecked();
    await press(approve, 'Space');
    await expect(approve).toBeChecked();
    // Issue 49 item 10: off by default, the client sees what awaits approval and nothing else.
    await expect(share.getByRole('switch', { name: 'Show the project' })).not.toBeChecked();
    await expect(share.getByText('The client sees the files awaiting approval and the approval form, nothing else.')).toBeVisible();
    await press(share.getByRole('button', { name: 'Generate Link' }));
    await expect(toast(projects, 'Access token generated successfully!')).toBeVisible();
    const link = share.getByRole('listitem', { name: 'Client review', exact: true });
    await expect(link.getByText('Approvals', { exact: true })).toBeVisible();
    const url = await link.getByLabel('Link address').inputValue();
    await projects.keyboard.press('Escape');

    // The client, signed out, sees what awaits their approval first, previews it and asks for changes.
    const client = await newVisitor(browser);
    await client.goto(url);
    await expect(client.getByRole('heading', { name: 'Awaiting your approval' })).toBeVisible();
    const item = client.getByRole('listitem', { name: /menu-board\.png · Version/ });
    await expect(item.getByRole('heading', { name: /menu-board\.png · Version 1/ })).toBeVisible();
    await expect(item.getByText('The spring menu board, as discussed.')).toBeVisible();
    // Nothing else of the project: no overview, questionnaire, tasks, files or notes.
    await expect(client.getByRole('heading', { level: 2 })).toHaveText(['Awaiting your approval']);
    await press(item.getByRole('button', { name: 'Preview', exact: true }));
    const viewer = client.getByRole('dialog', { name: 'Preview of menu-board.png' });
    await expect(viewer.getByRole('img', { name: 'Preview of menu-board.png' })).toBeVisible();
    await expect.poll(() => viewer.getByRole('img').evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(640);
    await expectNoSeriousViolations(client, 'the client previewing a design');
    await client.keyboard.press('Escape');
    await expect(viewer).toBeHidden();

    await press(item.getByRole('button', { name: 'Request changes' }));
    await expect(item.getByText('Please give your name.')).toBeVisible();
    await expect(item.getByText('Please say what should change.')).toBeVisible();
    await item.getByLabel('Your name').fill('Dana Client');
    await item.getByLabel('Comment').fill('Make the prices larger.');
    await press(item.getByRole('button', { name: 'Request changes' }));
    await expect(toast(client, 'Thank you: your request for changes was sent.')).toBeVisible();
    await expect(client.getByText('Nothing is awaiting your approval.')).toBeVisible();
    await expectNoSeriousViolations(client, 'the shared page after a decision');

    // Staff see it live, without reloading: on the file, the project's header and its card.
    await expect(row.getByText('Changes requested', { exact: true })).toBeVisible();
    await expect(page.getByText('Changes requested').first()).toBeVisible();
    await expect(card.getByText('Changes requested')).toBeVisible();

    // The Projects tab filters by approval state.
    const filter = projects.getByRole('combobox', { name: 'Filter by client approval' });
    await press(filter);
    await projects.getByRole('option', { name: 'Awaiting approval' }).press('Enter');
    await expect(projects.getByText('No projects match your search')).toBeVisible();
    await press(filter);
    await projects.getByRole('option', { name: 'Changes requested' }).press('Enter');
    await expect(card).toBeVisible();
    await projects.screenshot({ path: test.info().outputPath('projects-changes-requested.png') });

    // Version 2 resets the request to awaiting.
    await press(row.getByRole('button', { name: 'Actions for menu-board.png' }));
    const versionInput = page.getByLabel('Upload new version');
    await page.getByRole('menuitem', { name: 'Upload new version' }).press('Escape');
    await versionInput.setInputFiles({ name: 'menu-board.png', mimeType: 'image/png', buffer: await design('#b3462f') });
    await expect(toast(page, 'Version 2 uploaded')).toBeVisible();
    await expect(row.getByText('v2', { exact: true })).toBeVisible();
    await expect(row.getByText('Awaiting approval', { exact: true })).toBeVisible();
    await page.screenshot({ path: test.info().outputPath('files-version-2.png') });

    // The client's open page follows live: version 2 awaits, and they approve it.
    const second = client.getByRole('listitem', { name: /menu-board\.png · Version/ });
    await expect(second.getByRole('heading', { name: /menu-board\.png · Version 2/ })).toBeVisible();
    await second.getByLabel('Your name').fill('Dana Client');
    await press(second.getByRole('button', { name: 'Approve' }));
    await expect(toast(client, 'Thank you: your approval was recorded.')).toBeVisible();
    await client.screenshot({ path: test.info().outputPath('client-approved.png') });

    // Staff: approved, with the history of decisions per version.
    await expect(row.getByText('Approved', { exact: true })).toBeVisible();
    await expect(card).toBeHidden();
    await press(row.getByRole('button', { name: 'Actions for menu-board.png' }));
    await page.getByRole('menuitem', { name: 'Version history' }).press('Enter');
    const history = page.getByRole('dialog', { name: 'Version history' });
    await expect(history.getByText('Version 1', { exact: true })).toBeVisible();
    await expect(history.getByText('Version 2', { exact: true })).toBeVisible();
    await expect(history.getByText(/Requested changes by Dana Client via link 'Client review' on version 1/)).toBeVisible();
    await expect(history.getByText(/Approved by Dana Client via link 'Client review' on version 2/)).toBeVisible();
    await expect(history.getByRole('link', { name: 'Download version 1' })).toHaveAttribute('href', /versions\/1/);
    await expectNoSeriousViolations(page, 'the version history');
    await page.screenshot({ path: test.info().outputPath('version-history.png') });
  });

  test('a PDF that carries JavaScript previews inertly: its pages draw in the page, and its script never runs', async ({ page }) => {
    await signUpThroughApi(page, newAccount('pdfscript'));
    const projectId = await projectThroughApi(page);
    // Two pages, an OpenAction and a page action of JavaScript; PDF.js rebuilds the missing cross-reference table.
    const pdf = Buffer.from(
      [
        '%PDF-1.4',
        "1 0 obj << /Type /Catalog /Pages 2 0 R /OpenAction 5 0 R /Names << /JavaScript << /Names [(go) 5 0 R] >> >> >> endobj",
        '2 0 obj << /Type /Pages /Kids [3 0 R 4 0 R] /Count 2 >> endobj',
        '3 0 obj << /Type /Page /Parent 2 0 R /MediaBox [0 0 300 200] /AA << /O 5 0 R >> >> endobj',
        '4 0 obj << /Type /Page /Parent 2 0 R /MediaBox [0 0 300 200] >> endobj',
        "5 0 obj << /S /JavaScript /JS (app.alert('pdf script ran'); window.pdfScriptRan = true;) >> endobj",
        'trailer << /Root 1 0 R >>',
        '%%EOF',
      ].join('\n'),
    );
    const dialogs: string[] = [];
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    await page.goto(`/project/${projectId}?tab=files`);
    await page.getByLabel('Choose file').setInputFiles({ name: 'brief.pdf', mimeType: 'application/pdf', buffer: pdf });
    const row = page.getByRole('listitem', { name: 'brief.pdf' });
    await press(row.getByRole('button', { name: 'Preview', exact: true }));
    const viewer = page.getByRole('dialog', { name: 'Preview of brief.pdf' });
    await expect(viewer.getByText('Page 1 of 2')).toBeVisible();
    await press(viewer.getByRole('button', { name: 'Next page' }));
    await expect(viewer.getByText('Page 2 of 2')).toBeVisible();
    // The canvas was drawn at the page's size (300 x 200 points at 1.4).
    await expect.poll(() => viewer.getByRole('img', { name: 'Preview of brief.pdf' }).evaluate((canvas: HTMLCanvasElement) => canvas.width)).toBe(420);
    expect(dialogs).toEqual([]);
    expect(await page.evaluate(() => (window as unknown as { pdfScriptRan?: boolean }).pdfScriptRan)).toBeUndefined();
    await expectNoSeriousViolations(page, 'the PDF viewer');
  });
});
