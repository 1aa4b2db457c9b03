// Issue 48: every way a request to a typed URL fails says so with a text of the catalogs (a
// webhook delivery stores it, said in the reader's language), whose English is the failure's
// `message` as it always was. Real sockets on loopback; names resolve through a stand-in.
import http from 'node:http';
import net, { type AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import type { Text } from '../../domain/locales';
import { translate } from './i18n';
import { checkDestination, outboundFetch, postJson, sendRequest, type OutboundError, type ResolveHost } from './outbound-http';
import { OUTBOUND_TEXTS } from './outbound-texts';

const servers: (http.Server | net.Server)[] = [];

afterEach(async () => {
  for (const server of servers.splice(0)) {
    if (server instanceof http.Server) server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});

async function listen(server: http.Server | net.Server): Promise<string> {
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `127.0.0.1:${(server.address() as AddressInfo).port}`;
}

const resolveTo =
  (...addresses: string[]): ResolveHost =>
  async () =>
    addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));

/** Every text of OUTBOUND_TEXTS, nested ones too. */
function allTexts(texts: object = OUTBOUND_TEXTS): Text[] {
  return Object.values(texts).flatMap((value: Text | object) => ('id' in value ? [value as Text] : allTexts(value)));
}

async function refusal(url: string, resolveHost?: ResolveHost): Promise<OutboundError> {
  const checked = await checkDestination(url, { allowPrivate: false, resolveHost });
  if (checked.ok) return expect.fail(`${url} should be refused`);
  return checked.error;
}

async function failure(url: string, options: Parameters<typeof postJson>[3]): Promise<OutboundError> {
  const { error } = await postJson(url, '{}', {}, options);
  return error ?? expect.fail(`${url} should fail`);
}

/** One failure of each kind outbound-http reports, each with what its message must contain. */
async function everyFailure(): Promise<[OutboundError, string][]> {
  const failures: [OutboundError, string][] = [];
  const add = (error: OutboundError, words: string) => failures.push([error, words]);

  add(await refusal('hooks.example/hook'), 'The address is not a valid URL');
  add(await refusal('ftp://hooks.example/'), 'The address must start with http:// or https://');
  add(await refusal('https://user:secret@hooks.example/'), 'The address must not contain a user name or password');
  const notFound = () => Promise.reject(Object.assign(new Error('getaddrinfo ENOTFOUND'), { code: 'ENOTFOUND' }));
  add(await refusal('https://nowhere.example/', notFound), 'nowhere.example could not be resolved (ENOTFOUND)');
  add(await refusal('https://empty.example/', resolveTo()), 'empty.example has no address');
  add(await failure('https://slow.example/', { allowPrivate: false, timeoutMs: 50, resolveHost: () => new Promise(() => {}) }), 'slow.example could not be resolved within 50 ms');

  // Each range refused, typed as an address and reached through a name.
  const ranges: [string, string][] = [
    ['127.0.0.1', 'a loopback address (the server itself)'],
    ['10.0.0.5', 'a private network address'],
    ['fd12::1', 'a private network address'],
    ['100.64.0.1', 'a carrier-grade NAT address'],
    ['169.254.169.254', 'a link-local address'],
    ['100.100.100.200', 'a cloud metadata service'],
    ['0.0.0.0', 'an unspecified address'],
    ['224.0.0.1', 'a multicast address'],
    ['255.255.255.255', 'the broadcast address'],
    ['240.0.0.1', 'a reserved address'],
  ];
  for (const [address, words] of ranges) {
    const typed = address.includes(':') ? `[${address}]` : address;
    add(await refusal(`http://${typed}/hook`), `${typed} is ${words}; only public addresses can be reached`);
    add(await refusal('http://hooks.example/hook', resolveTo(address)), `hooks.example resolves to ${words}; only public addresses can be reached`);
  }

  const closed = http.createServer();
  const closedHost = await listen(closed);
  await new Promise((resolve) => closed.close(resolve));
  servers.splice(servers.indexOf(closed), 1);
  add(await failure(`http://${closedHost}/hook`, { allowPrivate: true }), `Could not connect to ${closedHost} (ECONNREFUSED)`);

  // Connected, the request read, then the connection reset.
  const hangUp = net.createServer((socket) => socket.once('data', () => socket.resetAndDestroy()));
  const hangUpHost = await listen(hangUp);
  add(await failure(`http://${hangUpHost}/hook`, { allowPrivate: true }), `${hangUpHost} closed the connection before answering (ECONNRESET)`);

  const halfAnswer = http.createServer((_request, response) => {
    response.writeHead(200, { 'content-length': '100' });
    response.write('partial', () => response.socket?.destroy());
  });
  const halfHost = await listen(halfAnswer);
  add(await failure(`http://${halfHost}/hook`, { allowPrivate: true }), `${halfHost} closed the connection before the answer was complete`);

  // https:// to a server that speaks http: the handshake fails with OpenSSL's words.
  const plain = http.createServer((_request, response) => response.end('plain'));
  const plainHost = await listen(plain);
  add(await failure(`https://${plainHost}/hook`, { allowPrivate: true }), `TLS with ${plainHost} failed: `);

  const silent = http.createServer(() => {});
  const silentHost = await listen(silent);
  add(await failure(`http://${silentHost}/hook`, { allowPrivate: true, timeoutMs: 200 }), `${silentHost} did not answer within 200 ms`);

  const long = http.createServer((_request, response) => response.end('x'.repeat(5000)));
  const longHost = await listen(long);
  const tooLarge = await sendRequest(`http://${longHost}/`, { method: 'GET' }, { allowPrivate: true, maxAnswerBytes: 1024 });
  add(tooLarge.error ?? expect.fail('a long answer should fail'), `${longHost} answered with more than 1024 bytes`);
  return failures;
}

