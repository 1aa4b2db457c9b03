// The one way the server sends a request to a URL a user typed (issue 30 item 3; outgoing
// webhooks are built on it, and single sign-on's requests to an organization's OpenID provider,
// issue 31 item 4, through outboundFetch). Such a request starts inside the server's network, so a careless
// one lets any member reach what sits beside the server: the database, an admin panel, the
// cloud metadata service with its credentials (server-side request forgery). Hence:
// - http: and https: only, with no user name or password in the URL; any port (a receiver may
//   listen on 8080 or 3000: the address checks, not the port, keep requests off internal hosts);
// - the host name resolved once, and refused if ANY of its addresses is not public: an allow
//   list, only what ipaddr.js's range() calls 'unicast' passes, so loopback, private,
//   link-local, unique-local, CGNAT, multicast, reserved, documentation and every other special
//   range (6to4 and Teredo tunnels too) are out without a list of our own to keep; an IPv4
//   address written as IPv6 (mapped, compatible, NAT64) is judged as the IPv4 address it reaches;
// - the connection made to exactly those checked addresses, never to a second lookup's answer
//   (DNS rebinding: a name may answer a public address to the check and 127.0.0.1 to the
//   connection);
// - redirects not followed (the next hop would escape the checks), one deadline for the whole
//   exchange, and at most maxAnswerBytes of the answer read before the socket is dropped.
// Failures come back as values with a short reason, never as throws: a delivery records them.
import { lookup as dnsLookup } from 'node:dns/promises';
import http from 'node:http';
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import ipaddr from 'ipaddr.js';
import type { Text, TextValues } from '../../domain/locales';
import { translate } from './i18n';
import { OUTBOUND_TEXTS, type RefusedRange } from './outbound-texts';

export type OutboundFailure =
  /** Not a URL, not http(s), or with credentials in it. */
  | 'invalid_url'
  /** The host is, or resolves to, an address the server does not send to. */
  | 'refused_destination'
  | 'dns_failed'
  /** No complete answer within timeoutMs, name lookup included. */
  | 'timeout'
  /** No connection, or it closed before the answer was complete. */
  | 'connection_failed'
  /** Connected, but the TLS handshake failed: an untrusted or mismatched certificate, mostly. */
  | 'tls_failed'
  /** The answer was longer than maxAnswerBytes where the caller needs all of it (sendRequest). */
  | 'answer_too_large';

/**
 * What went wrong, fit to show the user who typed the URL: it never names a resolved address.
 * `text` with `values` says it in the reader's language (issue 48: a delivery stores
 * `messageWithValues(text, values)`, said when the log is read); `message` is its English, for
 * logs and for outboundFetch's TypeError, which libraries read.
 * `code`: the socket's or TLS's own error code when a connection failed (ECONNREFUSED,
 * CERT_HAS_EXPIRED, EPROTO...), for a caller that tells such failures apart (single sign-on).
 */
export type OutboundError = { reason: OutboundFailure; message: string; text: Text; values: TextValues; code?: string };

export type ResolvedAddress = { address: string; family: number };

/** Every address of a host name. dns.lookup (the system resolver) unless a test stands in. */
export type ResolveHost = (hostname: string) => Promise<ResolvedAddress[]>;

export type DestinationOptions = {
  /** WEBHOOK_ALLOW_PRIVATE: let loopback, private, unique-local and CGNAT addresses through. */
  allowPrivate: boolean;
  resolveHost?: ResolveHost;
  /** For the name lookup here; postJson's deadline covers the whole exchange. */
  timeoutMs?: number;
};

export type PostOptions = DestinationOptions & {
  /** Lookup, connection, request and answer together. */
  timeoutMs?: number;
  maxAnswerBytes?: number;
};

export type OutboundResult = {
  /** The receiver's HTTP status, null when none came. A 3xx is only a status: never followed. */
  status: number | null;
  durationMs: number;
  /** The first maxAnswerBytes of the answer's body, as UTF-8 text ('' when none). */
  answer: string;
  /** Set when the exchange did not complete; status may still be set (e.g. a timeout mid-answer). */
  error?: OutboundError;
};

