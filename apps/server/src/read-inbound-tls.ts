import { readFileSync } from 'node:fs';
import { createSecureContext } from 'node:tls';

export interface InboundTls { key: Buffer; cert: Buffer }

/**
 * The inbound listener's STARTTLS certificate, from `INBOUND_TLS_KEY` and `INBOUND_TLS_CERT`
 * (PEM file paths). Read when the configuration is loaded, so a wrong setting stops the start
 * with a sentence saying which variable is wrong, rather than failing on the first STARTTLS.
 * Null when neither is set: smtp-server then offers its built-in self-signed certificate, which
 * sending servers accept for opportunistic TLS but which proves nothing.
 */
export function readInboundTls(env: NodeJS.ProcessEnv): InboundTls | null {
  const keyPath = env.INBOUND_TLS_KEY || '';
  const certPath = env.INBOUND_TLS_CERT || '';
  if (!keyPath && !certPath) return null;
  if (!keyPath || !certPath) {
    throw new Error(`INBOUND_TLS_KEY and INBOUND_TLS_CERT must be set together: ${keyPath ? 'INBOUND_TLS_CERT' : 'INBOUND_TLS_KEY'} is missing`);
  }
  const tls = { key: readPem('INBOUND_TLS_KEY', keyPath), cert: readPem('INBOUND_TLS_CERT', certPath) };
  try {
    createSecureContext(tls);
  } catch (err) {
    throw new Error(`INBOUND_TLS_KEY and INBOUND_TLS_CERT are not a usable private key and certificate pair (${(err as Error).message})`, { cause: err });
  }
  return tls;
}

function readPem(name: string, file: string): Buffer {
  try {
    return readFileSync(file);
  } catch (err) {
    throw new Error(`${name}: cannot read "${file}" (${(err as NodeJS.ErrnoException).code ?? (err as Error).message})`, { cause: err });
  }
}
