// Dialog behaviour every dialog shares (issue 14), for the Dialog and AlertDialog contents:
// - focus goes back to the control that opened the dialog when it closes (WCAG 2.4.3). Radix
//   does that only for its own Trigger; most of our dialogs open from state, so focus fell to
//   the page body;
// - a click on a toast (its close button) is not a click outside the dialog, so it neither closes
//   the dialog nor drops what was typed.
import { createElement, useRef, useState, type MutableRefObject } from 'react';

/** Sonner's toaster region; toasts render outside the dialog's portal. */
const TOASTER_SELECTOR = '[data-sonner-toaster]';

function focusedElement(): HTMLElement | null {
  return document.activeElement instanceof HTMLElement ? document.activeElement : null;
}

/**
 * Rendered first inside a dialog's content: reads what has focus while the content mounts,
 * before a field of it focuses itself (`autoFocus` runs in the same commit, ahead of Radix's
 * onOpenAutoFocus, which would then see the field instead of the opener).
 */
function RememberOpener({ into }: { into: MutableRefObject<HTMLElement | null> }) {
  useState(() => {
    into.current = focusedElement();
  });
  return null;
}

/**
 * Handlers for a dialog content's onOpenAutoFocus and onCloseAutoFocus (which gives focus back to
 * the opener, when it is still on the page), and `remember`, to render first inside the content.
 */
export function useOpenerFocus(handlers: { onOpenAutoFocus?: (event: Event) => void; onCloseAutoFocus?: (event: Event) => void }) {
  const opener = useRef<HTMLElement | null>(null);
  return {
    remember: createElement(RememberOpener, { into: opener }),
    onOpenAutoFocus: (event: Event) => {
      opener.current ??= focusedElement();
      handlers.onOpenAutoFocus?.(event);
    },
    onCloseAutoFocus: (event: Event) => {
      handlers.onCloseAutoFocus?.(event);
      const element = opener.current;
      opener.current = null;
      if (event.defaultPrevented || !element || element === document.body || !element.isConnected) return;
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
