import type { ComponentProps } from 'react';
import { cn } from '@/web/lib/class-names';

/**
 * The browser's own select, in the app's look: for lists read page by page or of any length
 * (projects, tasks, members), where the keyboard's type-to-find and the platform's picker serve
 * best and nothing needs to load before it opens. Short fixed choices use Select or LazySelect.
 */
export function NativeSelect({ className, ...props }: ComponentProps<'select'>) {
  return (
    <select
      className={cn(
        // Never wider than its place: a long option (a project's name) would push the page sideways.
        'h-9 max-w-full min-w-0 rounded-md border bg-background px-2 text-sm outline-none focus-visible:ring-2 focus-visible:ring-ring',
        'disabled:cursor-not-allowed disabled:opacity-60',
        className,
      )}
      {...props}
    />
  );
}
