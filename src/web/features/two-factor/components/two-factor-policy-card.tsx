import { useQuery } from '@tanstack/react-query';
import { ShieldAlert } from 'lucide-react';
import { useState } from 'react';
import { useWatch } from 'react-hook-form';
import { TWO_FACTOR_GRACE_DAYS, TWO_FACTOR_POLICIES, TWO_FACTOR_POLICY_MESSAGES, TWO_FACTOR_POLICY_TEXTS as TEXTS, twoFactorPolicyInputSchema, type TwoFactorPolicyState } from '@/domain/two-factor';
import { Button } from '@/web/components/ui/button';
import { Card, CardContent } from '@/web/components/ui/card';
import { LoadErrorPanel } from '@/web/components/ui/load-error-panel';
import { useSchemaForm } from '@/web/components/ui/schema-form';
import { SettingsCardHeader } from '@/web/components/ui/settings-card-header';
import { Skeleton } from '@/web/components/ui/skeleton';
import { formatDate } from '@/web/lib/format-date';
import { useT } from '@/web/lib/i18n';
import { notifySuccess } from '@/web/lib/notify';
import { twoFactorPolicyQuery, useSetTwoFactorPolicy } from '../api';

/**
 * Settings -> the organization's two-factor requirement (issue 31 item 2): the organization admin
 * chooses it; admins see it read-only. Under it, who it still waits for and until when.
 */
export function TwoFactorPolicyCard({ canChange }: { canChange: boolean }) {
  const t = useT('domain');
  const state = useQuery(twoFactorPolicyQuery);
  // Here, not in the form: the form is remade with the saved policy, and the save's own callbacks
  // (its toast) would go with it.
  const save = useSetTwoFactorPolicy();
  return (
    <Card data-testid="two-factor-policy-card">
      <SettingsCardHeader icon={ShieldAlert} title={t(TEXTS.title)} description={t(TEXTS.description, { days: TWO_FACTOR_GRACE_DAYS })} />
      <CardContent>
        {state.isError ? (
          <LoadErrorPanel title={t(TEXTS.loadFailed)} error={state.error} onRetry={() => void state.refetch()} />
        ) : !state.data ? (
          <Skeleton className="h-32 w-full" />
        ) : (
          // Keyed by the saved policy: a change saved elsewhere (another tab, a live update) resets the choice.
          <PolicyForm key={state.data.policy} state={state.data} canChange={canChange} save={save} />
        )}
      </CardContent>
    </Card>
  );
}

function PolicyForm({ state, canChange, save }: { state: TwoFactorPolicyState; canChange: boolean; save: ReturnType<typeof useSetTwoFactorPolicy> }) {
  const t = useT('domain');
  const form = useSchemaForm({ schema: twoFactorPolicyInputSchema, defaultValues: { policy: state.policy } });
  const choice = useWatch({ control: form.control, name: 'policy' });
  const onSubmit = form.handleSubmit(({ policy }) => {
    save.mutate(policy, { onSuccess: () => notifySuccess(t(TEXTS.saved)) });
  });
  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-4">
      <fieldset className="grid gap-2" disabled={!canChange || save.isPending}>
        <legend className="mb-2 text-sm font-medium">{t(TEXTS.label)}</legend>
        {TWO_FACTOR_POLICIES.map((policy) => (
          <label key={policy} className="flex items-start gap-2.5 text-sm has-[:disabled]:cursor-not-allowed">
            <input type="radio" value={policy} className="mt-0.5 size-4 shrink-0 accent-primary" {...form.register('policy')} />
            {t(TEXTS.options[policy])}
          </label>
        ))}
      </fieldset>
      <PolicyStatus state={state} />
      {canChange ? (
        <Button type="submit" className="justify-self-start" loading={save.isPending} loadingText={t(TEXTS.saving)} disabled={choice === state.policy}>
          {t(TEXTS.save)}
        </Button>
      ) : (
        <p className="text-sm text-muted-foreground">{t(TWO_FACTOR_POLICY_MESSAGES.onlyOrganizationAdmin)}</p>
      )}
    </form>
  );
}

/** The saved requirement's effect: members it applies to without it, and their deadline. */
function PolicyStatus({ state }: { state: TwoFactorPolicyState }) {
  // The time the card was shown at: a deadline passing while it is open changes one word.
  const t = useT('domain');
  const [shownAt] = useState(Date.now);
  if (state.policy === 'off') return null;
  const deadlinePassed = state.deadline !== null && new Date(state.deadline).getTime() <= shownAt;
  return (
    <div className="grid gap-1 rounded-md border bg-muted/40 p-3 text-sm" data-testid="two-factor-policy-status">
      <p className={state.membersWithout > 0 ? 'font-medium' : 'text-muted-foreground'}>{state.membersWithout === 0 ? t(TEXTS.membersWithoutNone) : t(TEXTS.membersWithout, { n: state.membersWithout })}</p>
      {state.deadline ? (
        <p className="text-muted-foreground">{t(deadlinePassed ? TEXTS.deadlinePassed : TEXTS.deadline, { when: formatDate(state.deadline) })}</p>
      ) : null}
    </div>
  );
}
