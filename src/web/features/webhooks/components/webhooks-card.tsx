import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { Copy, Plus, Webhook as WebhookIcon } from 'lucide-react';
import { Suspense, useRef, useState } from 'react';
import { createWebhookSchema, WEBHOOK_FAMILIES, WEBHOOK_TEXTS as TEXTS, type CreateWebhookInput, type Webhook, type WebhookDelivery, type WebhookWithSecret } from '@/domain/webhooks';
import type { Text } from '@/domain/locales';
import { Badge } from '@/web/components/ui/badge';
import { Button } from '@/web/components/ui/button';
import { Card, CardContent } from '@/web/components/ui/card';
import { SettingsCardHeader } from '@/web/components/ui/settings-card-header';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/web/components/ui/dialog';
import { Input } from '@/web/components/ui/input';
import { LoadErrorPanel } from '@/web/components/ui/load-error-panel';
import { LoadMore } from '@/web/components/ui/load-more';
import { FormError, SchemaField, showFormError, showServerError, useFieldError, useSchemaForm, type ServerFields } from '@/web/components/ui/schema-form';
import { Skeleton } from '@/web/components/ui/skeleton';
import { Switch } from '@/web/components/ui/switch';
import { UI_TEXTS } from '@/web/components/ui/texts';
import { translate, translateMessage, useT } from '@/web/lib/i18n';
import { copyText } from '@/web/lib/copy-text';
import { formatDateTime } from '@/web/lib/format-date';
import { lazyComponent } from '@/web/lib/lazy-component';
import { notifyError, notifySuccess } from '@/web/lib/notify';
import { deliveriesQuery, useCreateWebhook, useDeleteWebhook, useRedeliver, useRollWebhookSecret, useSendTestEvent, useUpdateWebhook, webhooksQuery } from '../api';
import { WEBHOOK_CARD_TEXTS } from '../texts';

const ConfirmDeleteDialog = lazyComponent(async () => (await import('@/web/components/ui/confirm-delete-dialog')).ConfirmDeleteDialog);

/** Settings -> Webhooks (issue 30): the organization's hooks, for its admins. */
export function WebhooksCard() {
  const t = useT('domain');
  const hooks = useQuery(webhooksQuery);
  const [editing, setEditing] = useState<Webhook | 'new' | null>(null);
  const [deleting, setDeleting] = useState<Webhook | null>(null);
  const [logOf, setLogOf] = useState<Webhook | null>(null);
  const [secret, setSecret] = useState<WebhookWithSecret | null>(null);
  const remove = useDeleteWebhook();

  return (
    <Card data-testid="webhooks-card">
      <SettingsCardHeader
        icon={WebhookIcon}
        title={t(TEXTS.title)}
        description={t(TEXTS.description)}
        action={
          <Button size="sm" onClick={() => setEditing('new')}>
            <Plus aria-hidden />
            {t(TEXTS.add)}
          </Button>
        }
      />
      <CardContent>
        {hooks.isError ? (
          <LoadErrorPanel title={t(TEXTS.loadFailed)} error={hooks.error} onRetry={() => void hooks.refetch()} />
        ) : !hooks.data ? (
          <Skeleton className="h-16 w-full" />
        ) : hooks.data.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t(TEXTS.empty)}</p>
        ) : (
          <ul className="divide-y rounded-md border" aria-label={t(TEXTS.title)}>
            {hooks.data.map((hook) => (
              <WebhookRow key={hook.id} hook={hook} onEdit={() => setEditing(hook)} onDelete={() => setDeleting(hook)} onShowLog={() => setLogOf(hook)} />
            ))}
          </ul>
        )}
      </CardContent>
      {editing ? <WebhookDialog hook={editing === 'new' ? null : editing} onClose={() => setEditing(null)} onSecret={setSecret} /> : null}
      {secret ? <SecretDialog hook={secret} onClose={() => setSecret(null)} /> : null}
      {logOf ? <DeliveriesDialog hook={logOf} onClose={() => setLogOf(null)} /> : null}
      {deleting ? (
        <Suspense fallback={null}>
          <ConfirmDeleteDialog
            open
            onOpenChange={(open) => !open && setDeleting(null)}
            title={t(TEXTS.deleteTitle)}
            question={t(TEXTS.deleteConfirm, { url: deleting.url })}
            onConfirm={() => remove.mutate(deleting.id, { onSuccess: () => notifySuccess(translate(TEXTS.deleted)), onError: (error) => notifyError(error) })}
          />
        </Suspense>
      ) : null}
    </Card>
  );
}

