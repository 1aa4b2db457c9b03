// @vitest-environment jsdom
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { signedInMember } from '@/web/test/api-handlers';
import { renderWithProviders } from '@/web/test/render-with-providers';
import { en } from '@/web/test/texts';
import { PAGE_TEXTS } from './texts';
import { WelcomePage } from './welcome-page';

describe('WelcomePage', () => {
  it('links each first step to where it is done', async () => {
    const owner = signedInMember('organization_admin');
    await renderWithProviders(<WelcomePage />, {
      signedInAs: { ...owner, profile: { ...owner.profile, fullName: 'Jo Rivera' }, organization: { ...owner.organization, name: 'Studio Rivera' } },
    });
    const href = (name: RegExp) => screen.getByRole('link', { name }).getAttribute('href');
    expect(href(/Add your clients/)).toBe('/?tab=clients');
    expect(href(/Start a project/)).toBe('/?tab=projects');
    expect(href(/Bring in your team/)).toBe('/?tab=team');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(en(PAGE_TEXTS.welcome.greeting, { firstName: 'Jo' }));
  });
});
