import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface SinkMessage { from: string; to: string[]; raw: Buffer }

/**
 * A real SMTP server on loopback that keeps what it receives. `reject` answers chosen
 * recipients with a permanent 550 or a transient 451, for failure paths. `hold` delays the
 * answer to a message's data until the promise it returns settles: the message is already in
 * `messages`, while the sender still waits to hear it was taken.
 */
export async function startSmtpSink(opts: {
  keep?: boolean;
  reject?: (to: string) => 550 | 451 | null;
  hold?: (to: string[]) => Promise<void> | null;
} = {}) {
  const messages: SinkMessage[] = [];
  const perRecipient = new Map<string, number>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    size: 10 * 1024 * 1024,
    onRcptTo(address, _session, cb) {
      const code = opts.reject?.(address.address.toLowerCase()) ?? null;
      if (code) {
        const err = Object.assign(new Error(code === 550 ? 'No such user' : 'Try again later'), { responseCode: code });
        return cb(err);
      }
      cb();
    },
    onData(stream, session, cb) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const to = session.envelope.rcptTo.map((r) => r.address.toLowerCase());
        for (const t of to) perRecipient.set(t, (perRecipient.get(t) ?? 0) + 1);
        if (opts.keep !== false) messages.push({ from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '', to, raw: Buffer.concat(chunks) });
        const held = opts.hold?.(to);
        if (held) void held.then(() => cb(), () => cb());
        else cb();
      });
    },
  });
  // A client killed mid-session (the crash test does it on purpose) resets its connection; the
  // server reports that as an error event, which unheard would fail the whole test run.
  server.on('error', () => {});
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  return {
    port,
    url: (pool = 5) => `smtp://127.0.0.1:${port}?pool=${pool}&tls_verify=false`,
    messages,
    perRecipient,
    count: () => [...perRecipient.values()].reduce((a, b) => a + b, 0),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