describe('outbound failures in the reader’s language', () => {
  it('say every failure with a text of the catalogs, whose English is its message as before', async () => {
    const failures = await everyFailure();
    const said = new Set<string>();
    for (const [error, words] of failures) {
      expect(error.message, words).toContain(words);
      // The id alone, as a delivery stores it, finds the text in the catalogs (the server part).
      expect(translate('en', error.text.id, error.values), error.text.id).toBe(error.message);
      const german = translate('de', error.text.id, error.values);
      expect(german, error.text.id).not.toBe(error.message);
      expect(translate('es', error.text.id, error.values), error.text.id).not.toBe(german);
      said.add(error.text.id);
    }
    // Every text is one of these failures' but outboundFetch's own two: a request that ended with
    // no status and no error, and a status the Fetch API cannot stand for (1xx), which no receiver
    // on loopback makes Node's client hand over.
    const fetchOnly = [OUTBOUND_TEXTS.noAnswer.id, OUTBOUND_TEXTS.oddStatus.id];
    expect([...said].sort()).toEqual(allTexts().map((text) => text.id).filter((id) => !fetchOnly.includes(id)).sort());
    for (const id of fetchOnly) expect(translate('de', id, { host: 'h', status: '101' }), id).not.toBe(translate('en', id, { host: 'h', status: '101' }));
  });

  it('reads German for a German reader, the other system’s words (the code) as they are', async () => {
    const closed = http.createServer();
    const host = await listen(closed);
    await new Promise((resolve) => closed.close(resolve));
    servers.splice(servers.indexOf(closed), 1);
    const error = await failure(`http://${host}/hook`, { allowPrivate: true });
    expect(translate('de', error.text, error.values)).toBe(`Keine Verbindung zu ${host} möglich (ECONNREFUSED)`);
    expect(translate('es', error.text, error.values)).toBe(`No se pudo conectar con ${host} (ECONNREFUSED)`);
    // outboundFetch's TypeError keeps the English message libraries read, and carries the text.
    await expect(outboundFetch({ allowPrivate: true })(`http://${host}/`)).rejects.toMatchObject({
      name: 'TypeError',
      message: `Could not connect to ${host} (ECONNREFUSED)`,
      text: OUTBOUND_TEXTS.couldNotConnect,
      values: { host, code: 'ECONNREFUSED' },
    });
  });
});
