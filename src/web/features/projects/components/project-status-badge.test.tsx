// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { PROJECT_STATUSES } from '@/domain/project-status';
import { ProjectStatusBadge } from './project-status-badge';

afterEach(cleanup);

describe('ProjectStatusBadge', () => {
  it("shows an overdue project's status badge and the extra 'Overdue' badge (spec 2); the first reads as the status (issue 27)", () => {
    render(<ProjectStatusBadge status="overdue" />);
    // Screen readers heard 'Overdue Overdue'.
    expect(screen.getByTestId('status-badge').textContent).toBe('Status: Overdue');
    expect(screen.getByTestId('overdue-badge').textContent).toBe('Overdue');
  });

  it('reads every status as the status', () => {
    render(<ProjectStatusBadge status="on_hold" />);
    expect(screen.getByTestId('status-badge').textContent).toBe('Status: On Hold');
  });

  it('shows one badge for every other status', () => {
    for (const status of PROJECT_STATUSES.filter((s) => s !== 'overdue')) {
      const { container, unmount } = render(<ProjectStatusBadge status={status} />);
      expect(container.children).toHaveLength(1);
      expect(screen.queryByTestId('overdue-badge')).toBeNull();
      unmount();
    }
  });
});
