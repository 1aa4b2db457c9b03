import { Briefcase, Code, Crown, Shield, type LucideProps } from 'lucide-react';
import type { Role } from '@/domain/roles';

const ICONS = { organization_admin: Crown, admin: Shield, account_executive: Briefcase, developer: Code } as const;

/** The icon shown beside a role label (spec 2 "Dashboard shell"). */
export function RoleIcon({ role, ...props }: { role: Role } & LucideProps) {
  const Icon = ICONS[role];
  return <Icon aria-hidden {...props} />;
}
