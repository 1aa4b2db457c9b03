// Field shapes several forms share.
import { z } from 'zod';

/** An optional text: trimmed, and saved as null when empty (spec 5 "empty optional values"). */
export const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `Must be at most ${max} characters`)
    .nullish()
    .transform((v) => (v ? v : null));
