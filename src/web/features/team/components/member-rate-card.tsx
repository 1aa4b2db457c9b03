import { useMutation, useQueryClient } from '@tanstack/react-query';
import { BUDGET_TEXTS, memberRateFormSchema, moneyInputValue } from '@/domain/budgets';
import { formatMoney } from '@/web/lib/format-number';
import { outranks, type Role } from '@/domain/roles';
import type { TeamMember } from '@/domain/team';
import { NoRateSet } from '@/web/components/no-rate-set';
import { Button } from '@/web/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/web/components/ui/card';
import { Input } from '@/web/components/ui/input';
import { SchemaField, useSchemaForm } from '@/web/components/ui/schema-form';
import { api } from '@/web/lib/api-client';
import { translate, useT } from '@/web/lib/i18n';
import { notifyError, notifySuccess } from '@/web/lib/notify';
import { refreshAfterChange } from '@/web/lib/query-keys';
import { useOrganizationCurrency } from '@/web/lib/session';
import { TEAM_TEXTS } from '../texts';

/** Decision 006 as the server applies it: members ranked below; the organization admin also themselves. */
export function maySetRate(actor: { role: Role; profileId: string }, member: { id: string; role: Role }): boolean {
  if (member.id === actor.profileId) return actor.role === 'organization_admin';
  return outranks(actor.role, member.role);
}

/** Issue 32: a member's default hourly rate (the Team tab is staff's). */
export function MemberRateCard({ member, actor }: { member: TeamMember; actor: { role: Role; profileId: string } }) {
  const t = useT('team', 'domain');
  const currency = useOrganizationCurrency();
  const queryClient = useQueryClient();
  const rate = member.hourlyRateMinor ?? null;
  const form = useSchemaForm({ schema: memberRateFormSchema(currency), defaultValues: { rate: rate === null ? '' : moneyInputValue(rate, currency) } });
  const save = useMutation({
    mutationFn: (hourlyRateMinor: number | null) => api.put(`/api/team/${member.id}/rate`, { hourlyRateMinor }),
    // What the rate prices changes with it (the registry's list: budgets, the time report).
    onSuccess: () => refreshAfterChange(queryClient, 'memberRate'),
  });
  const editable = maySetRate(actor, member);

  const submit = form.handleSubmit(({ hourlyRateMinor }) => {
    save.mutate(hourlyRateMinor, { onSuccess: () => notifySuccess(translate(BUDGET_TEXTS.rateSaved)), onError: (e) => notifyError(e, translate(BUDGET_TEXTS.rateSaveFailed)) });
  });

  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-base">{t(BUDGET_TEXTS.memberRateLabel)}</CardTitle>
      </CardHeader>
      <CardContent className="text-sm">
        {editable ? (
          <form noValidate onSubmit={submit} className="grid gap-3">
            <SchemaField form={form} name="rate" label={`${t(BUDGET_TEXTS.memberRateLabel)} (${currency})`} hint={t(BUDGET_TEXTS.memberRateHint)}>
              <Input inputMode="decimal" />
            </SchemaField>
            <Button type="submit" size="sm" className="justify-self-start" loading={save.isPending} loadingText={t(TEAM_TEXTS.saveRate)}>
              {t(TEAM_TEXTS.saveRate)}
            </Button>
          </form>
        ) : (
          // Whoever reads this may not set this member's rate (an admin who may gets the form above), so no link.
          <p>{rate === null ? <NoRateSet linked={false} /> : t(TEAM_TEXTS.ratePerHour, { rate: formatMoney(rate, currency) })}</p>
        )}
      </CardContent>
    </Card>
  );
}
