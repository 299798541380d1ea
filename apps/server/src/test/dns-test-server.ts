// The e2e project compiles this file without the server tsconfig that includes the declaration.
// eslint-disable-next-line @typescript-eslint/triple-slash-reference
/// <reference path="./dns2.d.ts" />
import dns2 from 'dns2';

const { Packet } = dns2;

type RecordType = 'TXT' | 'CNAME';

export interface DnsTestServer {
  /** `127.0.0.1:<port>`, for `config.dnsServers`. */
  address: string;
  /** Publishes (replaces) the records of one name and type; an empty list removes them. */
  set(name: string, type: RecordType, values: string[]): void;
  close(): Promise<void>;
}

// TXT character-strings hold at most 255 bytes; longer values (DKIM keys) go out split, as
// DNS panels publish them, so the code under test has to join them.
const chunks = (s: string) => s.match(/.{1,255}/g) ?? [''];

/**
 * A real authoritative DNS server on loopback UDP (random port) for sender-domain tests. Names
 * it has no records for answer NXDOMAIN; known names without the asked type answer no data.
 */
export async function startDnsTestServer(): Promise<DnsTestServer> {
  const zone = new Map<string, Map<RecordType, string[]>>();
  const key = (name: string) => name.toLowerCase().replace(/\.$/, '');
  const server = dns2.createServer({
    udp: true,
    handle: (request, send) => {
      const response = Packet.createResponseFromRequest(request);
      const [question] = request.questions;
      const records = question ? zone.get(key(question.name)) : undefined;
      if (!question || !records) {
        response.header.rcode = 3;
      } else if (question.type === Packet.TYPE.TXT) {
        for (const v of records.get('TXT') ?? []) {
          response.answers.push({ name: question.name, type: Packet.TYPE.TXT, class: Packet.CLASS.IN, ttl: 60, data: chunks(v) });
        }
      } else if (question.type === Packet.TYPE.CNAME) {
        for (const v of records.get('CNAME') ?? []) {
          response.answers.push({ name: question.name, type: Packet.TYPE.CNAME, class: Packet.CLASS.IN, ttl: 60, domain: v });
        }
      }
      send(response);
    },
  });
  await server.listen({ udp: { port: 0, address: '127.0.0.1', type: 'udp4' } });
  const port = server.addresses().udp.port;
  return {
    address: `127.0.0.1:${port}`,
    set(name, type, values) {
      const records = zone.get(key(name)) ?? new Map<RecordType, string[]>();
      if (values.length) records.set(type, values);
      else records.delete(type);
      if (records.size) zone.set(key(name), records);
      else zone.delete(key(name));
    },
    close: () => server.close(),
  };
}
