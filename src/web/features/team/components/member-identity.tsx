import { ROLE_LABELS, type Role } from '@/domain/roles';
import { memberInitials } from '@/domain/team';
import { Badge } from '@/web/components/ui/badge';
import { RoleIcon } from '@/web/components/ui/role-icon';
import { cn } from '@/web/lib/class-names';
import { useT } from '@/web/lib/i18n';

const ROLE_STYLES: Record<Role, string> = {
  organization_admin: 'border-transparent bg-amber-100 text-amber-900',
  admin: 'border-transparent bg-violet-100 text-violet-900',
  account_executive: 'border-transparent bg-sky-100 text-sky-900',
  developer: 'border-transparent bg-emerald-100 text-emerald-900',
};

export function MemberAvatar({ fullName, className }: { fullName: string; className?: string }) {
  return (
    <span
      aria-hidden
      className={cn('grid size-12 shrink-0 place-items-center rounded-full bg-primary text-base font-semibold text-primary-foreground', className)}
    >
      {memberInitials(fullName)}
    </span>
  );
}

export function RoleBadge({ role }: { role: Role }) {
  const t = useT('domain');
  return (
    <Badge variant="outline" className={ROLE_STYLES[role]}>
      <RoleIcon role={role} />
      {t(ROLE_LABELS[role])}
    </Badge>
  );
}

export function TagChip({ tag }: { tag: string }) {
  return (
    <span className="inline-flex max-w-full items-center truncate rounded-full border bg-muted/60 px-2.5 py-0.5 text-xs font-medium" title={tag}>
      {tag}
    </span>
  );
}
