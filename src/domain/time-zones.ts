// PUT /api/settings/time-zone (issue 49 item 22): the schema of a member's time zone. The rules
// it checks by are zod-free, in time-zone-rules.ts.
import { z } from 'zod';
import { canonicalTimeZone, isTimeZone } from './time-zone-rules';

/** Issue 48 (decision 045): texts of the `domain` part; zod carries the id. */
export const TIME_ZONE_MESSAGES = {
  unknown: /*i18n*/ { id: 'domain.time-zones.unknown', message: 'Choose a time zone such as Europe/Berlin.' },
} as const;

/** PUT /api/settings/time-zone: an IANA time zone, kept in its canonical spelling. */
export const updateTimeZoneSchema = z.object({
  timeZone: z
    .string({ message: TIME_ZONE_MESSAGES.unknown.id })
    .refine(isTimeZone, { message: TIME_ZONE_MESSAGES.unknown.id })
    .transform((name) => canonicalTimeZone(name)!),
});
export type UpdateTimeZoneInput = z.input<typeof updateTimeZoneSchema>;
