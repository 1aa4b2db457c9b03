import { TriangleAlert } from 'lucide-react';
import { useRouteError } from 'react-router';
import { Button } from '@/web/components/ui/button';
import { isChunkLoadError } from '@/web/lib/chunk-reload';

export const ROUTE_ERROR_TEXTS = {
  title: 'Something went wrong',
  body: 'This page ran into a problem. Reloading usually fixes it; your saved work is safe.',
  newVersion: 'A new version of Brieflane is available. Reload to continue.',
  reload: 'Reload',
} as const;

/** The router's root error element: any render or loading error, in place of the router's default. */
export function RouteErrorScreen({ onReload = () => window.location.reload() }: { onReload?: () => void }) {
  const error = useRouteError();
  if (error) console.error(error);
  return (
    <div role="alert" className="flex min-h-dvh flex-col items-center justify-center gap-4 p-6 text-center">
      <TriangleAlert className="size-8 text-destructive" aria-hidden />
      <h1 className="text-lg font-medium">{ROUTE_ERROR_TEXTS.title}</h1>
      <p className="max-w-md text-sm text-muted-foreground">
        {isChunkLoadError(error) ? ROUTE_ERROR_TEXTS.newVersion : ROUTE_ERROR_TEXTS.body}
      </p>
      <Button onClick={onReload}>{ROUTE_ERROR_TEXTS.reload}</Button>
    </div>
  );
}