const DEFAULT_TIMEOUT_MS = 10_000;
const DEFAULT_MAX_ANSWER_BYTES = 1024;

/**
 * Ranges that allowPrivate lets through: the operator's own networks, where a self-hosted
 * receiver lives. Link-local never (169.254.169.254 is the metadata service of most clouds).
 */
const PRIVATE_RANGES = new Set(['loopback', 'private', 'uniqueLocal', 'carrierGradeNat']);

/** Cloud metadata services outside link-local, refused even with allowPrivate: AWS's IPv6 one, Alibaba Cloud's. */
const METADATA_ADDRESSES = new Set(['fd00:ec2::254', '100.100.100.200'].map((a) => ipaddr.parse(a).toString()));

/** IPv4-compatible IPv6 (::a.b.c.d, deprecated) and the well-known NAT64 prefix (RFC 6052) embed an IPv4 address in their last 32 bits. */
const IPV4_COMPATIBLE = ipaddr.IPv6.parseCIDR('::/96');
const NAT64_WELL_KNOWN = ipaddr.IPv6.parseCIDR('64:ff9b::/96');

/** How a refused range is named (OUTBOUND_TEXTS.addressRefused, hostRefused); any other is 'reserved'. */
const REFUSED_RANGES: Record<string, RefusedRange> = {
  loopback: 'loopback',
  private: 'private',
  uniqueLocal: 'private',
  carrierGradeNat: 'carrierGradeNat',
  linkLocal: 'linkLocal',
  metadata: 'metadata',
  unspecified: 'unspecified',
  multicast: 'multicast',
  broadcast: 'broadcast',
};

type Destination = { url: URL; addresses: ResolvedAddress[] };
type Checked = { ok: true; destination: Destination } | { ok: false; error: OutboundError };

/**
 * Whether a URL may be sent to, before anything is: for a form to refuse a URL with a clear
 * message. postJson checks again when it sends (a name may resolve elsewhere by then).
 */
export async function checkDestination(url: string, options: DestinationOptions): Promise<{ ok: true } | { ok: false; error: OutboundError }> {
  const checked = await resolveDestination(url, options, options.timeoutMs ?? DEFAULT_TIMEOUT_MS);
  return checked.ok ? { ok: true } : checked;
}

/**
 * POSTs `body` (JSON text) to a checked destination and reports what came back. Never throws
 * for anything the destination does.
 */
export async function postJson(url: string, body: string, headers: Record<string, string>, options: PostOptions): Promise<OutboundResult> {
  const result = await sendChecked(url, { method: 'POST', body, headers: { 'content-type': 'application/json', ...headers } }, options, 'cut');
  const { answer, headers: _answerHeaders, ...rest } = result;
  return { ...rest, answer: answer.toString('utf8') };
}

export type OutboundRequest = {
  method: 'GET' | 'POST';
  /** Sent as given; its length is the Content-Length. */
  body?: string;
  headers?: Record<string, string>;
};

export type OutboundResponse = {
  status: number | null;
  durationMs: number;
  /** The answer's headers, as Node's http module gives them (names in lower case). */
  headers: http.IncomingHttpHeaders;
  /** The whole answer; an answer longer than maxAnswerBytes is an 'answer_too_large' error. */
  body: Buffer;
  error?: OutboundError;
};

/**
 * Any GET or POST to a checked destination, the answer read whole (at most maxAnswerBytes, or an
 * 'answer_too_large' error rather than a cut answer). The same checks as postJson; never throws
 * for anything the destination does.
 */
export async function sendRequest(url: string, request: OutboundRequest, options: PostOptions): Promise<OutboundResponse> {
  const { answer, ...rest } = await sendChecked(url, request, options, 'fail');
  return { ...rest, body: answer };
}

