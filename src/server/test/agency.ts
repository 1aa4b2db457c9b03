// The usual cast of a per-role API test: an agency with a member of each role, a developer
// with access to its first project and one without, a client, two projects, and an admin of
// another organization.
import { developerProjectAccess } from '../modules/sharing/schema';
import { asUser, type TestUser } from './as-user';
import type { TestApp } from './test-app';

export type Agency = {
  orgAdmin: TestUser;
  admin: TestUser;
  executive: TestUser;
  /** Has access to projectId. */
  developer: TestUser;
  /** A developer of the same organization without access to either project. */
  unassigned: TestUser;
  /** An organization_admin of another organization. */
  outsider: TestUser;
  clientId: string;
  projectId: string;
  otherProjectId: string;
};

export async function seedAgency(
  t: TestApp,
  names: { orgAdmin?: string; developer?: string; project?: string } = {},
): Promise<Agency> {
  const orgAdmin = await asUser(t, 'organization_admin', { fullName: names.orgAdmin });
  const organizationId = orgAdmin.organizationId;
  const admin = await asUser(t, 'admin', { organizationId });
  const executive = await asUser(t, 'account_executive', { organizationId });
  const developer = await asUser(t, 'developer', { organizationId, fullName: names.developer });
  const unassigned = await asUser(t, 'developer', { organizationId });
  const outsider = await asUser(t, 'organization_admin');
  const clientId = (await orgAdmin.inject({ method: 'POST', url: '/api/clients', payload: { name: 'Acme' } })).json().id;
  const create = async (name: string) =>
    (await orgAdmin.inject({ method: 'POST', url: '/api/projects', payload: { name, clientId } })).json().id as string;
  const projectId = await create(names.project ?? 'Agency Project');
  const otherProjectId = await create('Other Project');
  await t.db.insert(developerProjectAccess).values({ projectId, developerProfileId: developer.profileId });
  return { orgAdmin, admin, executive, developer, unassigned, outsider, clientId, projectId, otherProjectId };
}
