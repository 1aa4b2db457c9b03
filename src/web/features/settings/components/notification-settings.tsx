import { useQuery } from '@tanstack/react-query';
import { BellRing } from 'lucide-react';
import { useId } from 'react';
import {
  DELIVERY_LEVELS,
  NOTIFICATION_SETTING_KINDS,
  NOTIFICATION_SETTINGS_TEXTS as TEXTS,
  type DeliveryLevel,
  type NotificationSettingKind,
} from '@/domain/notification-settings';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/web/components/ui/card';
import { LoadErrorPanel } from '@/web/components/ui/load-error-panel';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/web/components/ui/select';
import { Skeleton } from '@/web/components/ui/skeleton';
import { Switch } from '@/web/components/ui/switch';
import { notifyError, notifySuccess } from '@/web/lib/notify';
import { notificationSettingsQuery, useChangeNotificationSettings } from '../api';

/** Settings -> Notifications (issue 29): per kind the inbox and email, the inbox only, or off; the daily digest. */
export function NotificationSettingsCard() {
  const settings = useQuery(notificationSettingsQuery);
  const change = useChangeNotificationSettings();
  const digestId = useId();
  const save = (input: Parameters<typeof change.mutate>[0]) =>
    change.mutate(input, {
      onSuccess: () => notifySuccess(TEXTS.saved),
      onError: (error) => notifyError(error, TEXTS.saveFailed, 'notification-settings'),
    });

  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <BellRing className="size-5 text-primary" aria-hidden />
          {TEXTS.title}
        </CardTitle>
        <CardDescription>{TEXTS.description}</CardDescription>
      </CardHeader>
      <CardContent>
        {settings.isError ? (
          <LoadErrorPanel title={TEXTS.loadFailed} error={settings.error} onRetry={() => void settings.refetch()} />
        ) : !settings.data ? (
          <div className="grid gap-3" aria-busy="true">
            {NOTIFICATION_SETTING_KINDS.map((kind) => (
              <Skeleton key={kind} className="h-9 w-full" />
            ))}
          </div>
        ) : (
          <div className="grid gap-1">
            <ul className="divide-y">
              {NOTIFICATION_SETTING_KINDS.map((kind) => (
                <KindRow key={kind} kind={kind} level={settings.data.levels[kind]} onChange={(level) => save({ levels: { [kind]: level } })} />
              ))}
            </ul>
            <div className="mt-3 flex items-start justify-between gap-4 rounded-md border p-3">
              <div className="grid gap-1">
                <label htmlFor={digestId} className="text-sm font-medium">
                  {TEXTS.digest}
                </label>
                <p className="text-sm text-muted-foreground">{TEXTS.digestHint}</p>
              </div>
              <Switch id={digestId} checked={settings.data.digest} onCheckedChange={(digest) => save({ digest })} />
            </div>
          </div>
        )}
      </CardContent>
    </Card>
  );
}

function KindRow({ kind, level, onChange }: { kind: NotificationSettingKind; level: DeliveryLevel; onChange: (level: DeliveryLevel) => void }) {
  const labelId = useId();
  return (
    <li className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center sm:justify-between">
      <span id={labelId} className="text-sm">
        {TEXTS.kinds[kind]}
      </span>
      <Select value={level} onValueChange={(value) => onChange(value as DeliveryLevel)}>
        <SelectTrigger aria-labelledby={labelId} className="w-full sm:w-44" data-testid={`notify-${kind}`}>
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          {DELIVERY_LEVELS.map((option) => (
            <SelectItem key={option} value={option}>
              {TEXTS.levels[option]}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
    </li>
  );
}
