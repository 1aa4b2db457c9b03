// Dialog behaviour every dialog shares (issue 14), for the Dialog and AlertDialog contents:
// - focus goes back to the control that opened the dialog when it closes (WCAG 2.4.3). Radix
//   does that only for its own Trigger; most of our dialogs open from state, so focus fell to
//   the page body;
// - a click on a toast (its close button) is not a click outside the dialog, so it neither closes
//   the dialog nor drops what was typed.
import { useCallback, useLayoutEffect, useRef } from 'react';

/** Sonner's toaster region; toasts render outside the dialog's portal. */
const TOASTER_SELECTOR = '[data-sonner-toaster]';

function focusedElement(): HTMLElement | null {
  return document.activeElement instanceof HTMLElement ? document.activeElement : null;
}

/**
 * The control to give focus back to: what has focus, or, for an item of a menu (which closes and
 * leaves the page as the dialog opens), the button that opened the menu. Radix labels a menu by
 * its trigger. A dialog whose code came before the click opens while the item still has focus.
 */
function openerElement(): HTMLElement | null {
  const focused = focusedElement();
  const triggerId = focused?.closest('[role="menu"]')?.getAttribute('aria-labelledby');
  return (triggerId ? document.getElementById(triggerId) : null) ?? focused;
}

/**
 * Rendered first inside a dialog's content: tells what has focus as the content mounts, before a
 * field of it focuses itself. React applies `autoFocus` in the same commit, after the layout
 * effects of earlier siblings and ahead of Radix's onOpenAutoFocus, which would see the field.
 */
export function RememberOpener({ onMount }: { onMount: () => void }) {
  useLayoutEffect(onMount, [onMount]);
  return null;
}

/**
 * Handlers for a dialog content's onOpenAutoFocus and onCloseAutoFocus (which gives focus back to
 * the opener, when it is still on the page), and `rememberOpener`, for a <RememberOpener> rendered
 * first inside the content.
 */
export function useOpenerFocus(handlers: {
  onOpenAutoFocus?: (event: Event) => void;
  onCloseAutoFocus?: (event: Event) => void;
  /**
   * Where focus goes when the opener is gone or was nothing (a dialog opened by its URL, or from a
   * popover that closed): e.g. the item the dialog was about.
   */
  fallbackFocus?: () => HTMLElement | null;
}) {
  const opener = useRef<HTMLElement | null>(null);
  const rememberOpener = useCallback(() => {
    opener.current = openerElement();
  }, []);
  return {
    rememberOpener,
    onOpenAutoFocus: (event: Event) => {
      opener.current ??= openerElement();
      handlers.onOpenAutoFocus?.(event);
    },
    onCloseAutoFocus: (event: Event) => {
      handlers.onCloseAutoFocus?.(event);
      const remembered = opener.current;
      opener.current = null;
      const usable = (element: HTMLElement | null | undefined) => element && element !== document.body && element.isConnected;
      const element = usable(remembered) ? remembered : handlers.fallbackFocus?.();
      if (event.defaultPrevented || !element || !usable(element)) return;
      event.preventDefault();
      element.focus();
    },
  };
}

export function keepOpenOnToast<E extends { target: EventTarget | null; preventDefault: () => void }>(handler?: (event: E) => void) {
  return (event: E) => {
    handler?.(event);
    const target = event.target;
    if (target instanceof Element && target.closest(TOASTER_SELECTOR)) event.preventDefault();
  };
}
