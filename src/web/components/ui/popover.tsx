import { Popover as PopoverPrimitive } from 'radix-ui';
import type { ComponentProps } from 'react';
import { cn } from '@/web/lib/class-names';

// Radix's popover (a non-modal dialog): Tab moves through what it holds, Escape or a click
// outside closes it and gives focus back to the trigger.
export const Popover = PopoverPrimitive.Root;
export const PopoverTrigger = PopoverPrimitive.Trigger;

// collisionPadding: on a phone the panel keeps a margin from the screen's edges instead of touching one.
export function PopoverContent({ className, sideOffset = 4, align = 'end', collisionPadding = 8, ...props }: ComponentProps<typeof PopoverPrimitive.Content>) {
  return (
    <PopoverPrimitive.Portal>
      <PopoverPrimitive.Content
        sideOffset={sideOffset}
        align={align}
        collisionPadding={collisionPadding}
        className={cn(
          'z-50 max-h-[var(--radix-popover-content-available-height)] overflow-y-auto rounded-md border bg-card shadow-lg outline-none data-[state=open]:animate-fade-in',
          className,
        )}
        {...props}
      />
    </PopoverPrimitive.Portal>
  );
}
