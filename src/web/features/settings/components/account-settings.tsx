import { ShieldCheck } from 'lucide-react';
import type { ReactNode } from 'react';
import { ROLE_LABELS, type Role } from '@/domain/roles';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/web/components/ui/card';
import { RoleIcon } from '@/web/components/ui/role-icon';
import { useT } from '@/web/lib/i18n';
import { SETTINGS_TEXTS } from '../texts';

/** Spec 6: nobody changes their own role in Settings. */
export function AccountSettings({ role, signOut }: { role: Role; signOut: ReactNode }) {
  const t = useT('settings', 'domain');
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <ShieldCheck className="size-5 text-primary" aria-hidden />
          {t(SETTINGS_TEXTS.accountTitle)}
        </CardTitle>
        <CardDescription>{t(SETTINGS_TEXTS.accountDescription)}</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
        <div className="grid gap-1">
          <p className="text-sm font-medium text-muted-foreground">{t(SETTINGS_TEXTS.role)}</p>
          <p className="flex items-center gap-2 font-medium" data-testid="account-role">
            <RoleIcon role={role} className="size-4 text-primary" />
            {t(ROLE_LABELS[role])}
          </p>
          <p className="text-sm text-muted-foreground">{t(SETTINGS_TEXTS.contactAdmin)}</p>
        </div>
        {signOut}
      </CardContent>
    </Card>
  );
}
