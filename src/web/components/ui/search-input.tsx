import { Search } from 'lucide-react';
import type { ComponentProps } from 'react';
import { cn } from '@/web/lib/class-names';
import { Input } from './input';

/** A search box with its magnifier; give it an aria-label naming what it searches. */
export function SearchInput({ className, ...props }: Omit<ComponentProps<'input'>, 'type'>) {
  return (
    <div className={cn('relative', className)}>
      <Search className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground" aria-hidden />
      <Input type="search" className="pl-9" {...props} />
    </div>
  );
}
