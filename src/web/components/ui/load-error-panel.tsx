import { errorMessage } from '@/web/lib/api-client';
import { Button } from './button';
import { UI_TEXTS } from './texts';

type Props = {
  /** The list's own failure text (spec 8, e.g. 'Failed to fetch projects'); the server's message follows. */
  title?: string;
  error: unknown;
  onRetry: () => void;
};

/** A list that failed to load: what went wrong and a Retry button, in place of the list. */
export function LoadErrorPanel({ title, error, onRetry }: Props) {
  return (
    <div role="alert" className="rounded-xl border border-destructive/40 bg-destructive/5 p-6 text-sm">
      {title ? (
        <>
          <p className="font-medium text-destructive">{title}</p>
          <p className="text-muted-foreground">{errorMessage(error)}</p>
        </>
      ) : (
        <p className="font-medium text-destructive">{errorMessage(error)}</p>
      )}
      <Button variant="outline" size="sm" className="mt-3" onClick={onRetry}>
        {UI_TEXTS.retry}
      </Button>
    </div>
  );
}
