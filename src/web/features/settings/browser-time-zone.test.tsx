// @vitest-environment jsdom
// Issue 49 item 22: a signed-in member without a time zone gets the browser's, sent once, unasked.
import { afterEach, describe, expect, it } from 'vitest';
import type { Me } from '@/domain/auth';
import { settingsApi, signedInMember } from '@/web/test/api-handlers';
import { apiServer, requestsArrived, sentRequests } from '@/web/test/api-server';
import { renderWithProviders } from '@/web/test/render-with-providers';
import { waitFor } from '@testing-library/react';
import { browserTimeZone, forgetSentTimeZones, useAdoptBrowserTimeZone } from './browser-time-zone';

const member = signedInMember('developer');
const inZone = (timeZone: string | null): Me => ({ ...member, profile: { ...member.profile, timeZone } });

function Adopt({ me }: { me: Me }) {
  useAdoptBrowserTimeZone(me);
  return null;
}

afterEach(() => forgetSentTimeZones());

describe('the browser’s time zone', () => {
  it('is sent once for a member whose profile has none', async () => {
    const zone = browserTimeZone();
    expect(zone).toBeTruthy();
    apiServer.use(settingsApi.setTimeZone(inZone(zone)));
    const view = await renderWithProviders(<Adopt me={inZone(null)} />, { signedInAs: inZone(null) });
    await waitFor(() => expect(sentRequests.filter((r) => r.method === 'PUT')).toHaveLength(1));
    expect(sentRequests.find((r) => r.method === 'PUT')).toMatchObject({ path: '/api/settings/time-zone', body: { timeZone: zone } });
    // Another page of the app, before /api/me has the zone: not again.
    view.rerender(<Adopt me={inZone(null)} />);
    view.unmount();
    await renderWithProviders(<Adopt me={inZone(null)} />, { signedInAs: inZone(null) });
    await requestsArrived();
    expect(sentRequests.filter((r) => r.method === 'PUT')).toHaveLength(1);
  });

  it('is never sent over a zone the member has', async () => {
    await renderWithProviders(<Adopt me={inZone('Pacific/Auckland')} />, { signedInAs: inZone('Pacific/Auckland') });
    await requestsArrived();
    expect(sentRequests.filter((r) => r.method === 'PUT')).toEqual([]);
  });
});
