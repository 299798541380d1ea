import { SMTPServer, type SMTPServerDataStream } from 'smtp-server';
import type { FastifyBaseLogger } from 'fastify';
import type { Deps } from '../../deps.ts';
import type { Job } from '../../job.ts';
import { appSecret, parseInboundAddress, readDeliveryAddressToken } from '../delivery/index.ts';
import { handleInboundMail } from './handle-inbound-mail.ts';

/** Reports quote the original mail; ours stay well under Gmail's 102 KB, so this is generous. */
export const INBOUND_MAX_BYTES = 1024 * 1024;

const smtpError = (code: number, message: string) => Object.assign(new Error(message), { responseCode: code });

/**
 * The SMTP server behind the MX of the return-path hosts. It takes mail only for bounce+<token>@,
 * bounce@ and unsubscribe@ on a host some store's sender domain uses (a forged VERP token is
 * refused at RCPT), up to INBOUND_MAX_BYTES, with no authentication: the senders are other
 * mail servers. A mail is acknowledged after it was handled, so a database failure answers 451
 * and the sending server tries again later.
 */
export async function startInboundListener(deps: Deps, log: FastifyBaseLogger, at: { host: string; port: number }) {
  const server = new SMTPServer({
    name: new URL(deps.config.publicUrl).hostname,
    banner: 'Storecast inbound',
    authOptional: true,
    disabledCommands: ['AUTH'],
    size: INBOUND_MAX_BYTES,
    // A configured certificate for STARTTLS; without one smtp-server uses its built-in one.
    ...(deps.config.inboundTls ?? {}),
    maxClients: 100,
    logger: false,
    onRcptTo(address, _session, cb) {
      acceptsRecipient(deps, address.address).then(
        (ok) => cb(ok ? undefined : smtpError(550, '5.1.1 No such recipient here')),
        (err) => {
          log.error({ err }, 'inbound recipient check failed');
          cb(smtpError(451, '4.3.0 Try again later'));
        },
      );
    },
    onData(stream, session, cb) {
      readAll(stream).then(async (raw) => {
        if (stream.sizeExceeded) return cb(smtpError(552, '5.3.4 Message too big'));
        const rcpts = session.envelope.rcptTo.map((r) => r.address);
        const result = await handleInboundMail(deps, log, rcpts, raw);
        if (result.kind !== 'ignored') log.info({ ...result, rcpts }, 'inbound mail recorded');
        cb();
      }).catch((err: unknown) => {
        log.error({ err }, 'inbound mail failed');
        cb(smtpError(451, '4.3.0 Try again later'));
      });
    },
  });
  server.on('error', (err) => log.error({ err }, 'inbound SMTP error'));
  await new Promise<void>((resolve, reject) => {
    server.server.once('error', reject);
    server.listen(at.port, at.host, () => {
      server.server.off('error', reject);
      resolve();
    });
  });
  log.info({ host: at.host, port: at.port }, 'inbound SMTP listening');
  return () => new Promise<void>((resolve) => server.close(() => resolve()));
}

async function acceptsRecipient(deps: Deps, address: string): Promise<boolean> {
  const a = parseInboundAddress(address);
  if (!a) return false;
  if (a.kind === 'bounce' && a.token !== null && readDeliveryAddressToken(await appSecret(deps.config, deps.dbh), a.token) === null) return false;
  const { rows } = await deps.dbh.query(`select 1 from sender_domains where return_host = $1 limit 1`, [a.host]);
  return rows.length > 0;
}

function readAll(stream: SMTPServerDataStream): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    stream.on('data', (c: Buffer) => chunks.push(c));
    stream.on('end', () => resolve(Buffer.concat(chunks)));
    stream.on('error', reject);
  });
}

/** Runs the listener in the worker when INBOUND_SMTP_PORT is set. */
export const inboundSmtpJob: Job = {
  name: 'inbound-smtp',
  async start(deps, log) {
    const at = deps.config.inboundSmtp;
    if (!at) return async () => {};
    return startInboundListener(deps, log, at);
  },
};
