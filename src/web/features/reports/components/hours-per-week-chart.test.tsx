// @vitest-environment jsdom
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { TIME_REPORT_TEXTS } from '@/domain/time-reports';
import { renderWithProviders } from '@/web/test/render-with-providers';
import { en } from '@/web/test/texts';
import { HoursPerWeekChart } from './hours-per-week-chart';

describe('HoursPerWeekChart (issue 49 item 8: one duration format)', () => {
  it('labels its axis and tells a screen reader its hours in h:mm, never decimal hours', async () => {
    await renderWithProviders(
      <HoursPerWeekChart
        weeks={[
          { weekStart: '2026-11-02', billableMinutes: 200, nonBillableMinutes: 30 },
          { weekStart: '2026-11-09', billableMinutes: 586, nonBillableMinutes: 0 },
        ]}
      />,
    );
    const chart = screen.getByRole('img', { name: new RegExp(en(TIME_REPORT_TEXTS.chartTitle)) });
    // 586 minutes at most: gridlines every 3 hours, written as durations.
    const ticks = [...chart.querySelectorAll('text')].map((tick) => tick.textContent);
    expect(ticks).toEqual(expect.arrayContaining(['0:00', '3:00', '6:00', '9:00']));
    expect(ticks.some((tick) => /\dh\b/.test(tick ?? ''))).toBe(false);
    const description = chart.querySelector('desc')?.textContent ?? '';
    expect(description).toBe(`${en(TIME_REPORT_TEXTS.chartSummary, { weeks: 2, hours: '13:36' })}. 2026-11-02: 3:20 + 0:30; 2026-11-09: 9:46 + 0:00`);
  });
});
