// Where the banner's Set Up Now leads: Settings with the Two-factor card scrolled into view and
// focused. Apart from the card, so that the banner (in every page's first download) does not
// import it.
import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';

export const TWO_FACTOR_CARD_ID = 'two-factor';
export const TWO_FACTOR_CARD_HASH = `#${TWO_FACTOR_CARD_ID}`;

/**
 * A ref for the card: when the location's hash names it, it is scrolled into view and focused,
 * once per navigation (the router does not scroll to a hash itself).
 */
export function useTwoFactorCardAnchor<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  const { hash, key } = useLocation();
  useEffect(() => {
    if (hash !== TWO_FACTOR_CARD_HASH || !ref.current) return;
    ref.current.scrollIntoView?.({ block: 'start' });
    ref.current.focus({ preventScroll: true });
  }, [hash, key]);
  return ref;
}
