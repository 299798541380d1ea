// dns2 ships no types; only what the DNS test server uses.
declare module 'dns2' {
  interface Question { name: string; type: number }
  interface DnsPacket { header: { rcode: number }; questions: Question[]; answers: unknown[] }
  interface DnsServer {
    listen(opts: { udp?: { port: number; address: string; type: 'udp4' | 'udp6' } }): Promise<void>;
    addresses(): { udp: { port: number } };
    close(): Promise<void>;
  }
  const dns2: {
    createServer(opts: { udp?: boolean; handle: (req: DnsPacket, send: (res: DnsPacket) => void) => void }): DnsServer;
    Packet: {
      TYPE: Record<'A' | 'TXT' | 'CNAME', number>;
      CLASS: Record<'IN', number>;
      createResponseFromRequest(req: DnsPacket): DnsPacket;
    };
  };
  export default dns2;
}
