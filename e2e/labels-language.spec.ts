// Issue 48: a German member reads the stored values' labels in German (a task's status and
// priority in the list and in My Work, their role in the header, the tabs' names), and a CSV
// export they download has its header row in German while its cells stay as stored.
import { expect, newAccount, signUpThroughApi, test } from './fixtures';

test.describe('Member in German', () => {
  test('reads task statuses, priorities, My Work, the tabs and their role in German, and exports a German CSV header', async ({ page }) => {
    test.slow();
    await signUpThroughApi(page, newAccount('labels'));
    const saved = await page.request.put('/api/settings/language', { data: { locale: 'de' } });
    expect(saved.status(), await saved.text()).toBe(200);
    const me = await (await page.request.get('/api/me')).json();
    const client = await page.request.post('/api/clients', { data: { name: 'Hafen Kaffee' } });
    const projectName = `Hafen Relaunch ${Date.now().toString(36)}`;
    const project = await page.request.post('/api/projects', { data: { name: projectName, clientId: (await client.json()).id } });
    expect(project.status(), await project.text()).toBe(201);
    const projectId = (await project.json()).id as string;
    for (const [title, priority] of [
      ['Speisekarte drucken', 'high'],
      ['Kreide bestellen', 'medium'],
    ] as const) {
      const task = await page.request.post(`/api/projects/${projectId}/tasks`, { data: { title, priority, assigneeId: me.profile.id, dueDate: null } });
      expect(task.status(), await task.text()).toBe(201);
    }

    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto(`/project/${projectId}?tab=tasks`);
    const row = page.locator('li', { hasText: 'Speisekarte drucken' }).first();
    await expect(row.getByText('Zu erledigen', { exact: true })).toBeVisible();
    await expect(row.getByText('Hoch', { exact: true })).toBeVisible();
    await expect(page.getByTestId('user-role')).toHaveText('Organisationsadministrator');
    await expect(page.getByText(/^(To Do|High|Organization Admin)$/)).toHaveCount(0);
    await page.screenshot({ path: '/tmp/labels-tasks-1440.png' });

    await page.goto('/?tab=my-work');
    await expect(page.getByRole('heading', { level: 1, name: 'Meine Arbeit' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Projekte', exact: true })).toBeVisible();
    const later = page.getByRole('region', { name: 'Später' });
    await expect(later.getByText('Kreide bestellen')).toBeVisible();
    await expect(later.getByText('Mittel', { exact: true })).toBeVisible();
    await page.setViewportSize({ width: 375, height: 800 });
    await expect(later.getByText('Kreide bestellen')).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await page.screenshot({ path: '/tmp/labels-my-work-375.png' });

    // The export link's file: a German header row, the status cell as stored data.
    const csv = await page.request.get('/api/projects/export');
    expect(csv.status()).toBe(200);
    const [header, first] = (await csv.text()).replace(/^\uFEFF/, '').split('\r\n');
    expect(header).toBe('Name,Kunde,Status,Fälligkeitsdatum,Verantwortlich,Beschreibung,Erstellt am (UTC)');
    expect(first).toContain(`${projectName},Hafen Kaffee,Active,`);
  });
});
