// Issue 49 item 12: an issuer's failure told apart for the admin, from the errors openid-client
// and outbound-http really raise (outboundFetch on loopback or with a stand-in resolver, and
// openid-client's own error class), the technical words kept apart, one line and short.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { ClientError } from 'openid-client';
import { describe, expect, it } from 'vitest';
import { SSO_ISSUER_PROBLEMS } from '../../../domain/sso-rules';
import { SSO_MESSAGES } from '../../../domain/sso';
import { withValues } from '../../../domain/locales';
import { translate } from '../../platform/i18n';
import { outboundFetch } from '../../platform/outbound-http';
import { OUTBOUND_TEXTS } from '../../platform/outbound-texts';
import { classifyProviderFailure, MAX_DETAIL_LENGTH, technicalDetail, type ClassifiedProblem } from './issuer-problems';

const DISCOVERY = '/.well-known/openid-configuration';

/** What outboundFetch rejects with for this request: the TypeError openid-client passes on. */
async function failureOf(request: Promise<Response>): Promise<unknown> {
  return request.then(
    () => expect.fail('the request should have failed'),
    (error: unknown) => error,
  );
}

/** openid-client's error as its errorHandler makes one (its options type leaves `code` out). */
const clientError = (message: string, cause: unknown, code: string) => Object.assign(new ClientError(message, { cause }), { code });

/** outbound's TypeError as it makes one (for failures a test cannot cause on loopback). */
const outboundError = (reason: string, message: string, code?: string) => Object.assign(new TypeError(message), { reason, ...(code ? { code } : {}) });

/**
 * The classification without its detail's text, which must say the detail as it is in English
 * (issue 48: the admin reads it in their language), when outbound's words are the detail.
 */
function classified(error: unknown): Omit<ClassifiedProblem, 'detailText'> {
  const { detailText, ...rest } = classifyProviderFailure(error, 'not_openid');
  if (detailText) expect(translate('en', detailText)).toBe(rest.detail);
  return rest;
}

