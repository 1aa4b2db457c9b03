// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { en } from '@/web/test/texts';
import { APP_TEXTS } from '../texts';
import { TabUnavailable } from './dashboard-page';

afterEach(cleanup);

describe('TabUnavailable', () => {
  it('tells a user without access to a tab why, with the way back to Projects', () => {
    render(
      <MemoryRouter>
        <TabUnavailable tab="activities" />
      </MemoryRouter>,
    );
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(en(APP_TEXTS.tabUnavailable.forbiddenTitle));
    expect(screen.getByText(en(APP_TEXTS.tabUnavailable.forbiddenActivities))).toBeTruthy();
    expect(screen.getByRole('link', { name: en(APP_TEXTS.tabUnavailable.goToProjects) }).getAttribute('href')).toBe('/?tab=projects');
  });

  it('says a tab that does not exist is not found', () => {
    render(
      <MemoryRouter>
        <TabUnavailable tab={null} />
      </MemoryRouter>,
    );
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(en(APP_TEXTS.tabUnavailable.unknownTitle));
    expect(screen.getByText(en(APP_TEXTS.tabUnavailable.unknown))).toBeTruthy();
  });
});
