import { useT } from '@/web/lib/i18n';
import { LogOut } from 'lucide-react';
import { useNavigate } from 'react-router';
import { Button } from '@/web/components/ui/button';
import { useSignOut } from '../api';
import { AUTH_TEXTS } from '../texts';

export function SignOutButton({ compact, variant = 'outline' }: { compact?: boolean; variant?: 'outline' | 'ghost' }) {
  const t = useT();
  const signOut = useSignOut();
  const navigate = useNavigate();
  return (
    <Button
      variant={variant}
      size={compact ? 'icon' : 'default'}
      loading={signOut.isPending}
      aria-label={compact ? t(AUTH_TEXTS.signOut) : undefined}
      onClick={() => signOut.mutate(undefined, { onSuccess: () => navigate('/', { replace: true }) })}
    >
      {signOut.isPending ? null : <LogOut aria-hidden />}
      {compact ? null : t(AUTH_TEXTS.signOut)}
    </Button>
  );
}
