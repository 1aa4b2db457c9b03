import { ShieldAlert } from 'lucide-react';
import { TWO_FACTOR_POLICY_TEXTS as TEXTS } from '@/domain/two-factor-policy-rules';
import { Logo } from '@/web/components/ui/logo';
import { SignOutButton } from '@/web/features/auth/components/sign-out-button';
import { TwoFactorCard } from '@/web/features/two-factor/components/two-factor-card';
import { useDocumentTitle } from '@/web/lib/document-title';
import { useT } from '@/web/lib/i18n';
import { useSignedInMe } from '@/web/lib/session';

/**
 * Issue 31 item 2: a member past the organization's deadline without two-factor may only set it
 * up (the server refuses the rest, 403 two_factor_enrolment_required). The gate shows this at any
 * address instead of the page; once the card has turned it on, Me is read again and the page opens.
 */
export function TwoFactorRequiredPage() {
  const t = useT('domain');
  const me = useSignedInMe();
  useDocumentTitle(t(TEXTS.blockedTitle));
  return (
    <div className="min-h-dvh">
      <header className="flex h-16 items-center justify-between gap-3 border-b bg-card px-3 sm:px-6">
        <Logo />
        <SignOutButton variant="ghost" />
      </header>
      <main className="mx-auto grid max-w-3xl gap-6 px-4 pt-10 pb-10 sm:px-6" data-testid="two-factor-required">
        <div className="grid gap-2">
          <h1 className="flex items-center gap-2 text-2xl font-semibold tracking-tight sm:text-3xl">
            <ShieldAlert className="size-7 shrink-0 text-primary" aria-hidden />
            {t(TEXTS.blockedTitle)}
          </h1>
          <p className="text-muted-foreground">{t(TEXTS.blockedDescription)}</p>
        </div>
        <TwoFactorCard email={me.user.email} />
      </main>
    </div>
  );
}
