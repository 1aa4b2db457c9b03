import { cn } from '@/web/lib/class-names';
import { UI_TEXTS } from './texts';

/** The Brieflane mark and word. */
export function Logo({ className, compact }: { className?: string; compact?: boolean }) {
  return (
    <span className={cn('inline-flex items-center gap-2 font-semibold tracking-tight', className)}>
      <span aria-hidden className="grid size-8 place-items-center rounded-lg bg-gradient-to-br from-primary to-fuchsia-500 text-sm font-bold text-primary-foreground shadow-sm">
        B
      </span>
      {compact ? <span className="sr-only">{UI_TEXTS.appName}</span> : <span className="text-lg">{UI_TEXTS.appName}</span>}
    </span>
  );
}
