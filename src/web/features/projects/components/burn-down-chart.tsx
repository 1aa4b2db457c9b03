// Issue 32 (decision 037 addendum): the budget used by the end of each week since the project's
// first entry, as bars against the budget line, in plain SVG through the shared week chart's
// pieces. Screen readers get a summary (the svg's description) and a visually hidden table of
// every week. Its own lazy chunk: the budget card (staff only) loads it when there is a series.
import { useId } from 'react';
import { BURN_DOWN_TEXTS, burnDownAxis, burnDownPoints, burnDownSummary, burnDownTickLabel, type BurnDownWeek } from '@/domain/budget-burn-down';
import type { BudgetKind } from '@/domain/time-rules';
import { formatBudgetAmount, formatBudgetPercent } from '@/web/lib/format-number';
import { formatLocale } from '@/web/lib/formats';
import { useT } from '@/web/lib/i18n';
import { axisLeft, ChartLegend, WeekChartSvg, WeekGrid, WeekLabels, weekScale } from '@/web/components/charts/week-chart';

function tone(percent: number): string {
  return percent >= 100 ? 'fill-destructive' : percent >= 80 ? 'fill-amber-500' : 'fill-primary';
}

export function BurnDownChart({ weeks, kind, amount, currency }: { weeks: readonly BurnDownWeek[]; kind: BudgetKind; amount: number; currency: string }) {
  const t = useT('domain');
  const id = useId().replaceAll(':', '');
  const locale = formatLocale();
  const points = burnDownPoints(weeks, kind, amount);
  const axis = burnDownAxis(points, kind, amount, currency);
  const ticks = axis.ticks.map((value) => ({ value, label: burnDownTickLabel(kind, value, currency, locale) }));
  const scale = weekScale(points.length, axis.max, axisLeft(ticks.map((t) => t.label)));
  const budgetY = scale.y(amount);

  return (
    <figure className="grid gap-2" data-testid="burn-down-chart">
      <WeekChartSvg id={`burn-${id}`} scale={scale} title={t(BURN_DOWN_TEXTS.title)} description={burnDownSummary(points, kind, amount, currency, locale).map((sentence) => t(sentence)).join(' ')}>
        <WeekGrid scale={scale} ticks={ticks} />
        {points.map((p, i) => (
          <rect
            key={p.weekStart}
            data-testid="burn-down-bar"
            x={scale.barX(i)}
            width={scale.barWidth}
            y={scale.y(p.used)}
            height={scale.y(0) - scale.y(p.used)}
            className={tone(p.percent)}
          />
        ))}
        <line
          data-testid="burn-down-budget-line"
          x1={scale.left}
          x2={scale.right}
          y1={budgetY}
          y2={budgetY}
          className="stroke-foreground"
          strokeWidth={1.5}
          strokeDasharray="6 4"
        />
        <WeekLabels scale={scale} weekStarts={points.map((p) => p.weekStart)} />
      </WeekChartSvg>
      <ChartLegend
        items={[
          { label: t(BURN_DOWN_TEXTS.used), swatchClassName: 'bg-primary' },
          { label: t(BURN_DOWN_TEXTS.nearBudget), swatchClassName: 'bg-amber-500' },
          { label: t(BURN_DOWN_TEXTS.overBudget), swatchClassName: 'bg-destructive' },
          { label: `${t(BURN_DOWN_TEXTS.budgetLine)} (${formatBudgetAmount(kind, amount, currency)})`, swatchClassName: 'border-t-2 border-dashed border-foreground', line: true },
        ]}
      />
      <table className="sr-only">
        <caption>{t(BURN_DOWN_TEXTS.title)}</caption>
        <thead>
          <tr>
            <th scope="col">{t(BURN_DOWN_TEXTS.week)}</th>
            <th scope="col">{t(BURN_DOWN_TEXTS.used)}</th>
            <th scope="col">{t(BURN_DOWN_TEXTS.percent)}</th>
          </tr>
        </thead>
        <tbody>
          {points.map((p) => (
            <tr key={p.weekStart}>
              <th scope="row">{p.weekStart}</th>
              <td>{formatBudgetAmount(kind, p.used, currency)}</td>
              <td>{formatBudgetPercent(p.percent)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
