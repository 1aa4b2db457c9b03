// Issue 32: hours per week as stacked bars (billable below, non-billable above), in plain SVG
// through the shared week chart's pieces (decision 037). Loaded only when the time report shows it.
import { formatMinutes } from '@/domain/time-entry-rules';
import { TIME_REPORT_TEXTS, type TimeReportWeeks } from '@/domain/time-reports';
import { axisLeft, ChartLegend, WeekChartSvg, WeekGrid, WeekLabels, weekScale } from '@/web/components/charts/week-chart';
import { useT } from '@/web/lib/i18n';

export function HoursPerWeekChart({ weeks }: { weeks: TimeReportWeeks['weeks'] }) {
  const t = useT('domain');
  const totals = weeks.map((w) => w.billableMinutes + w.nonBillableMinutes);
  const max = Math.max(60, ...totals);
  // Gridlines at whole hours, about four of them, labelled h:mm like every duration (issue 49 item 8).
  const stepHours = Math.max(1, Math.ceil(max / 60 / 4));
  const ticks = Array.from({ length: Math.floor(max / 60 / stepHours) + 1 }, (_, i) => ({ value: i * stepHours * 60, label: formatMinutes(i * stepHours * 60) }));
  const scale = weekScale(weeks.length, max, axisLeft(ticks.map((tick) => tick.label)));
  const allMinutes = totals.reduce((a, b) => a + b, 0);
  const description = `${t(TIME_REPORT_TEXTS.chartSummary, { weeks: weeks.length, hours: formatMinutes(allMinutes) })}. ${weeks
    .map((w) => `${w.weekStart}: ${formatMinutes(w.billableMinutes)} + ${formatMinutes(w.nonBillableMinutes)}`)
    .join('; ')}`;

  return (
    <figure className="grid gap-2">
      <WeekChartSvg id="hours-chart" scale={scale} title={t(TIME_REPORT_TEXTS.chartTitle)} description={description}>
        <WeekGrid scale={scale} ticks={ticks} />
        {weeks.map((w, i) => (
          <g key={w.weekStart}>
            <rect x={scale.barX(i)} width={scale.barWidth} y={scale.y(w.billableMinutes)} height={scale.y(0) - scale.y(w.billableMinutes)} className="fill-primary" />
            <rect
              x={scale.barX(i)}
              width={scale.barWidth}
              y={scale.y(w.billableMinutes + w.nonBillableMinutes)}
              height={scale.y(0) - scale.y(w.nonBillableMinutes)}
              className="fill-amber-400"
            />
          </g>
        ))}
        <WeekLabels scale={scale} weekStarts={weeks.map((w) => w.weekStart)} />
      </WeekChartSvg>
      <ChartLegend
        items={[
          { label: t(TIME_REPORT_TEXTS.chartBillable), swatchClassName: 'bg-primary' },
          { label: t(TIME_REPORT_TEXTS.chartNonBillable), swatchClassName: 'bg-amber-400' },
        ]}
      />
    </figure>
  );
}
