// A DNS server on loopback for the tests of single sign-on's domain proof (issue 46): the app's
// resolver is pointed at it (DNS_SERVERS), so no test asks the network. It answers TXT questions
// from a table the test writes: a domain with records answers them, a domain marked failing
// answers SERVFAIL, any other name NXDOMAIN. UDP only (the answers are small).
import { createSocket, type RemoteInfo } from 'node:dgram';
import type { AddressInfo } from 'node:net';
import * as dnsPacket from 'dns-packet';

const NXDOMAIN = 3;
const SERVFAIL = 2;

export type TestDnsServer = {
  /** `127.0.0.1:<port>`, for DNS_SERVERS. */
  address: string;
  /** The domain's TXT records from now on (each one string); null: the domain no longer exists. */
  setTxt: (domain: string, records: string[] | null) => void;
  /** The domain's questions answer SERVFAIL (a resolver that cannot answer) until setTxt. */
  failFor: (domain: string) => void;
  /** How many questions the server was asked about the domain. */
  questionsAbout: (domain: string) => number;
  close: () => Promise<void>;
};

/** `port`: 0 for any free one (the API tests); e2e passes the one its server was started with. */
export async function startDnsServer(port = 0): Promise<TestDnsServer> {
  const txt = new Map<string, string[]>();
  const failing = new Set<string>();
  const asked = new Map<string, number>();
  const socket = createSocket('udp4');

  socket.on('message', (message: Buffer, from: RemoteInfo) => {
    let query: dnsPacket.Packet;
    try {
      query = dnsPacket.decode(message);
    } catch {
      return;
    }
    const question = query.questions?.[0];
    if (!question) return;
    const name = question.name.toLowerCase().replace(/\.$/, '');
    asked.set(name, (asked.get(name) ?? 0) + 1);
    const records = txt.get(name);
    const rcode = failing.has(name) ? SERVFAIL : records ? 0 : NXDOMAIN;
    const answers: dnsPacket.Answer[] =
      rcode === 0 && question.type === 'TXT' ? (records ?? []).map((data) => ({ type: 'TXT', name: question.name, ttl: 60, class: 'IN', data })) : [];
    const response = dnsPacket.encode({
      type: 'response',
      id: query.id,
      flags: dnsPacket.RECURSION_DESIRED | dnsPacket.RECURSION_AVAILABLE | rcode,
      questions: query.questions,
      answers,
    });
    socket.send(response, from.port, from.address);
  });

  await new Promise<void>((resolve, reject) => {
    socket.once('error', reject);
    socket.bind(port, '127.0.0.1', () => resolve());
  });
  const bound = (socket.address() as AddressInfo).port;

  return {
    address: `127.0.0.1:${bound}`,
    setTxt(domain, records) {
      failing.delete(domain);
      if (records === null) txt.delete(domain);
      else txt.set(domain, records);
    },
    failFor(domain) {
      failing.add(domain);
    },
    questionsAbout: (domain) => asked.get(domain) ?? 0,
    close: () => new Promise<void>((resolve) => socket.close(() => resolve())),
  };
}
