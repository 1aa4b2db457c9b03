// The pieces of a chart with one bar per week, in plain SVG (decision 037: lighter than any chart
// library, readable by screen readers through its title and description). Shared by the time
// report's hours per week and the project budget's burn-down; each is its own lazy chunk, and so
// is whatever of this they import.
import type { ReactNode } from 'react';

const WIDTH = 640;
const HEIGHT = 200;
const PAD = { top: 12, right: 8, bottom: 28 };

export type WeekScale = {
  width: number;
  height: number;
  left: number;
  right: number;
  /** The vertical position of a value (minutes, minor units) between 0 and the axis's top. */
  y: (value: number) => number;
  /** The left edge of the i-th week's bar, and the bars' width. */
  barX: (i: number) => number;
  barWidth: number;
};

// Axis text in the svg's own units: 10 on a wide screen; on a phone, where the chart shrinks to
// half its size, 16 so it stays readable (about 8 px).
const AXIS_TEXT = 'fill-muted-foreground text-[10px] max-sm:text-[16px]';

/** Room at the left for the longest gridline label at the phone's text size. */
export function axisLeft(labels: readonly string[]): number {
  return Math.max(40, 12 + 9 * Math.max(0, ...labels.map((l) => l.length)));
}

/** Places `count` weeks across the plot and values from 0 to `max` up it. */
export function weekScale(count: number, max: number, left = 40): WeekScale {
  const right = WIDTH - PAD.right;
  const plotH = HEIGHT - PAD.top - PAD.bottom;
  const band = (right - left) / Math.max(1, count);
  const barWidth = Math.max(2, Math.min(28, band * 0.7));
  return {
    width: WIDTH,
    height: HEIGHT,
    left,
    right,
    y: (value) => PAD.top + plotH - (value / Math.max(1, max)) * plotH,
    barX: (i) => left + i * band + (band - barWidth) / 2,
    barWidth,
  };
}

/** The svg itself: an image named by its title and described by `description`. */
export function WeekChartSvg({ id, scale, title, description, children }: { id: string; scale: WeekScale; title: string; description: string; children: ReactNode }) {
  return (
    <svg viewBox={`0 0 ${scale.width} ${scale.height}`} role="img" aria-labelledby={`${id}-title ${id}-desc`} className="h-auto w-full">
      <title id={`${id}-title`}>{title}</title>
      <desc id={`${id}-desc`}>{description}</desc>
      {children}
    </svg>
  );
}

/** Horizontal gridlines with their labels at the left. */
export function WeekGrid({ scale, ticks }: { scale: WeekScale; ticks: readonly { value: number; label: string }[] }) {
  return ticks.map((tick) => (
    <g key={tick.value}>
      <line x1={scale.left} x2={scale.right} y1={scale.y(tick.value)} y2={scale.y(tick.value)} className="stroke-border" strokeWidth={1} />
      <text x={scale.left - 6} y={scale.y(tick.value) + 4} textAnchor="end" className={AXIS_TEXT}>
        {tick.label}
      </text>
    </g>
  ));
}

/** The weeks' dates (MM-dd) under the bars, at most about eight of them. */
export function WeekLabels({ scale, weekStarts }: { scale: WeekScale; weekStarts: readonly string[] }) {
  const every = Math.ceil(weekStarts.length / 8);
  return weekStarts.map((weekStart, i) =>
    i % every === 0 ? (
      <text key={weekStart} x={scale.barX(i) + scale.barWidth / 2} y={scale.height - 5} textAnchor="middle" className={AXIS_TEXT}>
        {weekStart.slice(5)}
      </text>
    ) : null,
  );
}

/** The legend under a chart: a swatch (a square, or a line for a line) and a label each. */
export function ChartLegend({ items }: { items: readonly { label: string; swatchClassName: string; line?: boolean }[] }) {
  return (
    <figcaption className="flex flex-wrap gap-4 text-xs text-muted-foreground">
      {items.map((item) => (
        <span key={item.label} className="flex items-center gap-1.5">
          <span className={item.line ? `h-0.5 w-4 ${item.swatchClassName}` : `size-3 rounded-sm ${item.swatchClassName}`} aria-hidden />
          {item.label}
        </span>
      ))}
    </figcaption>
  );
}
