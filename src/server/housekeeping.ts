// What the hourly housekeeping job prunes (platform/db/housekeeping.ts): platform's own rows and
// each module's, composed here because platform never imports a module (issue 47, decision 043).
import { PLATFORM_PRUNES, type Prunes } from './platform/db/housekeeping';
import { pruneNotifications } from './modules/inbox/public';
import { prunePasskeyChallenges } from './modules/passkeys/public';
import { pruneSsoSignIns } from './modules/sso/public';
import { pruneWebhookDeliveries } from './modules/webhooks/public';

export const PRUNES = {
  ...PLATFORM_PRUNES,
  passkeyChallenges: prunePasskeyChallenges,
  notifications: pruneNotifications,
  webhookDeliveries: pruneWebhookDeliveries,
  ssoSignIns: pruneSsoSignIns,
} satisfies Prunes;
