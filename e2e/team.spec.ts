import type { Page } from '@playwright/test';
import { expect, newAccount, readEmail, RESET_LINK, signIn, signUpThroughApi, test, toast, uniqueEmail } from './fixtures';

type Member = { id: string; fullName: string; email: string | null };

/** A new organization whose owner adds an admin through the API; the page ends signed out. */
async function agencyWithAdmin(page: Page, label: string) {
  const owner = newAccount(`${label}-owner`);
  await signUpThroughApi(page, owner);
  const admin = { fullName: `E2E ${label} Admin`, email: uniqueEmail(`${label}-admin`), password: 'admin-pass-123' };
  const added = await page.request.post('/api/team', { data: { ...admin, role: 'admin' } });
  expect(added.status(), await added.text()).toBe(201);
  const team = (await (await page.request.get('/api/team')).json()) as { items: (Member & { role: string })[] };
  const ownerMember = team.items.find((m) => m.role === 'organization_admin')!;
  return { owner, ownerMember, admin };
}

async function signOutThroughApi(page: Page) {
  await page.request.post('/api/auth/sign-out');
}

test.describe('Admin', () => {
  test('adds a developer with an email, filters by skill, opens and edits the member; the developer sets a password and signs in', async ({ page }) => {
    const { admin } = await agencyWithAdmin(page, 'team');
    await signOutThroughApi(page);
    await signIn(page, admin.email, admin.password);
    await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'Team' }).click();
    await expect(page.getByRole('heading', { name: 'Team Management' })).toBeVisible();

    const developer = { fullName: 'Dana Developer', email: uniqueEmail('team-dev') };
    await page.getByRole('button', { name: 'Add Team Member' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Team Member' });
    await dialog.getByLabel('Full Name').fill(developer.fullName);
    await dialog.getByLabel('Email').fill(developer.email);
    await expect(dialog.getByLabel('Role')).toHaveText('Developer');
    await dialog.getByLabel('Role').click();
    await expect(page.getByRole('option')).toHaveText(['Admin', 'Account Executive', 'Developer']);
    await page.getByRole('option', { name: 'Developer' }).click();
    await dialog.getByRole('textbox', { name: 'Skills' }).fill('Svelte');
    await dialog.getByRole('textbox', { name: 'Skills' }).press('Enter');
    await dialog.getByRole('group', { name: 'Suggested skills' }).getByRole('button', { name: 'React' }).click();
    await expect(dialog.getByRole('list', { name: 'Selected skills' }).getByRole('listitem')).toHaveText(['Svelte', 'React']);
    await dialog.getByRole('button', { name: 'Add Member' }).click();
    await expect(toast(page, 'Team member created successfully')).toBeVisible();
    await expect(dialog).toBeHidden();

    const cards = page.getByTestId('team-member-card');
    await expect(cards).toHaveCount(3);
    const filter = page.getByRole('group', { name: 'Filter by skill' });
    await filter.getByRole('button', { name: 'Svelte' }).click();
    await expect(cards).toHaveCount(1);
    await expect(cards.first()).toContainText(developer.fullName);
    await expect(cards.first()).toContainText(developer.email);
    await page.getByRole('button', { name: 'Clear all filters' }).click();
    await expect(cards).toHaveCount(3);

    await cards.filter({ hasText: developer.fullName }).click();
    await expect(page).toHaveURL(/\/team\/[0-9a-f-]{36}$/);
    await expect(page.getByRole('heading', { name: developer.fullName })).toBeVisible();
    await expect(page.getByText('Member since')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Assigned Projects' })).toBeVisible();
    await expect(page.getByText('No projects assigned yet.')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Recent Activity' })).toBeVisible();

    await page.getByRole('button', { name: 'Edit Profile' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Team Member' });
    await expect(edit.getByLabel('Full Name')).toHaveValue(developer.fullName);
    await edit.getByLabel('Full Name').fill('   ');
    await edit.getByRole('button', { name: 'Update Member' }).click();
    await expect(edit.getByText('Full name is required')).toBeVisible();
    await edit.getByLabel('Full Name').fill('Dana Renamed');
    await edit.getByRole('button', { name: 'Remove Svelte' }).click();
    await edit.getByRole('button', { name: 'Update Member' }).click();
    await expect(toast(page, 'Team member updated successfully')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Dana Renamed' })).toBeVisible();
    await expect(page.getByRole('list', { name: 'Skills', exact: true })).toHaveText('React');

    // The developer was emailed a link to choose a password, and signs in with it.
    const [link] = await readEmail(page.request, developer.email, RESET_LINK);
    await page.getByRole('button', { name: 'Sign Out' }).click();
    await expect(page.getByRole('heading', { name: 'Welcome Back' })).toBeVisible();
    const url = new URL(link);
    await page.goto(`${url.pathname}${url.search}`);
    await page.getByLabel('New Password').fill('dana-chosen-1');
    await page.getByLabel('Confirm Password').fill('dana-chosen-1');
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await expect(page.getByRole('heading', { name: 'Welcome Back' })).toBeVisible();
    await signIn(page, developer.email, 'dana-chosen-1');
    await expect(page.getByTestId('user-name')).toHaveText('Dana Renamed');
    // Developers have no Team tab.
    await expect(page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'Team' })).toHaveCount(0);
  });

  test('removes a member after confirming', async ({ page }) => {
    const { admin } = await agencyWithAdmin(page, 'remove');
    const added = await page.request.post('/api/team', { data: { fullName: 'Riley Leaving', tags: ['Content'] } });
    const leaver = (await added.json()) as Member;
    await signOutThroughApi(page);
    await signIn(page, admin.email, admin.password);
    await expect(page.getByTestId('user-name')).toHaveText(admin.fullName);

    await page.goto(`/team/${leaver.id}`);
    await expect(page.getByRole('heading', { name: 'Riley Leaving' })).toBeVisible();
    await expect(page.getByText('No email: this member cannot sign in')).toBeVisible();
    // Assigned projects show for developers only; Riley is one (the default role).
    await expect(page.getByRole('heading', { name: 'Assigned Projects' })).toBeVisible();
    await page.getByRole('button', { name: 'Remove Member' }).click();
    const confirm = page.getByRole('alertdialog');
    await expect(confirm).toContainText('Are you sure you want to remove this team member?');
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(confirm).toBeHidden();
    await expect(page.getByRole('heading', { name: 'Riley Leaving' })).toBeVisible();

    await page.getByRole('button', { name: 'Remove Member' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Remove' }).click();
    await expect(toast(page, 'Team member removed successfully')).toBeVisible();
    await expect(page).toHaveURL('/?tab=team');
    await expect(page.getByTestId('team-member-card')).toHaveCount(2);
    await expect(page.getByTestId('team-member-card').filter({ hasText: 'Riley Leaving' })).toHaveCount(0);
    await page.goto(`/team/${leaver.id}`);
    await expect(page.getByText('Team member not found')).toBeVisible();
  });

  test('manages only members below their rank: a peer admin is view-only, and the server agrees', async ({ page }) => {
    const { admin } = await agencyWithAdmin(page, 'rank');
    const peerAdded = await page.request.post('/api/team', { data: { fullName: 'Pat Peer', role: 'admin' } });
    const peer = (await peerAdded.json()) as Member;
    const devAdded = await page.request.post('/api/team', { data: { fullName: 'Dee Below' } });
    const developer = (await devAdded.json()) as Member;
    await signOutThroughApi(page);
    await signIn(page, admin.email, admin.password);
    await expect(page.getByTestId('user-name')).toHaveText(admin.fullName);

    await page.goto(`/team/${peer.id}`);
    await expect(page.getByRole('heading', { name: 'Pat Peer' })).toBeVisible();
    await expect(page.getByText('You can only change team members whose role is below yours')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Edit Profile' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Remove Member' })).toHaveCount(0);
    const demote = await page.request.patch(`/api/team/${peer.id}`, { data: { fullName: 'Pat Peer', role: 'developer' } });
    expect(demote.status()).toBe(403);

    await page.goto(`/team/${developer.id}`);
    await page.getByRole('button', { name: 'Edit Profile' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Team Member' });
    await edit.getByLabel('Role').click();
    await expect(page.getByRole('option')).toHaveText(['Account Executive', 'Developer']);
  });

  test('cannot remove the organization admin', async ({ page }) => {
    const { admin, ownerMember } = await agencyWithAdmin(page, 'owner-stays');
    await signOutThroughApi(page);
    await signIn(page, admin.email, admin.password);
    await expect(page.getByTestId('user-name')).toHaveText(admin.fullName);
    await page.goto('/?tab=team');
    await page.getByTestId('team-member-card').filter({ hasText: ownerMember.fullName }).click();
    await expect(page.getByRole('heading', { name: ownerMember.fullName })).toBeVisible();
    await expect(page.getByText('Organization Admin', { exact: true })).toBeVisible();
    // Assigned projects show for developer members only.
    await expect(page.getByRole('heading', { name: 'Assigned Projects' })).toHaveCount(0);
    await page.getByRole('button', { name: 'Remove Member' }).click();
    await expect(toast(page, 'Cannot Delete')).toContainText('Organization admins cannot be deleted');
    await expect(page.getByRole('alertdialog')).toHaveCount(0);
    await page.goto('/?tab=team');
    await expect(page.getByTestId('team-member-card').filter({ hasText: ownerMember.fullName })).toHaveCount(1);
  });
});