describe('classifyProviderFailure', () => {
  it('a host name that does not resolve: not_found', async () => {
    const fetch = outboundFetch({ allowPrivate: false, resolveHost: () => Promise.reject(Object.assign(new Error('getaddrinfo ENOTFOUND login.agency.example'), { code: 'ENOTFOUND' })) });
    const error = await failureOf(fetch(`https://login.agency.example${DISCOVERY}`));
    expect(classified(error)).toEqual({ problem: 'not_found', detail: 'login.agency.example could not be resolved (ENOTFOUND)' });
  });

  it('a port where nothing listens: refused; a connection dropped otherwise: unreachable', async () => {
    const server = http.createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    await new Promise((resolve) => server.close(resolve));
    const error = await failureOf(outboundFetch({ allowPrivate: true })(`http://127.0.0.1:${port}${DISCOVERY}`));
    expect(classified(error)).toEqual({ problem: 'refused', detail: `Could not connect to 127.0.0.1:${port} (ECONNREFUSED)` });
    // Issue 48: outbound's words in the admin's language.
    expect(translate('de', classifyProviderFailure(error, 'not_openid').detailText!)).toBe(`Keine Verbindung zu 127.0.0.1:${port} möglich (ECONNREFUSED)`);

    const reset = outboundError('connection_failed', 'login.agency.example closed the connection before answering (ECONNRESET)', 'ECONNRESET');
    expect(classifyProviderFailure(reset, 'not_openid')).toEqual({ problem: 'unreachable', detail: 'login.agency.example closed the connection before answering (ECONNRESET)' });
  });

  it('no answer in time: timeout', async () => {
    const fetch = outboundFetch({ allowPrivate: false, timeoutMs: 50, resolveHost: () => new Promise(() => {}) });
    const error = await failureOf(fetch(`https://slow.agency.example${DISCOVERY}`));
    expect(classified(error)).toEqual({ problem: 'timeout', detail: 'slow.agency.example could not be resolved within 50 ms' });
  });

  it('a certificate that cannot be verified: certificate, by its code or, with none, its words; other TLS failures: secure_connection', () => {
    for (const code of ['DEPTH_ZERO_SELF_SIGNED_CERT', 'SELF_SIGNED_CERT_IN_CHAIN', 'CERT_HAS_EXPIRED', 'UNABLE_TO_VERIFY_LEAF_SIGNATURE', 'UNABLE_TO_GET_ISSUER_CERT_LOCALLY', 'ERR_TLS_CERT_ALTNAME_INVALID']) {
      const error = outboundError('tls_failed', 'TLS with login.agency.example failed: some words', code);
      expect(classifyProviderFailure(error, 'not_openid'), code).toEqual({ problem: 'certificate', detail: `TLS with login.agency.example failed: some words (${code})` });
    }
    expect(classifyProviderFailure(outboundError('tls_failed', 'TLS with login.agency.example failed: certificate has expired'), 'not_openid').problem).toBe('certificate');
    // With outbound's text, TLS's words carry the code in every language.
    const withText = Object.assign(outboundError('tls_failed', 'TLS with login.agency.example failed: some words', 'CERT_HAS_EXPIRED'), {
      text: OUTBOUND_TEXTS.tlsFailed,
      values: { host: 'login.agency.example', detail: 'some words' },
    });
    expect(classified(withText)).toEqual({ problem: 'certificate', detail: 'TLS with login.agency.example failed: some words (CERT_HAS_EXPIRED)' });
    expect(translate('de', classifyProviderFailure(withText, 'not_openid').detailText!)).toBe('TLS mit login.agency.example ist fehlgeschlagen: some words (CERT_HAS_EXPIRED)');

    // https:// to a server that speaks http: OpenSSL's words on one line, the code not repeated
    // when they already say it.
    const openssl = 'TLS with login.agency.example:8080 failed: write EPROTO 40E8F5F7A07F0000:error:0A00010B:SSL routines:ssl3_get_record:wrong version number:\n    ../deps/openssl/openssl/ssl/record/ssl3_record.c:354:\n';
    expect(classifyProviderFailure(outboundError('tls_failed', openssl, 'EPROTO'), 'not_openid')).toEqual({
      problem: 'secure_connection',
      detail: 'TLS with login.agency.example:8080 failed: write EPROTO 40E8F5F7A07F0000:error:0A00010B:SSL routines:ssl3_get_record:wrong version number: ../deps/openssl/openssl/ssl/record/ssl3_record.c:354:',
    });
  });

  it('an address Brieflane does not send to: not_allowed, with outbound’s reason as the detail', async () => {
    const error = await failureOf(outboundFetch({ allowPrivate: false })(`https://10.0.0.5${DISCOVERY}`));
    expect(classified(error)).toEqual({ problem: 'not_allowed', detail: '10.0.0.5 is a private network address; only public addresses can be reached' });
  });

  it('an answer openid-client refused: the caller’s problem (not_openid at discovery, invalid_answer at a sign-in), with the status in the detail', () => {
    const notFound = clientError('unexpected HTTP response status code', new Response('<html>Not Found</html>', { status: 404 }), 'OAUTH_RESPONSE_IS_NOT_CONFORM');
    expect(classifyProviderFailure(notFound, 'not_openid')).toEqual({ problem: 'not_openid', detail: 'unexpected HTTP response status code: HTTP 404' });
    expect(classifyProviderFailure(notFound, 'invalid_answer').problem).toBe('invalid_answer');
    // An answer too large to be a configuration is some other page.
    expect(classifyProviderFailure(outboundError('answer_too_large', 'login.agency.example answered with more than 524288 bytes'), 'not_openid').problem).toBe('not_openid');
    // Anything else unknown is the caller's problem too.
    expect(classifyProviderFailure(new Error('boom'), 'not_openid')).toEqual({ problem: 'not_openid', detail: 'boom' });
  });

  it('a configuration naming another issuer: mismatch, naming it when it is a URL', () => {
    const compared = (named: unknown) =>
      clientError(
        'unexpected JSON attribute value encountered',
        Object.assign(new Error('"response" body "issuer" property does not match the expected value'), {
          code: 'OAUTH_JSON_ATTRIBUTE_COMPARISON_FAILED',
          cause: { expected: 'https://login.agency.example/realms/acme', body: { issuer: named }, attribute: 'issuer' },
        }),
        'OAUTH_JSON_ATTRIBUTE_COMPARISON_FAILED',
      );
    expect(classifyProviderFailure(compared('https://login.agency.example/realms/acme/'), 'not_openid')).toEqual({
      problem: 'mismatch',
      named: 'https://login.agency.example/realms/acme/',
      detail:
        'unexpected JSON attribute value encountered: "response" body "issuer" property does not match the expected value (asked for https://login.agency.example/realms/acme, it names https://login.agency.example/realms/acme/)',
    });
    // Not a URL: not repeated in the sentence.
    expect(classifyProviderFailure(compared('<script>'), 'not_openid')).toEqual({
      problem: 'mismatch',
      detail: 'unexpected JSON attribute value encountered: "response" body "issuer" property does not match the expected value',
    });
  });
});

describe('technicalDetail', () => {
  it('is the messages of the error and its causes on one line, never the stack, at most MAX_DETAIL_LENGTH characters', () => {
    const deep = new Error('outer', { cause: new Error('middle\n\twith a line break', { cause: new Error('inner') }) });
    expect(technicalDetail(deep)).toBe('outer: middle with a line break: inner');
    expect(technicalDetail(deep)).not.toContain(' at ');

    const long = technicalDetail(new Error('x'.repeat(2000)));
    expect(long).toHaveLength(MAX_DETAIL_LENGTH);
    expect(long.endsWith('…')).toBe(true);
    expect(technicalDetail('plain words')).toBe('plain words');
    expect(technicalDetail(undefined)).toBe('Unknown error');
  });
});

describe('SSO_MESSAGES.issuerProblems', () => {
  it('has a plain sentence for every problem, naming the host and no error code', () => {
    for (const problem of SSO_ISSUER_PROBLEMS) {
      const sentence = translate('en', withValues(SSO_MESSAGES.issuerProblems[problem], { host: 'login.agency.example' }));
      expect(sentence, problem).toContain('login.agency.example');
      expect(sentence, problem).not.toMatch(/\b[A-Z_]{6,}\b|OpenSSL|TLS|ECONN/);
    }
  });
});