/**
 * A Fetch API stand-in for libraries that take one (openid-client's `customFetch`): every request
 * goes through sendRequest's checks. A refused or failed exchange rejects with a TypeError, as
 * fetch does for a network error, whose message is outbound's (fit to show the user).
 */
export function outboundFetch(options: PostOptions): (url: string, init?: { method?: string; headers?: Record<string, string>; body?: unknown }) => Promise<Response> {
  return async (url, init = {}) => {
    const method = (init.method ?? 'GET').toUpperCase();
    if (method !== 'GET' && method !== 'POST') throw new TypeError(`outbound: ${method} is not sent`);
    const body = init.body === undefined || init.body === null ? undefined : init.body instanceof URLSearchParams ? init.body.toString() : init.body;
    if (body !== undefined && typeof body !== 'string') throw new TypeError('outbound: only text bodies are sent');
    const result = await sendRequest(url, { method, body, headers: init.headers }, options);
    if (result.error || result.status === null) {
      const error = result.error ?? outboundError('connection_failed', OUTBOUND_TEXTS.noAnswer, { host: new URL(url).host });
      throw fetchFailure(error);
    }
    const headers = new Headers();
    for (const [name, value] of Object.entries(result.headers)) {
      if (value === undefined) continue;
      for (const one of Array.isArray(value) ? value : [value]) headers.append(name, one);
    }
    // A status the Response constructor refuses (1xx) or one that must have no body.
    const status = result.status;
    if (status < 200 || status > 599) throw fetchFailure(outboundError('connection_failed', OUTBOUND_TEXTS.oddStatus, { host: new URL(url).host, status: String(status) }));
    const empty = status === 204 || status === 205 || status === 304;
    return new Response(empty ? null : new Uint8Array(result.body), { status, headers });
  };
}

/**
 * outboundFetch's rejection, as fetch's for a network error: a TypeError with the English message
 * (what openid-client passes on), carrying the reason, the code, and the text with its values.
 */
function fetchFailure(error: OutboundError): TypeError & Pick<OutboundError, 'reason' | 'text' | 'values' | 'code'> {
  return Object.assign(new TypeError(error.message), { reason: error.reason, text: error.text, values: error.values, ...(error.code ? { code: error.code } : {}) });
}

type Sent = Omit<OutboundResponse, 'body'> & { answer: Buffer };

async function sendChecked(url: string, request: OutboundRequest, options: PostOptions, overLimit: 'cut' | 'fail'): Promise<Sent> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const checked = await resolveDestination(url, options, timeoutMs);
  if (!checked.ok) return { status: null, durationMs: elapsed(), headers: {}, answer: Buffer.alloc(0), error: checked.error };
  const outcome = await exchange(checked.destination, request, {
    remainingMs: Math.max(0, timeoutMs - elapsed()),
    timeoutMs,
    maxAnswerBytes: options.maxAnswerBytes ?? DEFAULT_MAX_ANSWER_BYTES,
    overLimit,
  });
  return { ...outcome, durationMs: elapsed() };
}

async function resolveDestination(raw: string, options: DestinationOptions, timeoutMs: number): Promise<Checked> {
  const url = URL.canParse(raw) ? new URL(raw) : undefined;
  if (!url) return failed('invalid_url', OUTBOUND_TEXTS.invalidUrl);
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return failed('invalid_url', OUTBOUND_TEXTS.notHttp);
  if (url.username || url.password) return failed('invalid_url', OUTBOUND_TEXTS.credentialsInUrl);

  // The URL parser has already turned every IPv4 spelling (0x7f.1, 2130706433) into a.b.c.d.
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  let addresses: ResolvedAddress[];
  if (isIP(host)) {
    addresses = [{ address: host, family: isIP(host) }];
  } else {
    const resolveHost = options.resolveHost ?? resolveWithSystem;
    const resolved = await withinMs(
      Promise.resolve().then(() => resolveHost(host)),
      timeoutMs,
    ).catch((error: unknown) => ({ failure: errorCode(error) }));
    if (resolved === TIMED_OUT) return failed('timeout', OUTBOUND_TEXTS.lookupTimedOut, { host, ms: String(timeoutMs) });
    if ('failure' in resolved) return failed('dns_failed', OUTBOUND_TEXTS.lookupFailed, { host, code: resolved.failure });
    if (resolved.length === 0) return failed('dns_failed', OUTBOUND_TEXTS.noAddress, { host });
    addresses = resolved;
  }

  for (const { address } of addresses) {
    const refused = refusedRange(address, options.allowPrivate);
    if (refused === undefined) continue;
    const range = REFUSED_RANGES[refused] ?? 'reserved';
    if (isIP(host)) return failed('refused_destination', OUTBOUND_TEXTS.addressRefused[range], { host: url.hostname });
    return failed('refused_destination', OUTBOUND_TEXTS.hostRefused[range], { host });
  }
  return { ok: true, destination: { url, addresses } };
}

