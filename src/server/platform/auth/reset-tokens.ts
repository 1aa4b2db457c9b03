// Set-password links for members added on the Team tab. They are ordinary password reset tokens
// (same table, same SHA-256 of a 256-bit token, same /reset-password page as
// modules/auth/service.ts), issued inside the caller's transaction with a longer lifetime.
import { createHash, randomBytes } from 'node:crypto';
import type { Executor } from '../db/client';
import { passwordResetTokens } from '../db/schema/platform';

/** An invitation link stays usable for a week; a reset link (modules/auth) for an hour. */
export const INVITATION_TOKEN_LIFETIME_MS = 7 * 24 * 60 * 60 * 1000;

/** Must stay the hash modules/auth/service.ts checks the token against. */
function hashResetToken(token: string): string {
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
