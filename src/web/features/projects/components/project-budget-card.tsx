import { useQuery } from '@tanstack/react-query';
import { Suspense } from 'react';
import { useWatch } from 'react-hook-form';
import { BURN_DOWN_TEXTS } from '@/domain/budget-burn-down';
import {
  BUDGET_TEXTS,
  hoursValue,
  moneyInputValue,
  projectBudgetFormSchema,
  type ProjectBudgetDetail,
  type ProjectBudgetForm,
} from '@/domain/budgets';
import { formatMinutes } from '@/domain/time-entry-rules';
import { formatMoney } from '@/web/lib/format-number';
import { BUDGET_KINDS } from '@/domain/time-rules';
import { Button } from '@/web/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/web/components/ui/card';
import { NoRateSet } from '@/web/components/no-rate-set';
import { Input } from '@/web/components/ui/input';
import { LoadErrorPanel } from '@/web/components/ui/load-error-panel';
import { SchemaField, useSchemaForm } from '@/web/components/ui/schema-form';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/web/components/ui/select';
import { Skeleton } from '@/web/components/ui/skeleton';
import { translate, useT } from '@/web/lib/i18n';
import { lazyComponent } from '@/web/lib/lazy-component';
import { notifyError, notifySuccess } from '@/web/lib/notify';
import { projectBudgetQuery, useSetProjectBudget } from '../api';
import { BudgetBar } from './budget-bar';

// Its own chunk (decision 013): only staff with a budgeted project ever load it.
const BurnDownChart = lazyComponent(async () => (await import('./burn-down-chart')).BurnDownChart);

function formOf(detail: ProjectBudgetDetail): ProjectBudgetForm {
  return {
    rate: detail.hourlyRateMinor === null ? '' : moneyInputValue(detail.hourlyRateMinor, detail.currency),
    kind: detail.budgetKind ?? 'none',
    // The hours field keeps decimal hours ("37.5"): it is typed and read back by parseHours, which
    // takes a number of hours, not a duration (issue 49 item 8 leaves inputs' values as typed).
    amount: detail.budgetAmount === null ? '' : detail.budgetKind === 'hours' ? hoursValue(detail.budgetAmount) : moneyInputValue(detail.budgetAmount, detail.currency),
  };
}

/** Issue 32: the project's budget, spent against it, and staff's form for its rate and budget. */
export function ProjectBudgetCard({ projectId }: { projectId: string }) {
  const t = useT('domain');
  const budget = useQuery(projectBudgetQuery(projectId));
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t(BUDGET_TEXTS.budgetTitle)}</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-4">
        {budget.isPending ? (
          <Skeleton className="h-24" />
        ) : budget.isError ? (
          <LoadErrorPanel title={t(BUDGET_TEXTS.loadFailed)} error={budget.error} onRetry={() => void budget.refetch()} />
        ) : (
          <BudgetPanel detail={budget.data} projectId={projectId} />
        )}
      </CardContent>
    </Card>
  );
}

function BudgetPanel({ detail, projectId }: { detail: ProjectBudgetDetail; projectId: string }) {
  const t = useT('domain');
  const save = useSetProjectBudget(projectId);
  const form = useSchemaForm({ schema: projectBudgetFormSchema(detail.currency), defaultValues: formOf(detail) });
  const kind = useWatch({ control: form.control, name: 'kind' });

  const submit = form.handleSubmit((budget) => {
    save.mutate(budget, {
      onSuccess: () => notifySuccess(translate(BUDGET_TEXTS.saved)),
      onError: (error) => notifyError(error, translate(BUDGET_TEXTS.saveFailed)),
    });
  });

  return (
    <>
      {detail.usage ? <BudgetBar usage={detail.usage} currency={detail.currency} /> : <p className="text-sm text-muted-foreground">{t(BUDGET_TEXTS.noBudget)}</p>}
      <p className="text-sm text-muted-foreground" data-testid="budget-spent">
        {formatMinutes(detail.spentMinutes)} · {detail.spentMinor === null ? <NoRateSet /> : formatMoney(detail.spentMinor, detail.currency)}
      </p>
      {detail.usage && detail.burnDown.length > 0 ? (
        <Suspense fallback={<Skeleton className="h-48" aria-label={t(BURN_DOWN_TEXTS.loading)} />}>
          <BurnDownChart weeks={detail.burnDown} kind={detail.usage.kind} amount={detail.usage.amount} currency={detail.currency} />
        </Suspense>
      ) : null}
      <form noValidate onSubmit={submit} className="grid gap-4 sm:grid-cols-3 sm:items-start">
        <SchemaField form={form} name="rate" label={t(BUDGET_TEXTS.rateLabel)} hint={t(BUDGET_TEXTS.rateHint)}>
          <Input inputMode="decimal" />
        </SchemaField>
        <SchemaField form={form} name="kind" label={t(BUDGET_TEXTS.kindLabel)}>
          {(field) => (
            <Select value={field.value} onValueChange={field.onChange}>
              <SelectTrigger ref={field.ref} aria-label={t(BUDGET_TEXTS.kindLabel)}>
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                {(['none', ...BUDGET_KINDS] as const).map((kind) => (
                  <SelectItem key={kind} value={kind}>
                    {t(BUDGET_TEXTS.kinds[kind])}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          )}
        </SchemaField>
        {kind !== 'none' ? (
          <SchemaField form={form} name="amount" label={kind === 'hours' ? t(BUDGET_TEXTS.amountHoursLabel) : `${t(BUDGET_TEXTS.amountMoneyLabel)} (${detail.currency})`}>
            <Input inputMode="decimal" />
          </SchemaField>
        ) : null}
        <div className="sm:col-span-3">
          <Button type="submit" loading={save.isPending} loadingText={t(BUDGET_TEXTS.save)}>
            {t(BUDGET_TEXTS.save)}
          </Button>
        </div>
      </form>
    </>
  );
}
