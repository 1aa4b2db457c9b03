import { errorMessage } from '@/web/lib/api-client';
import { useT } from '@/web/lib/i18n';
import { Button } from './button';
import { UI_TEXTS } from './texts';

type Props = {
  /** The list's own failure text (spec 8, e.g. 'Failed to fetch projects'); the server's message follows. */
  title?: string;
  error: unknown;
  onRetry: () => void;
  /**
   * One line under a picker whose choices failed to load (issue 49 item 3), rather than a block in
   * place of a list: the field stays, and does not pass for one with nothing to choose.
   */
  compact?: boolean;
};

/**
 * A list that failed to load: what went wrong and a Retry button, in place of the list. On the
 * card's white, not a red tint: the destructive red reads at 4.8:1 there, 4.2:1 on a 5% tint (axe).
 */
export function LoadErrorPanel({ title, error, onRetry, compact = false }: Props) {
  const t = useT();
  if (compact) {
    return (
      <div role="alert" className="flex w-full flex-wrap items-center gap-x-3 gap-y-1 text-sm">
        <p className="text-destructive">{title ? `${title} ${errorMessage(error)}` : errorMessage(error)}</p>
        <Button type="button" variant="outline" size="sm" onClick={onRetry}>
          {t(UI_TEXTS.retry)}
        </Button>
      </div>
    );
  }
  return (
    <div role="alert" className="rounded-xl border border-destructive/40 bg-card p-6 text-sm">
      {title ? (
        <>
          <p className="font-medium text-destructive">{title}</p>
          <p className="text-muted-foreground">{errorMessage(error)}</p>
        </>
      ) : (
        <p className="font-medium text-destructive">{errorMessage(error)}</p>
      )}
      <Button variant="outline" size="sm" className="mt-3" onClick={onRetry}>
        {t(UI_TEXTS.retry)}
      </Button>
    </div>
  );
}
