// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { TabUnavailable } from './dashboard-page';

afterEach(cleanup);

describe('TabUnavailable', () => {
  it('tells a user without access to a tab why, with the way back to Projects', () => {
    render(
      <MemoryRouter>
        <TabUnavailable tab="activities" />
      </MemoryRouter>,
    );
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('No access');
    expect(screen.getByText("You don't have permission to view activity logs.")).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to Projects' }).getAttribute('href')).toBe('/?tab=projects');
  });

  it('says a tab that does not exist is not found', () => {
    render(
      <MemoryRouter>
        <TabUnavailable tab={null} />
      </MemoryRouter>,
    );
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Page not found');
    expect(screen.getByText('There is no such page in Brieflane.')).toBeTruthy();
  });
});
