// Issue 49 item 12: what went wrong with an OpenID provider, told apart for the admin who typed its
// issuer. Its failures reach us as outbound-http's TypeErrors (name lookup, connection, TLS,
// deadline, size: `reason` and the socket's `code`) or as openid-client's errors about what it
// answered (`code` OAUTH_...). The admin reads a plain sentence (SSO_MESSAGES.issuerProblems);
// the error's own words, trimmed, go beside it as the detail.
import { withValues, type Text, type TextValues } from '../../../domain/locales';
import type { SsoIssuerProblem } from '../../../domain/sso-rules';
import type { OutboundFailure } from '../../platform/outbound-http';

/** Enough for OpenSSL's longest lines and openid-client's chained messages; never a page of HTML. */
export const MAX_DETAIL_LENGTH = 300;

export type ClassifiedProblem = {
  problem: SsoIssuerProblem;
  /** The technical cause, one line, at most MAX_DETAIL_LENGTH characters. */
  detail: string;
  /**
   * The same cause in the admin's language, when it is outbound-http's words (issue 48): its text
   * with its values, another system's words among them (TLS's, with the code) trimmed as `detail` is.
   */
  detailText?: Text;
  /** mismatch: the issuer the provider's configuration names, when it is a URL. */
  named?: string;
};

const NETWORK_PROBLEMS: Record<OutboundFailure, SsoIssuerProblem> = {
  invalid_url: 'not_allowed',
  refused_destination: 'not_allowed',
  dns_failed: 'not_found',
  timeout: 'timeout',
  connection_failed: 'unreachable',
  tls_failed: 'secure_connection',
  // Discovery documents are small: a huge answer is some other page.
  answer_too_large: 'not_openid',
};

/**
 * Node's and OpenSSL's codes for a certificate that could not be verified: self-signed, expired or
 * not yet valid, an unknown or untrusted issuer, a name it does not cover.
 */
const CERTIFICATE_CODE = /CERT|SELF_SIGNED|UNABLE_TO_(GET|VERIFY|DECRYPT|DECODE)|INVALID_CA|HOSTNAME_MISMATCH|ALTNAME/;

const OUTBOUND_FAILURES = new Set<string>(Object.keys(NETWORK_PROBLEMS));

function isOutboundFailure(value: unknown): value is OutboundFailure {
  return typeof value === 'string' && OUTBOUND_FAILURES.has(value);
}

/** openid-client's code for a discovery document whose `issuer` is not the one asked for. */
const ATTRIBUTE_COMPARISON = 'OAUTH_JSON_ATTRIBUTE_COMPARISON_FAILED';

/**
 * The problem behind `error`. Failures to reach the provider are told apart by outbound's reason
 * and the socket's code; anything it answered that openid-client refused is `otherwise`
 * (not_openid for discovery, invalid_answer for a sign-in's exchange), except discovery's
 * issuer that is not the one typed.
 */
export function classifyProviderFailure(error: unknown, otherwise: SsoIssuerProblem): ClassifiedProblem {
  const detail = technicalDetail(error);
  const { reason, code } = (error ?? {}) as { reason?: unknown; code?: unknown };
  if (error instanceof TypeError && isOutboundFailure(reason)) {
    const socketCode = typeof code === 'string' ? code : undefined;
    let problem = NETWORK_PROBLEMS[reason];
    if (reason === 'connection_failed' && socketCode === 'ECONNREFUSED') problem = 'refused';
    if (reason === 'tls_failed' && (socketCode ? CERTIFICATE_CODE.test(socketCode) : /certificate/i.test(error.message))) problem = 'certificate';
    const detailText = outboundDetail(error, socketCode);
    return { problem, detail: withCode(detail, socketCode), ...(detailText ? { detailText } : {}) };
  }
  const mismatch = issuerMismatch(error);
  if (mismatch) {
    const named = mismatch.named.length <= 500 && URL.canParse(mismatch.named) ? mismatch.named : undefined;
    const compared = named ? ` (asked for ${mismatch.expected}, it names ${named})` : '';
    return { problem: 'mismatch', detail: trimDetail(`${detail}${compared}`), ...(named ? { named } : {}) };
  }
  return { problem: otherwise, detail };
}

/**
 * outbound's text of a failure (outboundFetch's TypeError carries it), as the detail says it: TLS's
 * own words one line and trimmed, with the socket's code when they do not name it. Undefined
 * when the error has no text, or has a code its sentence cannot hold.
 */
function outboundDetail(error: TypeError, code: string | undefined): Text | undefined {
  const { text, values } = error as TypeError & { text?: Text; values?: TextValues };
  if (!text || typeof text.id !== 'string' || !values) return undefined;
  const said = { ...values };
  if (typeof said.detail === 'string') said.detail = trimDetail(withCode(said.detail, code));
  else if (code && !error.message.includes(code)) return undefined;
  return withValues(text, said);
}

/** openid-client's comparison of discovery's `issuer` with the one asked for, where it failed. */
function issuerMismatch(error: unknown): { expected: string; named: string } | undefined {
  for (let current = error, depth = 0; current && typeof current === 'object' && depth < 4; depth++) {
    const { code, cause } = current as { code?: unknown; cause?: unknown };
    if (code === ATTRIBUTE_COMPARISON && cause && typeof cause === 'object') {
      const { attribute, expected, body } = cause as { attribute?: unknown; expected?: unknown; body?: unknown };
      const named = (body as { issuer?: unknown } | undefined)?.issuer;
      if (attribute === 'issuer' && typeof expected === 'string' && typeof named === 'string') return { expected, named };
    }
    current = cause;
  }
  return undefined;
}

/**
 * The error's message and its causes' (openid-client wraps the one that says what was wrong),
 * with an answer's HTTP status: one line, trimmed. Never a stack.
 */
export function technicalDetail(error: unknown): string {
  const parts: string[] = [];
  for (let current = error, depth = 0; current !== undefined && current !== null && depth < 4; depth++) {
    if (current instanceof Response) {
      parts.push(`HTTP ${current.status}`);
      break;
    }
    if (current instanceof Error) {
      if (current.message && !parts.includes(current.message)) parts.push(current.message);
      current = current.cause;
      continue;
    }
    if (typeof current === 'string') parts.push(current);
    break;
  }
  return trimDetail(parts.join(': ') || 'Unknown error');
}

function withCode(detail: string, code: string | undefined): string {
  return code && !detail.includes(code) ? trimDetail(`${detail} (${code})`) : detail;
}

/** One line (OpenSSL's messages span several), at most MAX_DETAIL_LENGTH characters. */
export function trimDetail(text: string): string {
  // Control characters out, whitespace runs to one space.
  // eslint-disable-next-line no-control-regex
  const line = text.replace(/[\u0000-\u001f\u007f]+/g, ' ').replace(/\s+/g, ' ').trim();
  return line.length > MAX_DETAIL_LENGTH ? `${line.slice(0, MAX_DETAIL_LENGTH - 1).trimEnd()}…` : line;
}
