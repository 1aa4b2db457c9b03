// Issue 48: why a request to a URL someone typed failed (outbound-http.ts), in the `server` part of
// the catalogs (decision 045). A webhook delivery stores the text's id with its values, said in
// the language of whoever reads the delivery log; a refused webhook URL and single sign-on's
// technical detail answer in the caller's. The values are the URL's host, a number, or another
// system's own words (a socket's code, TLS's message), which pass as they are.
import type { Text } from '../../domain/locales';

/**
 * The ranges outbound-http refuses, named in the sentence. Two sentences per range (an address
 * typed as such "is" one; a host name "resolves to" one), since a language may say the range
 * differently after each.
 */
export type RefusedRange = 'loopback' | 'private' | 'carrierGradeNat' | 'linkLocal' | 'metadata' | 'unspecified' | 'multicast' | 'broadcast' | 'reserved';

export const OUTBOUND_TEXTS = {
  invalidUrl: /*i18n*/ { id: 'server.outbound.invalidUrl', message: 'The address is not a valid URL' },
  notHttp: /*i18n*/ { id: 'server.outbound.notHttp', message: 'The address must start with http:// or https://' },
  credentialsInUrl: /*i18n*/ { id: 'server.outbound.credentialsInUrl', message: 'The address must not contain a user name or password' },
  lookupTimedOut: /*i18n*/ { id: 'server.outbound.lookupTimedOut', message: '{host} could not be resolved within {ms} ms' },
  lookupFailed: /*i18n*/ { id: 'server.outbound.lookupFailed', message: '{host} could not be resolved ({code})' },
  noAddress: /*i18n*/ { id: 'server.outbound.noAddress', message: '{host} has no address' },
  /** `{host}` is an address as typed: "127.0.0.1 is a loopback address ...". */
  addressRefused: {
    loopback: /*i18n*/ { id: 'server.outbound.addressRefused.loopback', message: '{host} is a loopback address (the server itself); only public addresses can be reached' },
    private: /*i18n*/ { id: 'server.outbound.addressRefused.private', message: '{host} is a private network address; only public addresses can be reached' },
    carrierGradeNat: /*i18n*/ { id: 'server.outbound.addressRefused.carrierGradeNat', message: '{host} is a carrier-grade NAT address; only public addresses can be reached' },
    linkLocal: /*i18n*/ { id: 'server.outbound.addressRefused.linkLocal', message: '{host} is a link-local address; only public addresses can be reached' },
    metadata: /*i18n*/ { id: 'server.outbound.addressRefused.metadata', message: '{host} is a cloud metadata service; only public addresses can be reached' },
    unspecified: /*i18n*/ { id: 'server.outbound.addressRefused.unspecified', message: '{host} is an unspecified address; only public addresses can be reached' },
    multicast: /*i18n*/ { id: 'server.outbound.addressRefused.multicast', message: '{host} is a multicast address; only public addresses can be reached' },
    broadcast: /*i18n*/ { id: 'server.outbound.addressRefused.broadcast', message: '{host} is the broadcast address; only public addresses can be reached' },
    reserved: /*i18n*/ { id: 'server.outbound.addressRefused.reserved', message: '{host} is a reserved address; only public addresses can be reached' },
  } satisfies Record<RefusedRange, Text>,
  /** `{host}` is a host name: "hooks.example resolves to a private network address ...". */
  hostRefused: {
    loopback: /*i18n*/ { id: 'server.outbound.hostRefused.loopback', message: '{host} resolves to a loopback address (the server itself); only public addresses can be reached' },
    private: /*i18n*/ { id: 'server.outbound.hostRefused.private', message: '{host} resolves to a private network address; only public addresses can be reached' },
    carrierGradeNat: /*i18n*/ { id: 'server.outbound.hostRefused.carrierGradeNat', message: '{host} resolves to a carrier-grade NAT address; only public addresses can be reached' },
    linkLocal: /*i18n*/ { id: 'server.outbound.hostRefused.linkLocal', message: '{host} resolves to a link-local address; only public addresses can be reached' },
    metadata: /*i18n*/ { id: 'server.outbound.hostRefused.metadata', message: '{host} resolves to a cloud metadata service; only public addresses can be reached' },
    unspecified: /*i18n*/ { id: 'server.outbound.hostRefused.unspecified', message: '{host} resolves to an unspecified address; only public addresses can be reached' },
    multicast: /*i18n*/ { id: 'server.outbound.hostRefused.multicast', message: '{host} resolves to a multicast address; only public addresses can be reached' },
    broadcast: /*i18n*/ { id: 'server.outbound.hostRefused.broadcast', message: '{host} resolves to the broadcast address; only public addresses can be reached' },
    reserved: /*i18n*/ { id: 'server.outbound.hostRefused.reserved', message: '{host} resolves to a reserved address; only public addresses can be reached' },
  } satisfies Record<RefusedRange, Text>,
  answerTooLarge: /*i18n*/ { id: 'server.outbound.answerTooLarge', message: '{host} answered with more than {bytes} bytes' },
  closedMidAnswer: /*i18n*/ { id: 'server.outbound.closedMidAnswer', message: '{host} closed the connection before the answer was complete' },
  /** `{detail}`: TLS's own words (OpenSSL's, Node's). */
  tlsFailed: /*i18n*/ { id: 'server.outbound.tlsFailed', message: 'TLS with {host} failed: {detail}' },
  closedBeforeAnswer: /*i18n*/ { id: 'server.outbound.closedBeforeAnswer', message: '{host} closed the connection before answering ({code})' },
  couldNotConnect: /*i18n*/ { id: 'server.outbound.couldNotConnect', message: 'Could not connect to {host} ({code})' },
  timedOut: /*i18n*/ { id: 'server.outbound.timedOut', message: '{host} did not answer within {ms} ms' },
  /** outboundFetch: an exchange that ended with no status and no error (not expected). */
  noAnswer: /*i18n*/ { id: 'server.outbound.noAnswer', message: 'No answer from {host}' },
  /** outboundFetch: a status the Fetch API cannot stand for (1xx, or past 599). */
  oddStatus: /*i18n*/ { id: 'server.outbound.oddStatus', message: '{host} answered with status {status}' },
};
