// The daily digest (issue 29 item 4): a member who chose it gets the emails of their notification
// settings gathered into one, once a day at DIGEST_HOUR on their own wall clock (issue 49 item 22:
// their profile's time zone, UTC when none), for what came before that hour.
// Taking a member's items deletes them in the transaction that enqueues their digest, so of
// several servers running the job at once each item goes out once: a second server's delete
// waits for the first's and then finds nothing.
import { and, eq, isNull, lt, or } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { digestCutoff } from '../../../domain/notification-settings';
import { settingsSectionPath } from '../../../domain/settings-sections';
import { profiles } from '../../platform/db/schema/tenancy';
import { digestItems } from '../inbox/public';
import { createJob, runWithServer } from '../../platform/jobs';
import { enqueueEmail } from '../../platform/mail/outbox';
import { LOCALES } from '../../../domain/locales';
import { translate } from '../../platform/i18n';
import { EMAIL_TEXTS } from '../../platform/mail/email-words';
import { memberLocaleColumn } from '../../services/reader-locale';
import { SETTINGS_EMAIL_TEXTS } from './email-texts';
import type { Platform } from '../../platform/platform';

export const DIGEST_INTERVAL_MS = 15 * 60 * 1000;
/** Members handled per run; more run again at once. */
export const DIGEST_BATCH = 100;

/**
 * One run: a digest for every member with items from before their cutoff, the latest digest hour
 * in their time zone. Members are found by zone (the zones of those waiting are few), each zone
 * with its own cutoff, so a batch holds only members who are due.
 */
export async function sendDigests({ db, clock, config }: Platform): Promise<{ digests: number; items: number; full: boolean }> {
  const now = clock.now();
  const zones = await db
    .selectDistinct({ timeZone: profiles.timeZone })
    .from(digestItems)
    .innerJoin(profiles, eq(profiles.id, digestItems.profileId));
  if (zones.length === 0) return { digests: 0, items: 0, full: false };
  const due = await db
    .selectDistinct({ profileId: digestItems.profileId })
    .from(digestItems)
    .innerJoin(profiles, eq(profiles.id, digestItems.profileId))
    .where(
      or(
        ...zones.map(({ timeZone }) =>
          and(timeZone === null ? isNull(profiles.timeZone) : eq(profiles.timeZone, timeZone), lt(digestItems.createdAt, digestCutoff(now, timeZone))),
        ),
      ),
    )
    .limit(DIGEST_BATCH);
  let digests = 0;
  let items = 0;
  for (const { profileId } of due) {
    const sent = await db.transaction(async (tx) => {
      const [person] = await tx
        .select({ fullName: profiles.fullName, email: profiles.email, timeZone: profiles.timeZone, locale: memberLocaleColumn })
        .from(profiles)
        .where(eq(profiles.id, profileId));
      if (!person) return 0;
      // The zone as it is now: one changed since the member was found counts from here.
      const taken = await tx
        .delete(digestItems)
        .where(and(eq(digestItems.profileId, profileId), lt(digestItems.createdAt, digestCutoff(now, person.timeZone))))
        .returning();
      if (taken.length === 0) return 0;
      // An address removed since: the items are gone with nothing to send them to.
      if (!person.email) return 0;
      taken.sort((x, y) => x.createdAt.getTime() - y.createdAt.getTime());
      const hello = translate(person.locale, EMAIL_TEXTS.hello, { name: person.fullName });
      // An item waited in the language of its day: the member may have chosen another since.
      const greetings = new Set(LOCALES.flatMap((locale) => [EMAIL_TEXTS.hello, EMAIL_TEXTS.hi].map((text) => translate(locale, text, { name: person.fullName }))));
      await enqueueEmail(tx, {
        kind: 'digest',
        to: person.email,
        organizationId: taken[0]!.organizationId,
        subject: translate(person.locale, SETTINGS_EMAIL_TEXTS.digestSubject, { count: taken.length }),
        text: [
          hello,
          '',
          translate(person.locale, SETTINGS_EMAIL_TEXTS.digestIntro, { count: taken.length }),
          // Each item's own greeting (the first line of its email) is said once, above.
          ...taken.flatMap((item, index) => ['', `${index + 1}. ${item.subject}`, '', withoutGreeting(item.text, greetings).trim()]),
          '',
          translate(person.locale, SETTINGS_EMAIL_TEXTS.digestSettings, { url: `${config.publicUrl}${settingsSectionPath('notifications')}` }),
        ].join('\n'),
      });
      return taken.length;
    });
    if (sent > 0) {
      digests += 1;
      items += sent;
    }
  }
  return { digests, items, full: due.length === DIGEST_BATCH };
}

/** An item's text without its greeting line: the digest greets once. */
function withoutGreeting(text: string, greetings: ReadonlySet<string>): string {
  return text
    .split('\n')
    .filter((line) => !greetings.has(line))
    .join('\n');
}

export function scheduleDigests(app: FastifyInstance, platform: Platform, intervalMs = DIGEST_INTERVAL_MS) {
  const log = app.log.child({ job: 'digest' });
  const job = createJob({
    name: 'digest',
    everyMs: intervalMs,
    firstAfterMs: Math.min(5 * 60 * 1000, intervalMs),
    log,
    run: async () => {
      const result = await sendDigests(platform);
      if (result.digests) log.info(result, 'digests sent');
      return result.full ? 'again' : undefined;
    },
  });
  runWithServer(app, job);
}

