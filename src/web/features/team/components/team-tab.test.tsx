// @vitest-environment jsdom
import { en } from '@/web/test/texts';
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { TeamMember } from '@/domain/team';
import { UI_TEXTS } from '@/web/components/ui/texts';
import { teamApi } from '@/web/test/api-handlers';
import { apiError, apiServer } from '@/web/test/api-server';
import { renderWithProviders } from '@/web/test/render-with-providers';
import { TEAM_TEXTS } from '../texts';
import { TeamTab } from './team-tab';

const dana: TeamMember = {
  id: 'dev-1',
  fullName: 'Dana Developer',
  email: 'dana@example.com',
  role: 'developer',
  website: null,
  tags: ['Design'],
  canSignIn: true,
  createdAt: '2026-11-01T10:00:00.000Z',
};

describe('The Team tab', () => {
  it('says skills that failed to load failed, with Retry, rather than offering no skill to filter by (issue 49 item 3)', async () => {
    let down = true;
    apiServer.use(teamApi.list([dana]), teamApi.tags(() => (down ? apiError(503, 'service_unavailable', 'The database is not reachable.') : { items: ['Design'], nextCursor: null })));
    await renderWithProviders(<TeamTab />, { signedInAs: 'admin' });
    const skills = await screen.findByRole('group', { name: en(TEAM_TEXTS.skillFilter) });
    const alert = await within(skills).findByRole('alert');
    expect(alert.textContent).toContain(en(TEAM_TEXTS.skillsLoadFailed));
    expect(alert.textContent).toContain('The database is not reachable.');

    down = false;
    fireEvent.click(within(alert).getByRole('button', { name: en(UI_TEXTS.retry) }));
    expect(await within(skills).findByRole('button', { name: 'Design' })).toBeTruthy();
    expect(within(skills).queryByRole('alert')).toBeNull();
  });
});
