import { useEffect, useState, useSyncExternalStore } from 'react';
import { createPortal } from 'react-dom';
import { Toaster as Sonner } from 'sonner';
import { onNotice } from '@/web/lib/notify';

/** Tailwind's `sm` breakpoint: below it the screen is a phone's, and toasts span its width. */
const PHONE_QUERY = '(max-width: 639px)';
/** How long a success stays up: shorter on a phone, where a toast covers a good part of the screen (issue 27). */
const PHONE_DURATION_MS = 2500;
const DURATION_MS = 4000;
/**
 * Where toasts stack at the bottom (sonner: 16 px / 24 px from the edges, three toasts about 64 px
 * tall, fanned out a little), the band a focused control must stay clear of.
 */
const TOAST_BAND = { height: 130, width: 400 } as const;

// Without matchMedia (jsdom in the component tests) the screen counts as wide.
function subscribePhone(onChange: () => void): () => void {
  const query = window.matchMedia?.(PHONE_QUERY);
  query?.addEventListener('change', onChange);
  return () => query?.removeEventListener('change', onChange);
}
const isPhone = () => window.matchMedia?.(PHONE_QUERY).matches ?? false;

/** Space between a header toasts keep clear of and the first toast under it. */
const BELOW_HEADER_GAP = 8;

/**
 * How far from the top toasts at the top must start: under any open header marked
 * `data-toasts-below` (a task panel's title, Follow and Close: issue 49 item 9), or sonner's own
 * offset (undefined) when there is none.
 */
function topClearOfHeaders(): number | undefined {
  let bottom = 0;
  for (const header of document.querySelectorAll('[data-toasts-below]')) {
    const rect = header.getBoundingClientRect();
    if (rect.height > 0) bottom = Math.max(bottom, rect.bottom);
  }
  return bottom > 0 ? Math.ceil(bottom) + BELOW_HEADER_GAP : undefined;
}

type ToastPlace = { side: 'top' | 'bottom'; top?: number };

/**
 * Toasts sit at the bottom (bottom right from 640 px up) so they leave the top bar alone, unless
 * the control that has focus is under that band: then they sit at the top, never over it
 * (issue 27), and under an open panel's header (issue 49 item 9). Decided when a notice is sent
 * and whenever focus moves.
 */
function useToastPlace(phone: boolean): ToastPlace {
  const [place, setPlace] = useState<ToastPlace>({ side: 'bottom' });
  useEffect(() => {
    const decide = () => {
      const focused = document.activeElement;
      if (!(focused instanceof HTMLElement) || focused === document.body || focused.closest('[data-sonner-toaster]')) return;
      const rect = focused.getBoundingClientRect();
      const underBand = rect.bottom > window.innerHeight - TOAST_BAND.height && (phone || rect.right > window.innerWidth - TOAST_BAND.width);
      const top = underBand ? topClearOfHeaders() : undefined;
      setPlace((was) => (was.side === (underBand ? 'top' : 'bottom') && was.top === top ? was : { side: underBand ? 'top' : 'bottom', top }));
    };
    decide();
    document.addEventListener('focusin', decide);
    const stopListening = onNotice(decide);
    return () => {
      document.removeEventListener('focusin', decide);
      stopListening();
    };
  }, [phone]);
  return place;
}

/**
 * App-wide toasts. Error toasts use the destructive colours (spec 8). Rendered into the body,
 * beside any open dialog rather than in the page a modal dialog makes inert: there they stay
 * clickable (the modal sets `pointer-events: none` on the body, hence `auto` here) and their
 * live region is not hidden from screen readers (issue 27).
 */
export function Toaster() {
  const phone = useSyncExternalStore(subscribePhone, isPhone, () => false);
  const { side, top } = useToastPlace(phone);
  const offset = top === undefined ? undefined : { top };
  return createPortal(
    <Sonner
      position={side === 'top' ? (phone ? 'top-center' : 'top-right') : phone ? 'bottom-center' : 'bottom-right'}
      offset={offset}
      mobileOffset={offset}
      richColors
      closeButton
      duration={phone ? PHONE_DURATION_MS : DURATION_MS}
      style={{ pointerEvents: 'auto' }}
      toastOptions={{ classNames: { toast: 'font-sans', title: 'font-semibold', description: 'text-sm' } }}
    />,
    document.body,
  );
}
