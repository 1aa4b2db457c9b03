// The demo organization's sign-in details (ARCHITECTURE decision 9), printed at first start and
// used by the end-to-end tests to act as each role.
import type { Role } from '../../../domain/roles';

export const DEMO_ORGANIZATION_NAME = 'Northwind Creative';
export const DEMO_PASSWORD = 'demo-password';

export const DEMO_ACCOUNTS: Record<Role, { email: string; fullName: string }> = {
  organization_admin: { email: 'owner@brieflane.demo', fullName: 'Olivia Park' },
  admin: { email: 'admin@brieflane.demo', fullName: 'Marcus Reed' },
  account_executive: { email: 'ae@brieflane.demo', fullName: 'Priya Shah' },
  developer: { email: 'dev@brieflane.demo', fullName: 'Leo Martins' },
};
