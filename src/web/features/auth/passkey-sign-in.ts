// Signing in with a passkey (issue 31 item 3, decision 031): the server's options with a single-use
// challenge, the browser's WebAuthn prompt (through @simplewebauthn/browser), the answer sent back.
// Its own chunk: the sign-in page loads it only when its passkey button is hovered, focused or
// pressed (decision 013).
import { startAuthentication, type PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/browser';
import type { Me } from '@/domain/auth';
import { api } from '@/web/lib/api-client';

/** A challenge fetched ahead of the click is used only while it has a minute to spare. */
const SPARE_MS = 60_000;

let prepared: { options: Promise<PublicKeyCredentialRequestOptionsJSON>; at: number } | null = null;

function fetchOptions(): Promise<PublicKeyCredentialRequestOptionsJSON> {
  return api.post<PublicKeyCredentialRequestOptionsJSON>('/api/auth/passkey/options');
}

/**
 * Fetches the options before the click, so the device can ask at once when the button is pressed
 * (some browsers let a page start WebAuthn only right after the person's own click).
 */
export function preparePasskeySignIn(): void {
  if (prepared) return;
  const options = fetchOptions();
  prepared = { options, at: Date.now() };
  // A failed fetch is not kept: the click fetches again and says what went wrong.
  options.catch(() => {
    if (prepared?.options === options) prepared = null;
  });
}

async function takeOptions(): Promise<PublicKeyCredentialRequestOptionsJSON> {
  const taken = prepared;
  // Each challenge is good once: the next attempt gets a new one.
  prepared = null;
  if (taken) {
    const options = await taken.options.catch(() => null);
    if (options && Date.now() - taken.at < (options.timeout ?? 0) - SPARE_MS) return options;
  }
  return fetchOptions();
}

/** The browser's prompt, then the server's verdict: the signed-in Me, or an error (ApiError, or the browser's). */
export async function signInWithPasskey(): Promise<Me> {
  const optionsJSON = await takeOptions();
  const response = await startAuthentication({ optionsJSON });
  return api.post<Me>('/api/auth/passkey/sign-in', { response });
}

/** Whether the browser's refusal means the person cancelled or let it time out (nothing to explain). */
export function isCancelledCeremony(error: unknown): boolean {
  return error instanceof Error && (error.name === 'NotAllowedError' || error.name === 'AbortError');
}