/** The ipaddr.js range that keeps `address` out, or undefined when it may be reached. */
function refusedRange(address: string, allowPrivate: boolean): string | undefined {
  if (!ipaddr.isValid(address)) return 'unparseable';
  const ip = reachedAddress(ipaddr.parse(address));
  if (METADATA_ADDRESSES.has(ip.toString())) return 'metadata';
  const range = ip.range();
  if (range === 'unicast' || (allowPrivate && PRIVATE_RANGES.has(range))) return undefined;
  return range;
}

/** The address a connection really reaches: an IPv4 address written as IPv6 is that IPv4 address. */
function reachedAddress(ip: ipaddr.IPv4 | ipaddr.IPv6): ipaddr.IPv4 | ipaddr.IPv6 {
  if (ip.kind() === 'ipv4') return ip;
  const v6 = ip as ipaddr.IPv6;
  if (v6.isIPv4MappedAddress()) return v6.toIPv4Address();
  // :: and ::1 are in ::/96 too, but range() already names them (unspecified, loopback).
  const embeds = (v6.range() === 'unicast' && v6.match(IPV4_COMPATIBLE)) || v6.match(NAT64_WELL_KNOWN);
  return embeds ? new ipaddr.IPv4(v6.toByteArray().slice(12)) : v6;
}

async function resolveWithSystem(hostname: string): Promise<ResolvedAddress[]> {
  return dnsLookup(hostname, { all: true });
}

type Exchanged = Omit<Sent, 'durationMs'>;

/**
 * node:http(s) with agent: false and a lookup that answers the checked addresses: the socket
 * can only reach what was checked, while the request keeps the typed name for its Host header
 * and for TLS (SNI and the certificate's name check) as if it had resolved it itself. undici
 * could do the same through its connect option, but node:http needs no extra dependency and
 * lets the answer be cut at a byte count. No agent: no pooled socket is reused by a later call.
 */
