import { ChevronRight } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { cn } from '@/web/lib/class-names';
import { useT } from '@/web/lib/i18n';
import { UI_TEXTS } from './texts';

export type Crumb = {
  label: string;
  /** A crumb without `to` is plain text; the last crumb is the current page. */
  to?: string;
};

/**
 * 'Projects › Client › Project': where a page sits, the last crumb being the page itself
 * (aria-current). Long names truncate rather than push the row past a phone's width.
 */
export function Breadcrumbs({ items, className }: { items: Crumb[]; className?: string }) {
  const t = useT();
  return (
    <nav aria-label={t(UI_TEXTS.breadcrumb)} className={className}>
      <ol className="flex min-w-0 items-center gap-1.5 text-sm text-muted-foreground">
        {items.map((item, index) => {
          const last = index === items.length - 1;
          let content: ReactNode;
          if (last) {
            content = (
              <span aria-current="page" className="block truncate font-medium text-foreground">
                {item.label}
              </span>
            );
          } else if (item.to) {
            content = (
              <Link
                to={item.to}
                className="block truncate rounded-sm underline-offset-4 outline-none hover:text-foreground hover:underline focus-visible:ring-2 focus-visible:ring-ring"
              >
                {item.label}
              </Link>
            );
          } else {
            content = <span className="block truncate">{item.label}</span>;
          }
          return (
            // The first crumb keeps its width; the others share what is left, truncating.
            <li key={index} className={cn('flex min-w-0 items-center gap-1.5', index === 0 && 'shrink-0')}>
              {index > 0 ? <ChevronRight className="size-3.5 shrink-0" aria-hidden /> : null}
              {content}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
