import { useQuery } from '@tanstack/react-query';
import { BellRing } from 'lucide-react';
import { useId, useMemo } from 'react';
import {
  DIGEST_HOUR,
  DELIVERY_LEVELS,
  NOTIFICATION_SETTING_KINDS,
  NOTIFICATION_SETTINGS_TEXTS as TEXTS,
  type DeliveryLevel,
  type NotificationSettingKind,
} from '@/domain/notification-settings';
import { effectiveTimeZone, timeZoneChoices } from '@/domain/time-zone-rules';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/web/components/ui/card';
import { LoadErrorPanel } from '@/web/components/ui/load-error-panel';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/web/components/ui/select';
import { NativeSelect } from '@/web/components/ui/native-select';
import { Skeleton } from '@/web/components/ui/skeleton';
import { Switch } from '@/web/components/ui/switch';
import { useT } from '@/web/lib/i18n';
import { notifyError, notifySuccess } from '@/web/lib/notify';
import { notificationSettingsQuery, useChangeNotificationSettings, useSetTimeZone } from '../api';
import { SETTINGS_TEXTS } from '../texts';

/**
 * Settings -> Notifications (issue 29): per kind the inbox and email, the inbox only, or off; the
 * daily digest, sent at its hour in the member's time zone (issue 49 item 22; null: UTC).
 */
export function NotificationSettingsCard({ timeZone }: { timeZone: string | null }) {
  const t = useT('settings', 'domain');
  const settings = useQuery(notificationSettingsQuery);
  const change = useChangeNotificationSettings();
  const digestId = useId();
  const save = (input: Parameters<typeof change.mutate>[0]) =>
    change.mutate(input, {
      onSuccess: () => notifySuccess(t(TEXTS.saved)),
      onError: (error) => notifyError(error, t(TEXTS.saveFailed), 'notification-settings'),
    });

  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <BellRing className="size-5 text-primary" aria-hidden />
          {t(TEXTS.title)}
        </CardTitle>
        <CardDescription>{t(TEXTS.description)}</CardDescription>
      </CardHeader>
      <CardContent>
        {settings.isError ? (
          <LoadErrorPanel title={t(TEXTS.loadFailed)} error={settings.error} onRetry={() => void settings.refetch()} />
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
                  {t(TEXTS.digest)}
                </label>
                <p className="text-sm text-muted-foreground">{t(TEXTS.digestHint)}</p>
              </div>
              <Switch id={digestId} checked={settings.data.digest} onCheckedChange={(digest) => save({ digest })} />
            </div>
            <DigestTimeZone timeZone={timeZone} />
          </div>
        )}
      </CardContent>
    </Card>
  );
}

function KindRow({ kind, level, onChange }: { kind: NotificationSettingKind; level: DeliveryLevel; onChange: (level: DeliveryLevel) => void }) {
  const t = useT('domain');
  const labelId = useId();
  return (
    <li className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center sm:justify-between">
      <span id={labelId} className="text-sm">
        {t(TEXTS.kinds[kind])}
      </span>
      <Select value={level} onValueChange={(value) => onChange(value as DeliveryLevel)}>
        <SelectTrigger aria-labelledby={labelId} className="w-full sm:w-44" data-testid={`notify-${kind}`}>
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          {DELIVERY_LEVELS.map((option) => (
            <SelectItem key={option} value={option}>
              {t(TEXTS.levels[option])}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
    </li>
  );
}

/** When the digest goes out, and the zone it follows, which the member may change. */
function DigestTimeZone({ timeZone }: { timeZone: string | null }) {
  const t = useT('settings');
  const selectId = useId();
  const setTimeZone = useSetTimeZone();
  const zone = effectiveTimeZone(timeZone);
  // The runtime's list, and the member's own zone should it be an alias the list spells otherwise.
  const choices = useMemo(() => {
    const all = timeZoneChoices();
    return all.includes(zone) ? all : [zone, ...all];
  }, [zone]);

  const choose = (next: string) =>
    setTimeZone.mutate(next, {
      onSuccess: () => notifySuccess(t(SETTINGS_TEXTS.timeZone.saved)),
      onError: (error) => notifyError(error),
    });

  return (
    <div className="mt-3 flex flex-col gap-2 rounded-md border p-3 sm:flex-row sm:items-center sm:justify-between">
      <div className="grid gap-1">
        <label htmlFor={selectId} className="text-sm font-medium">
          {t(SETTINGS_TEXTS.timeZone.label)}
        </label>
        <p className="text-sm text-muted-foreground" data-testid="digest-sent-at">
          {t(SETTINGS_TEXTS.timeZone.sentAt, { time: `${DIGEST_HOUR}:00`, zone })}
        </p>
      </div>
      <NativeSelect
        id={selectId}
        className="w-full sm:w-64"
        value={zone}
        disabled={setTimeZone.isPending}
        onChange={(event) => choose(event.target.value)}
      >
        {choices.map((choice) => (
          <option key={choice} value={choice}>
            {choice.replaceAll('_', ' ')}
          </option>
        ))}
      </NativeSelect>
    </div>
  );
}
