// Issue 49 item 11: after a refused submit the focus goes to the first field to fix, in the order
// on screen, for every form. A field to fix is one marked aria-invalid="true" (FormField marks its
// control; a questionnaire's group of choices marks its fieldset), so the helper needs nothing
// but the form's element, and a form that keeps its values in useState gets it as the kit does.
import { useCallback, useLayoutEffect, useRef, useState, type RefObject } from 'react';

const FOCUSABLE = 'input, select, textarea, button, [tabindex]:not([tabindex="-1"]), [contenteditable="true"]';

/** Whether the element can take the focus now: not disabled, not hidden from people. */
function canFocus(element: Element): element is HTMLElement {
  return element instanceof HTMLElement && !element.matches(':disabled') && !element.closest('[aria-hidden="true"], [inert]') && element.getAttribute('type') !== 'hidden';
}

/**
 * The first element in `root` marked invalid that can take the focus, in document order. A
 * group (a fieldset of choices) gives its first control that can: its checked one when it has one.
 */
export function firstInvalidControl(root: ParentNode): HTMLElement | null {
  for (const element of Array.from(root.querySelectorAll('[aria-invalid="true"]'))) {
    if (element.matches(FOCUSABLE)) {
      if (canFocus(element)) return element;
      continue;
    }
    const controls = Array.from(element.querySelectorAll(FOCUSABLE)).filter(canFocus);
    const target = controls.find((control) => control instanceof HTMLInputElement && control.checked) ?? controls[0];
    if (target) return target;
  }
  return null;
}

/** Focuses the first invalid field in `root` and scrolls it into view; false when there is none. */
export function focusFirstInvalid(root: ParentNode | null | undefined): boolean {
  if (!root) return false;
  const target = firstInvalidControl(root);
  if (!target) return false;
  target.focus({ preventScroll: true });
  // jsdom has no scrollIntoView.
  target.scrollIntoView?.({ block: 'center', behavior: 'smooth' });
  return document.activeElement === target;
}

/**
 * For a form that checks by hand: `ref` on its element (a <form>, or the block holding its
 * fields), and `focusFirstInvalidSoon()` called with the state change that shows its messages.
 * The focus moves once React has drawn them: the aria-invalid marks are there, and controls that
 * were disabled while a request was under way (a refusal of the server) are enabled again.
 */
export function useFocusFirstInvalid<T extends HTMLElement = HTMLFormElement>(): {
  ref: RefObject<T | null>;
  focusFirstInvalidSoon: () => void;
} {
  const ref = useRef<T>(null);
  const [request, setRequest] = useState(0);
  useLayoutEffect(() => {
    if (request > 0) focusFirstInvalid(ref.current);
  }, [request]);
  const focusFirstInvalidSoon = useCallback(() => setRequest((n) => n + 1), []);
  return { ref, focusFirstInvalidSoon };
}
