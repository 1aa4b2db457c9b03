import { KeyRound, X } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/web/components/ui/button';
import { useRecoverySignIn } from '@/web/features/auth/recovery-sign-in';
import { TWO_FACTOR_CARD_HASH } from '@/web/features/two-factor/components/two-factor-card-anchor';
import { cn } from '@/web/lib/class-names';
import { useT } from '@/web/lib/i18n';
import { APP_TEXTS } from '../texts';

/** At or below this many recovery codes left, the notice sends the member to make new ones. */
export const FEW_RECOVERY_CODES = 3;

/**
 * Issue 49 item 21: after a sign-in with a recovery code, the first page says so and how many
 * codes are left; when few are, it offers Settings' Two-factor card, where new ones are made. It
 * stays until dismissed (or the member signs out); a reload does not bring it back.
 */
export function RecoverySignInNotice() {
  const { codesLeft, dismiss } = useRecoverySignIn();
  // Nothing to say (nearly always): no words to load either.
  if (codesLeft === null) return null;
  return <Notice codesLeft={codesLeft} onDismiss={dismiss} />;
}

function Notice({ codesLeft, onDismiss }: { codesLeft: number; onDismiss: () => void }) {
  const t = useT('app');
  const texts = APP_TEXTS.recoverySignIn;
  const few = codesLeft <= FEW_RECOVERY_CODES;
  return (
    <section
      aria-label={t(texts.label)}
      data-testid="recovery-sign-in-notice"
      className={cn(
        'mx-auto mt-4 flex max-w-6xl flex-col gap-3 rounded-lg border px-4 py-3 text-sm sm:flex-row sm:items-center sm:justify-between',
        few ? 'border-amber-300 bg-amber-50 text-amber-950' : 'bg-card',
      )}
    >
      <p className="flex items-start gap-2" role="status">
        <KeyRound className="mt-0.5 size-4 shrink-0" aria-hidden />
        <span>
          {t(texts.signedIn)} {codesLeft === 0 ? t(texts.noneLeft) : t(texts.codesLeft, { count: codesLeft })}
        </span>
      </p>
      <div className="flex shrink-0 items-center gap-2 self-end sm:self-auto">
        {few ? (
          <Link
            to={`/?tab=settings${TWO_FACTOR_CARD_HASH}`}
            onClick={onDismiss}
            className="inline-flex items-center justify-center rounded-md bg-amber-900 px-3 py-1.5 text-sm font-medium text-amber-50 outline-none hover:bg-amber-800 focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2"
          >
            {t(texts.makeNew)}
          </Link>
        ) : null}
        <Button type="button" variant="ghost" size="icon" className="size-8" onClick={onDismiss} aria-label={t(texts.dismiss)}>
          <X aria-hidden />
        </Button>
      </div>
    </section>
  );
}
