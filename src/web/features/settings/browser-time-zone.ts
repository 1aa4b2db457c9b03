// Issue 49 item 22: a member's digest follows their time zone, and nobody is asked for it. When a
// signed-in member's profile has none, the app sends this browser's once; a zone they chose (in
// Settings, or sent from another device first) is never overwritten.
import { useEffect } from 'react';
import type { Me } from '@/domain/auth';
import { canonicalTimeZone } from '@/domain/time-zone-rules';
import { useSetTimeZone } from './api';

/** Profiles this page has sent a zone for: once each, whatever mounts and answers follow. */
const sent = new Set<string>();

/** The browser's IANA time zone, or null when it gives none the server would take. */
export function browserTimeZone(): string | null {
  try {
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    return zone ? canonicalTimeZone(zone) : null;
  } catch {
    return null;
  }
}

export function useAdoptBrowserTimeZone(me: Me) {
  const { mutate } = useSetTimeZone();
  const { id, timeZone } = me.profile;
  useEffect(() => {
    if (timeZone !== null || sent.has(id)) return;
    const zone = browserTimeZone();
    if (!zone) return;
    sent.add(id);
    // Quietly: a failure leaves the digest at UTC's hour until the next page load tries again.
    mutate(zone, { onError: () => sent.delete(id) });
  }, [id, timeZone, mutate]);
}

/** Tests: forget what was sent. */
export function forgetSentTimeZones() {
  sent.clear();
}
