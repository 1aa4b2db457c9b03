import { loadTexts, useT } from '@/web/lib/i18n';
import { SIGNED_OUT_TEXTS } from '@/web/lib/session';
import { LogOut } from 'lucide-react';
import { useNavigate } from 'react-router';
import { Button } from '@/web/components/ui/button';
import { useSignOut } from '../api';
import { CORE_TEXTS } from '@/web/components/texts';

export function SignOutButton({ compact, variant = 'outline' }: { compact?: boolean; variant?: 'outline' | 'ghost' }) {
  const t = useT();
  const signOut = useSignOut();
  const navigate = useNavigate();
  return (
    <Button
      variant={variant}
      size={compact ? 'icon' : 'default'}
      loading={signOut.isPending}
      aria-label={compact ? t(CORE_TEXTS.signOut) : undefined}
      onClick={() => {
        // The sign-in screen comes next: its words download beside the request.
        void loadTexts(...SIGNED_OUT_TEXTS);
        signOut.mutate(undefined, { onSuccess: () => navigate('/', { replace: true }) });
      }}
    >
      {signOut.isPending ? null : <LogOut aria-hidden />}
      {compact ? null : t(CORE_TEXTS.signOut)}
    </Button>
  );
}
