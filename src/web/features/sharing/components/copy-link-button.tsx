import { Copy } from 'lucide-react';
import type { Ref } from 'react';
import { SHARING_MESSAGES } from '@/domain/sharing';
import { Button } from '@/web/components/ui/button';
import { copyText } from '@/web/lib/copy-text';
import { useT } from '@/web/lib/i18n';
import { notifyError, notifySuccess } from '@/web/lib/notify';
import { SHARING_TEXTS } from '../texts';

/** Spec 8: 'Copied!' with 'Project access link copied to clipboard'. */
export function CopyLinkButton({ url, label, ref }: { url: string; label?: string; ref?: Ref<HTMLButtonElement> }) {
  const t = useT('sharing', 'domain-shared');
  const copy = () =>
    copyText(url).then(
      () => notifySuccess(t(SHARING_MESSAGES.copied), t(SHARING_MESSAGES.copiedTitle)),
      () => notifyError(t(SHARING_TEXTS.copyFailed)),
    );
  return (
    <Button ref={ref} type="button" variant="outline" size="sm" onClick={() => void copy()} aria-label={label}>
      <Copy aria-hidden />
      {t(SHARING_TEXTS.copy)}
    </Button>
  );
}

/** The link itself, selectable, for when copying is not possible. */
export function LinkAddress({ url }: { url: string }) {
  const t = useT('sharing', 'domain-shared');
  return (
    <input
      readOnly
      value={url}
      aria-label={t(SHARING_TEXTS.linkAddress)}
      onFocus={(e) => e.currentTarget.select()}
      className="h-8 w-full min-w-0 rounded-md border border-input bg-muted/50 px-2 font-mono text-xs text-muted-foreground outline-none focus-visible:border-ring focus-visible:ring-3 focus-visible:ring-ring/25"
    />
  );
}
