// Issue 32: hours per week as stacked bars (billable below, non-billable above), in plain SVG
// (decision 037: lighter than any chart library, and readable by screen readers through its
// table-like title and description). Loaded only when the time report shows it.
import { hoursValue } from '@/domain/budget-rules';
import { TIME_REPORT_TEXTS, type TimeReportWeeks } from '@/domain/time-reports';

const WIDTH = 640;
const HEIGHT = 200;
const PAD = { top: 12, right: 8, bottom: 28, left: 40 };

export function HoursPerWeekChart({ weeks }: { weeks: TimeReportWeeks['weeks'] }) {
  const totals = weeks.map((w) => w.billableMinutes + w.nonBillableMinutes);
  const max = Math.max(60, ...totals);
  // Gridlines at whole hours, about four of them.
  const stepHours = Math.max(1, Math.ceil(max / 60 / 4));
  const lines = Array.from({ length: Math.floor(max / 60 / stepHours) + 1 }, (_, i) => i * stepHours);
  const plotW = WIDTH - PAD.left - PAD.right;
  const plotH = HEIGHT - PAD.top - PAD.bottom;
  const y = (minutes: number) => PAD.top + plotH - (minutes / max) * plotH;
  const band = plotW / Math.max(1, weeks.length);
  const barW = Math.max(2, Math.min(28, band * 0.7));
  const allMinutes = totals.reduce((a, b) => a + b, 0);
  const labelEvery = Math.ceil(weeks.length / 8);

  return (
    <figure className="grid gap-2">
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-labelledby="hours-chart-title hours-chart-desc" className="h-auto w-full">
        <title id="hours-chart-title">{TIME_REPORT_TEXTS.chartTitle}</title>
        <desc id="hours-chart-desc">
          {TIME_REPORT_TEXTS.chartSummary(weeks.length, hoursValue(allMinutes))}.{' '}
          {weeks.map((w) => `${w.weekStart}: ${hoursValue(w.billableMinutes)} + ${hoursValue(w.nonBillableMinutes)} h`).join('; ')}
        </desc>
        {lines.map((h) => (
          <g key={h}>
            <line x1={PAD.left} x2={WIDTH - PAD.right} y1={y(h * 60)} y2={y(h * 60)} className="stroke-border" strokeWidth={1} />
            <text x={PAD.left - 6} y={y(h * 60) + 4} textAnchor="end" className="fill-muted-foreground text-[10px]">
              {h}h
            </text>
          </g>
        ))}
        {weeks.map((w, i) => {
          const x = PAD.left + i * band + (band - barW) / 2;
          return (
            <g key={w.weekStart}>
              <rect x={x} width={barW} y={y(w.billableMinutes)} height={y(0) - y(w.billableMinutes)} className="fill-primary" />
              <rect x={x} width={barW} y={y(w.billableMinutes + w.nonBillableMinutes)} height={y(0) - y(w.nonBillableMinutes)} className="fill-amber-400" />
              {i % labelEvery === 0 ? (
                <text x={x + barW / 2} y={HEIGHT - 10} textAnchor="middle" className="fill-muted-foreground text-[10px]">
                  {w.weekStart.slice(5)}
                </text>
              ) : null}
            </g>
          );
        })}
      </svg>
      <figcaption className="flex gap-4 text-xs text-muted-foreground">
        <span className="flex items-center gap-1.5">
          <span className="size-3 rounded-sm bg-primary" aria-hidden />
          {TIME_REPORT_TEXTS.chartBillable}
        </span>
        <span className="flex items-center gap-1.5">
          <span className="size-3 rounded-sm bg-amber-400" aria-hidden />
          {TIME_REPORT_TEXTS.chartNonBillable}
        </span>
      </figcaption>
    </figure>
  );
}
