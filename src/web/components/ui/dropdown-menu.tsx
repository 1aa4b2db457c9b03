// A menu button whose menu code (Radix's menu, its positioning and focus handling: about 20 KB
// gzip with what it brings) loads when a menu is first opened, or earlier on intent (hover, focus),
// instead of with the page: a page shows its menus' buttons, not their menus (decision 013).
// Until then the trigger is the same button with the same ARIA state, opening on the same keys and
// pointer press as Radix's; then the real menu takes its place, open. The API is Radix's.
import { Slot } from 'radix-ui';
import type { DropdownMenu as DropdownMenuPrimitive } from 'radix-ui';
import { createContext, useContext, useEffect, useState, type ComponentProps, type KeyboardEvent, type PointerEvent } from 'react';
import { lazyPage } from '@/web/lib/chunk-reload';

type Parts = typeof import('./dropdown-menu-parts');

let loaded: Parts | null = null;
let loading: Promise<Parts> | null = null;

/** Starts loading the menu code (once); a failure is retried on the next call. */
function loadParts(): Promise<Parts> {
  loading ??= lazyPage(() => import('./dropdown-menu-parts'))().then(
    (parts) => (loaded = parts),
    (error: unknown) => {
      loading = null;
      throw error;
    },
  );
  return loading;
}

const preload = () => void loadParts().catch(() => {});

const PartsContext = createContext<Parts | null>(null);
const ShellContext = createContext<(() => void) | null>(null);

export function DropdownMenu({ children, open, defaultOpen, onOpenChange, ...props }: ComponentProps<typeof DropdownMenuPrimitive.Root>) {
  const [parts, setParts] = useState<Parts | null>(loaded);
  const [openOnArrival, setOpenOnArrival] = useState(false);
  const wanted = open === true || defaultOpen === true || openOnArrival;
  useEffect(() => {
    if (parts || !wanted) return;
    let current = true;
    void loadParts().then((arrived) => current && setParts(arrived), () => current && setOpenOnArrival(false));
    return () => {
      current = false;
    };
  }, [parts, wanted]);

  if (parts) {
    return (
      <PartsContext.Provider value={parts}>
        <parts.DropdownMenuRoot open={open} defaultOpen={defaultOpen ?? openOnArrival} onOpenChange={onOpenChange} {...props}>
          {children}
        </parts.DropdownMenuRoot>
      </PartsContext.Provider>
    );
  }
  const requestOpen = () => {
    onOpenChange?.(true);
    setOpenOnArrival(true);
  };
  return <ShellContext.Provider value={requestOpen}>{children}</ShellContext.Provider>;
}

const OPEN_KEYS = ['Enter', ' ', 'ArrowDown'];

/**
 * Whether the menu opening now was opened from the keyboard. The WAI-ARIA menu pattern (and
 * Radix's intent) puts focus on the first item then, but Radix's menu left it on the menu itself
 * (its items register a render after the menu takes focus): DropdownMenuContent finishes the job.
 */
let openedByKeyboard = false;

export function DropdownMenuTrigger({ asChild, onPointerDown, onKeyDown, onPointerEnter, onFocus, ...props }: ComponentProps<typeof DropdownMenuPrimitive.Trigger>) {
  const parts = useContext(PartsContext);
  const requestOpen = useContext(ShellContext);
  if (parts) {
    return (
      <parts.DropdownMenuTrigger
        asChild={asChild}
        onPointerDown={(event) => {
          openedByKeyboard = false;
          onPointerDown?.(event);
        }}
        onKeyDown={(event) => {
          if (OPEN_KEYS.includes(event.key)) openedByKeyboard = true;
          onKeyDown?.(event);
        }}
        onPointerEnter={onPointerEnter}
        onFocus={onFocus}
        {...props}
      />
    );
  }
  const Button = asChild ? Slot.Root : 'button';
  return (
    <Button
      type={asChild ? undefined : 'button'}
      aria-haspopup="menu"
      aria-expanded={false}
      data-state="closed"
      {...props}
      // As Radix's trigger: a primary-button press without Ctrl opens, and so do Enter, Space and ArrowDown.
      onPointerDown={(event: PointerEvent<HTMLButtonElement>) => {
        openedByKeyboard = false;
        onPointerDown?.(event);
        if (event.defaultPrevented || props.disabled || event.button !== 0 || event.ctrlKey) return;
        event.preventDefault();
        requestOpen?.();
      }}
      onKeyDown={(event: KeyboardEvent<HTMLButtonElement>) => {
        onKeyDown?.(event);
        if (event.defaultPrevented || props.disabled || !OPEN_KEYS.includes(event.key)) return;
        openedByKeyboard = true;
        event.preventDefault();
        requestOpen?.();
      }}
      onPointerEnter={(event: PointerEvent<HTMLButtonElement>) => {
        onPointerEnter?.(event);
        preload();
      }}
      onFocus={(event) => {
        onFocus?.(event);
        preload();
      }}
    />
  );
}

/** The menu's content: nothing until the menu code has arrived (a closed menu shows none). */
export function DropdownMenuContent({ onFocus, ...props }: ComponentProps<typeof DropdownMenuPrimitive.Content>) {
  const parts = useContext(PartsContext);
  if (!parts) return null;
  return (
    <parts.DropdownMenuContent
      onFocus={(event) => {
        onFocus?.(event);
        const menu = event.currentTarget;
        if (!openedByKeyboard || event.target !== menu) return;
        openedByKeyboard = false;
        // Once Radix has had its go and the items have registered: the first item, if the focus
        // is still on the menu itself.
        requestAnimationFrame(() => {
          if (document.activeElement !== menu) return;
          menu.querySelector<HTMLElement>('[role^="menuitem"]:not([data-disabled])')?.focus();
        });
      }}
      {...props}
    />
  );
}

export function DropdownMenuItem(props: ComponentProps<Parts['DropdownMenuItem']>) {
  const parts = useContext(PartsContext);
  return parts ? <parts.DropdownMenuItem {...props} /> : null;
}

export function DropdownMenuSeparator(props: ComponentProps<typeof DropdownMenuPrimitive.Separator>) {
  const parts = useContext(PartsContext);
  return parts ? <parts.DropdownMenuSeparator {...props} /> : null;
}
