// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { PROJECT_STATUSES } from '@/domain/project-status';
import { ProjectStatusBadge } from './project-status-badge';

afterEach(cleanup);

describe('ProjectStatusBadge', () => {
  it("shows an overdue project's status badge and the extra 'Overdue' badge (spec 2)", () => {
    render(<ProjectStatusBadge status="overdue" />);
    expect(screen.getAllByText('Overdue')).toHaveLength(2);
    expect(screen.getByTestId('overdue-badge').textContent).toBe('Overdue');
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
