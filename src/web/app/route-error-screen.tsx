import { TriangleAlert } from 'lucide-react';
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { ROUTE_ERROR_TEXTS } from '@/web/components/texts';
import { Button } from '@/web/components/ui/button';
import { isChunkLoadError } from '@/web/lib/chunk-reload';
import { useT } from '@/web/lib/i18n';

/**
 * Any render or loading error below the router, in place of a blank page. Its words are core's
 * (components/texts.ts), loaded before the first render: it waits for no download.
 */
export function RouteErrorScreen({ error, onReload = () => window.location.reload() }: { error: unknown; onReload?: () => void }) {
  const t = useT();
  return (
    <div role="alert" className="flex min-h-dvh flex-col items-center justify-center gap-4 p-6 text-center">
      <TriangleAlert className="size-8 text-destructive" aria-hidden />
      <h1 className="text-lg font-medium">{t(ROUTE_ERROR_TEXTS.title)}</h1>
      <p className="max-w-md text-sm text-muted-foreground">
        {t(isChunkLoadError(error) ? ROUTE_ERROR_TEXTS.newVersion : ROUTE_ERROR_TEXTS.body)}
      </p>
      <Button onClick={onReload}>{t(ROUTE_ERROR_TEXTS.reload)}</Button>
    </div>
  );
}

type BoundaryProps = {
  /** The current path: going to another page clears the error, as the data router's errorElement did. */
  resetKey: string;
  onReload?: () => void;
  children: ReactNode;
};
type BoundaryState = { error: unknown; failedAt: string | null };

/** The root error boundary: a page's render error or a page chunk that would not load. */
export class RouteErrorBoundary extends Component<BoundaryProps, BoundaryState> {
  override state: BoundaryState = { error: null, failedAt: null };

  static getDerivedStateFromError(error: unknown): Partial<BoundaryState> {
    return { error };
  }

  static getDerivedStateFromProps(props: BoundaryProps, state: BoundaryState): Partial<BoundaryState> | null {
    if (state.failedAt === null) return state.error === null ? null : { failedAt: props.resetKey };
    return props.resetKey === state.failedAt ? null : { error: null, failedAt: null };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error(error, info.componentStack);
  }

  override render() {
    if (this.state.error !== null) return <RouteErrorScreen error={this.state.error} onReload={this.props.onReload} />;
    return this.props.children;
  }
}