function exchange(
  { url, addresses }: Destination,
  outgoing: OutboundRequest,
  limits: { remainingMs: number; timeoutMs: number; maxAnswerBytes: number; overLimit: 'cut' | 'fail' },
): Promise<Exchanged> {
  return new Promise((resolve) => {
    const secure = url.protocol === 'https:';
    let status: number | null = null;
    let answerHeaders: http.IncomingHttpHeaders = {};
    const chunks: Buffer[] = [];
    let received = 0;
    let connected = false;
    let secured = false;
    let settled = false;

    const finish = (error?: OutboundError) => {
      if (settled) return;
      settled = true;
      clearTimeout(deadline);
      // Drops the socket whatever state it is in: a full answer, a cut one, or none yet.
      request.destroy();
      const answer = Buffer.concat(chunks).subarray(0, limits.maxAnswerBytes);
      resolve(error ? { status, headers: answerHeaders, answer, error } : { status, headers: answerHeaders, answer });
    };

    const request = (secure ? https : http).request(
      url,
      { method: outgoing.method, headers: requestHeaders(outgoing.headers ?? {}, outgoing.body), agent: false, lookup: pinnedLookup(addresses) },
      (response) => {
        status = response.statusCode ?? null;
        answerHeaders = response.headers;
        response.on('data', (chunk: Buffer) => {
          if (settled) return;
          chunks.push(chunk);
          received += chunk.length;
          // Enough: stop reading rather than buffer a huge or endless answer.
          if (received > limits.maxAnswerBytes && limits.overLimit === 'fail') {
            finish(outboundError('answer_too_large', OUTBOUND_TEXTS.answerTooLarge, { host: url.host, bytes: String(limits.maxAnswerBytes) }));
          } else if (received >= limits.maxAnswerBytes && limits.overLimit === 'cut') {
            finish();
          }
        });
        response.on('end', () => finish());
        response.on('error', () => finish(outboundError('connection_failed', OUTBOUND_TEXTS.closedMidAnswer, { host: url.host })));
        response.on('close', () => {
          if (!response.complete) finish(outboundError('connection_failed', OUTBOUND_TEXTS.closedMidAnswer, { host: url.host }));
        });
      },
    );
    request.on('socket', (socket) => {
      socket.once('connect', () => (connected = true));
      socket.once('secureConnect', () => (secured = true));
    });
    request.on('error', (error) => {
      const code = errorCode(error);
      if (secure && connected && !secured) {
        finish(outboundError('tls_failed', OUTBOUND_TEXTS.tlsFailed, { host: url.host, detail: error.message }, code));
      } else if (connected) {
        finish(outboundError('connection_failed', OUTBOUND_TEXTS.closedBeforeAnswer, { host: url.host, code }, code));
      } else {
        finish(outboundError('connection_failed', OUTBOUND_TEXTS.couldNotConnect, { host: url.host, code }, code));
      }
    });
    const deadline = setTimeout(
      () => finish(outboundError('timeout', OUTBOUND_TEXTS.timedOut, { host: url.host, ms: String(limits.timeoutMs) })),
      limits.remainingMs,
    );
    request.end(outgoing.body);
  });
}

/**
 * The caller's headers, with the length from the body. Host, framing and connection headers are
 * the request's own, never the caller's.
 */
function requestHeaders(headers: Record<string, string>, body: string | undefined): Record<string, string> {
  const own = new Set(['host', 'content-length', 'transfer-encoding', 'connection']);
  const given = Object.entries(headers)
    .map(([name, value]) => [name.toLowerCase(), value] as const)
    .filter(([name]) => !own.has(name));
  return { ...Object.fromEntries(given), ...(body === undefined ? {} : { 'content-length': String(Buffer.byteLength(body)) }) };
}

/** A dns.lookup stand-in that answers only the addresses already checked. */
function pinnedLookup(addresses: ResolvedAddress[]): LookupFunction {
  return (_hostname, options, callback) => {
    // With autoSelectFamily (Node's default) the socket asks for all and tries each in turn.
    if (options.all) callback(null, addresses);
    else callback(null, addresses[0]!.address, addresses[0]!.family);
  };
}

const TIMED_OUT = Symbol('timed out');

/** The promise's value, or TIMED_OUT after `ms`; a late rejection stays handled by the race. */
async function withinMs<T>(promise: Promise<T>, ms: number): Promise<T | typeof TIMED_OUT> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<typeof TIMED_OUT>((resolve) => (timer = setTimeout(() => resolve(TIMED_OUT), ms)));
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

function errorCode(error: unknown): string {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  return typeof code === 'string' ? code : error instanceof Error ? error.message : String(error);
}

/**
 * A failure, said by a text of OUTBOUND_TEXTS with its values (numbers as written, so every
 * language shows them as English did); `message` is that text in English.
 */
function outboundError(reason: OutboundFailure, text: Text, values: TextValues = {}, code?: string): OutboundError {
  return { reason, message: translate('en', text, values), text, values, ...(code ? { code } : {}) };
}

function failed(reason: OutboundFailure, text: Text, values?: TextValues): { ok: false; error: OutboundError } {
  return { ok: false, error: outboundError(reason, text, values) };
}
