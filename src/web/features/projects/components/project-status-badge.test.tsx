// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { PROJECT_STATUSES } from '@/domain/project-status';
// The kit's English words (every part loaded), as renderWithProviders renders with.
import { en } from '@/web/test/texts';
import { activateLocale } from '@/web/lib/i18n';
import { renderWithProviders } from '@/web/test/render-with-providers';
import { PROJECTS_TEXTS } from '../texts';
import { ProjectStatusBadge } from './project-status-badge';

afterEach(async () => {
  cleanup();
  await act(() => activateLocale('en'));
});

describe('ProjectStatusBadge', () => {
  it("shows an overdue project one 'Overdue' badge, the red warning, read as the status (issue 49 item 17, issue 27)", () => {
    const { container } = render(<ProjectStatusBadge status="overdue" />);
    // There were two: the status badge and spec 2's extra 'Overdue' badge.
    expect(container.children).toHaveLength(1);
    expect(screen.getAllByText('Overdue')).toHaveLength(1);
    expect(screen.getByTestId('status-badge').textContent).toBe(`${en(PROJECTS_TEXTS.statusPrefix)}Overdue`);
    expect(screen.getByTestId('status-badge').className).toContain('bg-destructive');
    expect(screen.getByTestId('status-badge').querySelector('svg')).not.toBeNull();
  });

  it('reads every status as the status', () => {
    render(<ProjectStatusBadge status="on_hold" />);
    expect(screen.getByTestId('status-badge').textContent).toBe(`${en(PROJECTS_TEXTS.statusPrefix)}On Hold`);
  });

  it("says the status in the reader's language; the stored value stays the spec's word (issue 48)", async () => {
    await act(() => activateLocale('de'));
    await renderWithProviders(<ProjectStatusBadge status="on_hold" />);
    expect((await screen.findByTestId('status-badge')).textContent).toBe('Status: Pausiert');
  });

  it('shows one badge for every status', () => {
    for (const status of PROJECT_STATUSES) {
      const { container, unmount } = render(<ProjectStatusBadge status={status} />);
      expect(container.children).toHaveLength(1);
      unmount();
    }
  });
});
