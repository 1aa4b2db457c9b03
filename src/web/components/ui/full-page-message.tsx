import { LoaderCircle } from 'lucide-react';

/** A centred status line such as spec 2's 'Loading...' while the session is restored. */
export function FullPageMessage({ children }: { children: string }) {
  return (
    <div role="status" aria-live="polite" className="flex min-h-dvh items-center justify-center gap-2 text-muted-foreground">
      <LoaderCircle className="size-5 animate-spin" aria-hidden />
      <span>{children}</span>
    </div>
  );
}
