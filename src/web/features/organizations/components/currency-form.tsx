import { Coins } from 'lucide-react';
import { BUDGET_TEXTS, updateCurrencySchema } from '@/domain/budgets';
import { formatMoney } from '@/web/lib/format-number';
import { Button } from '@/web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/web/components/ui/card';
import { FormField } from '@/web/components/ui/form-field';
import { Input } from '@/web/components/ui/input';
import { useSchemaForm } from '@/web/components/ui/schema-form';
import { notifyError, notifySuccess } from '@/web/lib/notify';
import { translate, useT } from '@/web/lib/i18n';
import { useChangeCurrency } from '../api';
import { ORGANIZATIONS_TEXTS } from '../texts';

/** Issue 32: the one currency of the organization's rates, budgets and reports (its admins). */
export function CurrencyForm({ currency }: { currency: string }) {
  const t = useT('organizations', 'domain');
  const change = useChangeCurrency();
  const form = useSchemaForm({ schema: updateCurrencySchema, defaultValues: { currency } });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit((values) => {
    change.mutate(values, {
      onSuccess: (saved) => {
        form.reset({ currency: saved.currency });
        notifySuccess(translate(BUDGET_TEXTS.currencySaved));
      },
      onError: (error) => notifyError(error, translate(BUDGET_TEXTS.currencySaveFailed)),
    });
  });

  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Coins className="size-5 text-primary" aria-hidden />
          {t(BUDGET_TEXTS.currencyLabel)}
        </CardTitle>
        <CardDescription>{t(BUDGET_TEXTS.currencyHint)}</CardDescription>
      </CardHeader>
      <CardContent>
        <form noValidate onSubmit={onSubmit} className="grid gap-4">
          <FormField label={t(ORGANIZATIONS_TEXTS.currencyCode)} error={errors.currency?.message} hint={t(ORGANIZATIONS_TEXTS.currencyExample, { sample: formatMoney(123450, currency) })} className="sm:max-w-48">
            <Input autoComplete="off" maxLength={3} className="uppercase" {...form.register('currency')} />
          </FormField>
          <Button type="submit" className="justify-self-start" loading={change.isPending} loadingText={t(ORGANIZATIONS_TEXTS.saving)}>
            {t(BUDGET_TEXTS.currencySave)}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
