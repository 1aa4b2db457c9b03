import { CheckCircle2, Copy, RefreshCw } from 'lucide-react';
import type { SsoDomainState } from '@/domain/sso';
import { Badge } from '@/web/components/ui/badge';
import { Button } from '@/web/components/ui/button';
import { Input } from '@/web/components/ui/input';
import { copyText } from '@/web/lib/copy-text';
import { formatDateTime } from '@/web/lib/format-date';
import { useT } from '@/web/lib/i18n';
import { notifyError, notifySuccess } from '@/web/lib/notify';
import { useCheckSsoDomain } from '../api';
import { SSO_TEXTS as TEXTS } from '../texts';

/**
 * Issue 46: each saved domain's proof. A domain acts only once the TXT record shown here is found
 * at it; the organization admin copies the record and asks for a check, admins see the state.
 */
export function SsoDomainProofs({ domains, canChange }: { domains: SsoDomainState[]; canChange: boolean }) {
  const t = useT('sso');
  const check = useCheckSsoDomain();
  if (domains.length === 0) return null;

  const checkNow = (domain: string) =>
    check.mutate(domain, {
      onSuccess: (state) => {
        const after = state.settings?.domains.find((d) => d.domain === domain);
        if (after?.verified) notifySuccess(t(TEXTS.proofPassed, { domain }));
        else notifyError(after?.checkError ? t(TEXTS.checkErrors[after.checkError]) : t(TEXTS.neverChecked), t(TEXTS.proofFailed, { domain }));
      },
      onError: (error) => notifyError(error),
    });

  const copyRecord = (record: string) =>
    void copyText(record).then(
      () => notifySuccess(t(TEXTS.recordCopied)),
      (error: unknown) => notifyError(error),
    );

  return (
    <section aria-labelledby="sso-domain-proof-title" className="grid gap-3 rounded-md border p-3" data-testid="sso-domain-proofs">
      <div className="grid gap-1">
        <h3 id="sso-domain-proof-title" className="text-sm font-medium">
          {t(TEXTS.proofTitle)}
        </h3>
        <p className="text-xs text-muted-foreground">{t(TEXTS.proofIntro)}</p>
      </div>
      <ul className="grid gap-3">
        {domains.map((d) => {
          const checking = check.isPending && check.variables === d.domain;
          const recordId = `sso-record-${d.domain}`;
          return (
            <li key={d.domain} className="grid gap-2 border-t pt-3 first:border-t-0 first:pt-0" data-testid="sso-domain-proof">
              <div className="flex flex-wrap items-center justify-between gap-2">
                <span className="font-medium break-all">{d.domain}</span>
                <Badge variant={d.verified ? 'default' : 'secondary'}>
                  {d.verified ? <CheckCircle2 aria-hidden /> : null}
                  {d.verified ? t(TEXTS.proven) : t(TEXTS.notProven)}
                </Badge>
              </div>
              <label htmlFor={recordId} className="text-xs text-muted-foreground">
                {t(TEXTS.txtRecord, { domain: d.domain })}
              </label>
              <div className="flex flex-wrap gap-2">
                <Input id={recordId} readOnly value={d.record} className="min-w-0 flex-1 font-mono text-xs" onFocus={(event) => event.currentTarget.select()} />
                <Button type="button" variant="outline" size="sm" onClick={() => copyRecord(d.record)}>
                  <Copy aria-hidden />
                  {t(TEXTS.copyRecord)}
                </Button>
                {canChange ? (
                  <Button type="button" size="sm" onClick={() => checkNow(d.domain)} loading={checking} loadingText={t(TEXTS.checking)} aria-label={t(TEXTS.checkNowLabel, { domain: d.domain })} disabled={check.isPending && !checking}>
                    <RefreshCw aria-hidden />
                    {t(TEXTS.checkNow)}
                  </Button>
                ) : null}
              </div>
              <p className="text-xs text-muted-foreground" data-testid="sso-domain-proof-status">
                {d.verified && d.verifiedAt ? `${t(TEXTS.provenSince, { when: formatDateTime(d.verifiedAt) })} ` : ''}
                {d.checkedAt ? t(TEXTS.lastChecked, { when: formatDateTime(d.checkedAt) }) : t(TEXTS.neverChecked)}
                {!d.verified && d.checkError ? ` ${t(TEXTS.checkErrors[d.checkError])}` : ''}
              </p>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