function statusText(hook: Webhook): Text {
  if (hook.enabled) return TEXTS.enabled;
  return hook.disabledReason === 'failing' ? TEXTS.disabledFailing : TEXTS.disabledByHand;
}

function WebhookRow({ hook, onEdit, onDelete, onShowLog }: { hook: Webhook; onEdit: () => void; onDelete: () => void; onShowLog: () => void }) {
  const t = useT('webhooks', 'domain');
  const update = useUpdateWebhook();
  const test = useSendTestEvent();
  const name = hook.description || hook.url;
  return (
    <li className="grid gap-3 p-3" data-testid="webhook">
      <div className="flex items-start justify-between gap-3">
        <div className="grid min-w-0 gap-1">
          <p className="truncate font-mono text-sm" title={hook.url}>
            {hook.url}
          </p>
          {hook.description ? <p className="text-sm text-muted-foreground">{hook.description}</p> : null}
          <p className="flex flex-wrap gap-1.5">
            {hook.events.map((family) => (
              <Badge key={family} variant="secondary">
                {t(TEXTS.families[family])}
              </Badge>
            ))}
          </p>
          <p className="text-xs text-muted-foreground">
            {hook.lastDelivery
              ? `${t(TEXTS.status[hook.lastDelivery.status])} ${formatDateTime(hook.lastDelivery.at)}${hook.lastDelivery.responseStatus ? ` · ${hook.lastDelivery.responseStatus}` : ''}`
              : t(TEXTS.noDeliveries)}
          </p>
        </div>
        <label className="flex shrink-0 items-center gap-2 text-sm">
          <span className={hook.enabled ? '' : 'text-destructive'}>{t(statusText(hook))}</span>
          <Switch
            checked={hook.enabled}
            disabled={update.isPending}
            aria-label={t(hook.enabled ? WEBHOOK_CARD_TEXTS.turnOffLabel : WEBHOOK_CARD_TEXTS.turnOnLabel, { name })}
            onCheckedChange={(enabled) => update.mutate({ webhookId: hook.id, change: { enabled } }, { onError: (error) => notifyError(error) })}
          />
        </label>
      </div>
      <div className="flex flex-wrap gap-2">
        <Button variant="outline" size="sm" onClick={onShowLog} aria-label={t(WEBHOOK_CARD_TEXTS.deliveriesLabel, { name })}>
          {t(TEXTS.deliveries)}
        </Button>
        <Button
          variant="outline"
          size="sm"
          loading={test.isPending}
          loadingText={t(TEXTS.sendTest)}
          onClick={() => test.mutate(hook.id, { onSuccess: () => notifySuccess(translate(TEXTS.testQueued)), onError: (error) => notifyError(error) })}
          aria-label={t(WEBHOOK_CARD_TEXTS.sendTestLabel, { name })}
        >
          {t(TEXTS.sendTest)}
        </Button>
        <Button variant="outline" size="sm" onClick={onEdit} aria-label={t(WEBHOOK_CARD_TEXTS.editLabel, { name })}>
          {t(TEXTS.edit)}
        </Button>
        <Button variant="outline" size="sm" onClick={onDelete} aria-label={t(WEBHOOK_CARD_TEXTS.deleteLabel, { name })}>
          {t(TEXTS.delete)}
        </Button>
      </div>
    </li>
  );
}

/** Which field a refusal of the server belongs under. */
const SERVER_FIELDS: ServerFields<CreateWebhookInput> = { webhook_url_refused: 'url' };

