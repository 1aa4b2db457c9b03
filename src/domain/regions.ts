// PUT /api/settings/region (issue 48 item 3): the schema of a member's region. Its rules are
// zod-free, in region-rules.ts.
import { z } from 'zod';
import { REGIONS } from './region-rules';

export const REGION_MESSAGES = {
  invalid: /*i18n*/ { id: 'domain.regions.invalid', message: 'Choose a region from the list, or Automatic.' },
} as const;

/** PUT /api/settings/region: a region of the list, or null to follow the browser. */
export const updateRegionSchema = z.object({ region: z.enum(REGIONS, { message: REGION_MESSAGES.invalid.id }).nullable() });
export type UpdateRegionInput = z.infer<typeof updateRegionSchema>;
