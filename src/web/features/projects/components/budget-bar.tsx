import { BUDGET_TEXTS } from '@/domain/budget-rules';
import type { BudgetUsage } from '@/domain/budgets';
import { cn } from '@/web/lib/class-names';
import { formatBudgetAmount, formatBudgetPercent } from '@/web/lib/format-number';
import { useT } from '@/web/lib/i18n';

/** Issue 32: spent against budget, as a bar and the figure (staff only: the server sends it to no one else). */
export function BudgetBar({ usage, currency, className }: { usage: BudgetUsage; currency: string; className?: string }) {
  const t = useT('domain');
  const spent = formatBudgetAmount(usage.kind, usage.spent, currency);
  const budget = formatBudgetAmount(usage.kind, usage.amount, currency);
  const percent = formatBudgetPercent(usage.percent);
  const tone = usage.percent >= 100 ? 'bg-destructive' : usage.percent >= 80 ? 'bg-amber-500' : 'bg-primary';
  return (
    <div className={cn('grid gap-1', className)} data-testid="budget-bar">
      <div className="flex items-baseline justify-between gap-2 text-xs">
        <span className="font-medium">{t(BUDGET_TEXTS.budgetTitle)}</span>
        <span className="text-muted-foreground" data-testid="budget-figure">
          {t(BUDGET_TEXTS.spentOf, { spent, budget })} · {percent}
        </span>
      </div>
      <div
        role="progressbar"
        aria-label={t(BUDGET_TEXTS.budgetTitle)}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={Math.min(usage.percent, 100)}
        aria-valuetext={`${t(BUDGET_TEXTS.spentOf, { spent, budget })}, ${percent}`}
        className="h-2 overflow-hidden rounded-full bg-muted"
      >
        <div className={cn('h-full rounded-full transition-[width]', tone)} style={{ width: `${Math.min(usage.percent, 100)}%` }} />
      </div>
    </div>
  );
}