/** Add Webhook, or Edit Webhook with New Secret. */
function WebhookDialog({ hook, onClose, onSecret }: { hook: Webhook | null; onClose: () => void; onSecret: (hook: WebhookWithSecret) => void }) {
  const t = useT('domain');
  const create = useCreateWebhook();
  const update = useUpdateWebhook();
  const roll = useRollWebhookSecret();
  const form = useSchemaForm({
    schema: createWebhookSchema,
    defaultValues: { url: hook?.url ?? '', description: hook?.description ?? '', events: hook?.events ?? ['project', 'task'] },
  });
  const eventsError = useFieldError(form, 'events');
  const [confirmRoll, setConfirmRoll] = useState(false);
  const saving = hook ? update : create;

  const submit = form.handleSubmit((input) => {
    const onError = (error: Error) => showServerError(form, error, SERVER_FIELDS) || showFormError(form, error);
    if (hook) {
      update.mutate({ webhookId: hook.id, change: input }, { onSuccess: () => (notifySuccess(translate(TEXTS.saved)), onClose()), onError });
    } else {
      create.mutate(input, { onSuccess: (created) => (onClose(), onSecret(created)), onError });
    }
  });

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{hook ? t(TEXTS.editTitle) : t(TEXTS.addTitle)}</DialogTitle>
          <DialogDescription>{t(TEXTS.description)}</DialogDescription>
        </DialogHeader>
        <form className="grid gap-4" onSubmit={submit} noValidate>
          <SchemaField form={form} name="url" label={t(TEXTS.url)}>
            <Input type="url" inputMode="url" placeholder={t(TEXTS.urlPlaceholder)} maxLength={2000} autoFocus />
          </SchemaField>
          <SchemaField form={form} name="description" label={t(TEXTS.descriptionLabel)}>
            <Input placeholder={t(TEXTS.descriptionPlaceholder)} maxLength={200} />
          </SchemaField>
          <fieldset className="grid gap-1.5" aria-describedby={eventsError ? 'webhook-events-error' : undefined}>
            <legend className="mb-1.5 text-sm font-medium">{t(TEXTS.events)}</legend>
            <div className="grid gap-2 sm:grid-cols-2">
              {WEBHOOK_FAMILIES.map((family) => (
                <label key={family} className="flex items-center gap-2 text-sm">
                  <input type="checkbox" value={family} className="size-4 accent-primary" {...form.register('events')} />
                  {t(TEXTS.families[family])}
                </label>
              ))}
            </div>
            {eventsError ? (
              <p id="webhook-events-error" className="text-sm font-medium text-destructive">
                {translateMessage(eventsError)}
              </p>
            ) : null}
          </fieldset>
          <FormError form={form} />
          <DialogFooter className="gap-2 sm:justify-between">
            {hook ? (
              <Button type="button" variant="outline" onClick={() => setConfirmRoll(true)}>
                {t(TEXTS.rollSecret)}
              </Button>
            ) : (
              <span />
            )}
            <div className="flex gap-2">
              <Button type="button" variant="outline" onClick={onClose}>
                {t(UI_TEXTS.cancel)}
              </Button>
              <Button type="submit" loading={saving.isPending} loadingText={t(TEXTS.save)}>
                {hook ? t(TEXTS.save) : t(TEXTS.add)}
              </Button>
            </div>
          </DialogFooter>
        </form>
        {hook && confirmRoll ? (
          <div role="alertdialog" aria-label={t(TEXTS.rollSecretTitle)} className="grid gap-3 rounded-md border border-destructive/40 p-3">
            <p className="text-sm">{t(TEXTS.rollSecretConfirm)}</p>
            <div className="flex justify-end gap-2">
              <Button type="button" variant="outline" size="sm" onClick={() => setConfirmRoll(false)}>
                {t(UI_TEXTS.cancel)}
              </Button>
              <Button
                type="button"
                size="sm"
                loading={roll.isPending}
                loadingText={t(TEXTS.rollSecret)}
                onClick={() => roll.mutate(hook.id, { onSuccess: (rolled) => (onClose(), onSecret(rolled)), onError: (error) => notifyError(error) })}
              >
                {t(TEXTS.rollSecret)}
              </Button>
            </div>
          </div>
        ) : null}
      </DialogContent>
    </Dialog>
  );
}

