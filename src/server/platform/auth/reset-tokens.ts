// Password reset tokens: the "forgot password" link (modules/auth, one hour) and the set-password
// link of a member added on the Team tab (a week). A 256-bit random token goes out by email; only
// its SHA-256 is stored, and the /reset-password page redeems either kind.
import { createHash, randomBytes } from 'node:crypto';
import type { Executor } from '../db/client';
import { passwordResetTokens } from '../db/schema/platform';

/** An invitation link stays usable for a week; a reset link for an hour. */
export const INVITATION_TOKEN_LIFETIME_MS = 7 * 24 * 60 * 60 * 1000;
export const RESET_TOKEN_LIFETIME_MS = 60 * 60 * 1000;

/** What the table stores for a token, and what a presented token is looked up by. */
export function hashResetToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** Stores a new token for the login and returns the link to email. Only its hash is kept. */
export async function issueSetPasswordLink(
  executor: Executor,
  input: { userId: string; email: string; now: Date; publicUrl: string; lifetimeMs?: number },
): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await executor.insert(passwordResetTokens).values({
    tokenHash: hashResetToken(token),
    email: input.email,
    userId: input.userId,
    expiresAt: new Date(input.now.getTime() + (input.lifetimeMs ?? INVITATION_TOKEN_LIFETIME_MS)),
    createdAt: input.now,
  });
  return `${input.publicUrl}/reset-password?token=${encodeURIComponent(token)}`;
}