/** The signing secret, this once. */
function SecretDialog({ hook, onClose }: { hook: WebhookWithSecret; onClose: () => void }) {
  const t = useT('domain');
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{t(TEXTS.secret)}</DialogTitle>
          <DialogDescription>{t(TEXTS.secretShownOnce)}</DialogDescription>
        </DialogHeader>
        <div className="flex flex-col gap-2 sm:flex-row">
          <Input readOnly value={hook.secret} aria-label={t(TEXTS.secret)} className="font-mono text-xs" onFocus={(e) => e.currentTarget.select()} autoFocus />
          <Button
            type="button"
            variant="outline"
            onClick={() => void copyText(hook.secret).then(() => notifySuccess(translate(TEXTS.copied)), (error: unknown) => notifyError(error))}
          >
            <Copy aria-hidden />
            {t(TEXTS.copy)}
          </Button>
        </div>
        <DialogFooter>
          <Button type="button" onClick={onClose}>
            {t(TEXTS.done)}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

const STATUS_VARIANT = { delivered: 'secondary', pending: 'outline', failed: 'destructive' } as const;

function DeliveriesDialog({ hook, onClose }: { hook: Webhook; onClose: () => void }) {
  const t = useT('domain');
  const log = useInfiniteQuery(deliveriesQuery(hook.id));
  const deliveries = log.data?.pages.flatMap((page) => page.items) ?? [];
  const list = useRef<HTMLUListElement>(null);
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-h-[85vh] overflow-y-auto sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle>{t(TEXTS.deliveries)}</DialogTitle>
          <DialogDescription className="truncate font-mono text-xs">{hook.url}</DialogDescription>
        </DialogHeader>
        {log.isError ? (
          <LoadErrorPanel title={t(TEXTS.loadFailed)} error={log.error} onRetry={() => void log.refetch()} />
        ) : !log.data ? (
          <Skeleton className="h-24 w-full" />
        ) : deliveries.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t(TEXTS.noDeliveries)}</p>
        ) : (
          <ul ref={list} className="divide-y rounded-md border" aria-label={t(TEXTS.deliveries)}>
            {deliveries.map((delivery) => (
              <DeliveryRow key={delivery.id} hookId={hook.id} delivery={delivery} />
            ))}
          </ul>
        )}
        <LoadMore list={log} items={list} label={t(TEXTS.loadMore)} />
      </DialogContent>
    </Dialog>
  );
}

function DeliveryRow({ hookId, delivery }: { hookId: string; delivery: WebhookDelivery }) {
  const t = useT('domain');
  const redeliver = useRedeliver();
  return (
    <li className="grid gap-2 p-3 text-sm" data-testid="webhook-delivery">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="flex flex-wrap items-center gap-2">
          <Badge variant={STATUS_VARIANT[delivery.status]}>{t(TEXTS.status[delivery.status])}</Badge>
          <code className="text-xs">{delivery.eventType}</code>
          <span className="text-xs text-muted-foreground">
            {formatDateTime(delivery.lastAttemptAt ?? delivery.createdAt)}
            {delivery.responseStatus !== null ? ` · ${delivery.responseStatus}` : ''}
            {delivery.durationMs !== null ? ` · ${t(TEXTS.duration, { ms: delivery.durationMs })}` : ''}
            {delivery.attempts > 1 ? ` · ${t(TEXTS.attempts, { n: delivery.attempts })}` : ''}
            {delivery.nextAttemptAt && delivery.attempts > 0 ? ` · ${t(TEXTS.nextTry, { when: formatDateTime(delivery.nextAttemptAt) })}` : ''}
          </span>
        </p>
        <Button
          variant="outline"
          size="sm"
          loading={redeliver.isPending}
          loadingText={t(TEXTS.redeliver)}
          onClick={() => redeliver.mutate({ webhookId: hookId, deliveryId: delivery.id }, { onSuccess: () => notifySuccess(translate(TEXTS.redelivered)), onError: (error) => notifyError(error) })}
        >
          {t(TEXTS.redeliver)}
        </Button>
      </div>
      {delivery.error ? <p className="text-xs text-destructive">{delivery.error}</p> : null}
      {delivery.response ? (
        <details>
          <summary className="cursor-pointer text-xs text-muted-foreground">{t(TEXTS.response)}</summary>
          <pre className="mt-1 max-h-40 overflow-auto rounded bg-muted p-2 text-xs whitespace-pre-wrap break-all">{delivery.response}</pre>
        </details>
      ) : null}
    </li>
  );
}
