import { execFileSync } from 'node:child_process';
import { X509Certificate } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { connect as netConnect, createServer, type AddressInfo, type Socket } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { connect as tlsConnect } from 'node:tls';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import { startTestApp, type TestApp } from '../../test/start-test-app.ts';

/**
 * The inbound listener's STARTTLS certificate: a key and certificate made for this test with the
 * openssl command are configured through INBOUND_TLS_KEY / INBOUND_TLS_CERT, and a client that
 * upgrades the SMTP session must be shown exactly that certificate.
 */
let dir = '';
let keyFile = '';
let certFile = '';
let t: TestApp;
let port = 0;

/** A key and a self-signed certificate for `cn` in `dir`, as PEM files. */
function makeCertificate(cn: string, name: string) {
  const key = path.join(dir, `${name}.key`);
  const cert = path.join(dir, `${name}.crt`);
  execFileSync('openssl', [
    'req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes',
    '-keyout', key, '-out', cert, '-days', '2', '-subj', `/CN=${cn}`,
  ], { stdio: 'ignore' });
  return { key, cert };
}

async function freePort(): Promise<number> {
  const srv = createServer();
  await new Promise<void>((resolve) => srv.listen(0, '127.0.0.1', resolve));
  const { port: p } = srv.address() as AddressInfo;
  await new Promise<void>((resolve) => srv.close(() => resolve()));
  return p;
}

beforeAll(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'inbound-tls-'));
  ({ key: keyFile, cert: certFile } = makeCertificate('mx.storecast.test', 'mx'));
  port = await freePort();
  const fromEnv = loadConfig({ INBOUND_SMTP_PORT: String(port), INBOUND_SMTP_HOST: '127.0.0.1', INBOUND_TLS_KEY: keyFile, INBOUND_TLS_CERT: certFile });
  t = await startTestApp({ inboundSmtp: fromEnv.inboundSmtp, inboundTls: fromEnv.inboundTls }, { worker: true });
}, 60_000);
afterAll(async () => {
  await t?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

/** Reads SMTP replies until one whose last line is `<code> …` (not `<code>-…`). */
function reply(socket: Socket): Promise<string> {
  return new Promise((resolve, reject) => {
    let text = '';
    const onData = (b: Buffer) => {
      text += b.toString('latin1');
      const lines = text.split('\r\n').filter(Boolean);
      if (text.endsWith('\r\n') && /^\d{3} /.test(lines[lines.length - 1] ?? '')) {
        socket.off('data', onData);
        resolve(text);
      }
    };
    socket.on('data', onData);
    socket.once('error', reject);
  });
}

/** Opens an SMTP session, says EHLO and STARTTLS, and returns the certificate the server shows. */
async function startTlsCertificate(): Promise<{ ehlo: string; fingerprint: string }> {
  const socket = netConnect(port, '127.0.0.1');
  await reply(socket);
  socket.write('EHLO client.example.net\r\n');
  const ehlo = await reply(socket);
  socket.write('STARTTLS\r\n');
  expect(await reply(socket)).toMatch(/^220 /);
  const secure = tlsConnect({ socket, servername: 'mx.storecast.test', rejectUnauthorized: false });
  await new Promise<void>((resolve, reject) => secure.once('secureConnect', resolve).once('error', reject));
  const fingerprint = secure.getPeerX509Certificate()!.fingerprint256;
  secure.destroy();
  return { ehlo, fingerprint };
}

describe('inbound STARTTLS certificate', () => {
  it('presents the configured certificate', async () => {
    const { ehlo, fingerprint } = await startTlsCertificate();
    expect(ehlo).toContain('STARTTLS');
    expect(fingerprint).toBe(new X509Certificate(readFileSync(certFile)).fingerprint256);
  });

  it('refuses to start with one file without the other, an unreadable file, or a key that is not the certificate\'s', () => {
    expect(() => loadConfig({ INBOUND_TLS_KEY: keyFile })).toThrow(/INBOUND_TLS_KEY and INBOUND_TLS_CERT must be set together: INBOUND_TLS_CERT is missing/);
    expect(() => loadConfig({ INBOUND_TLS_CERT: certFile })).toThrow(/INBOUND_TLS_KEY is missing/);
    expect(() => loadConfig({ INBOUND_TLS_KEY: path.join(dir, 'nope.key'), INBOUND_TLS_CERT: certFile })).toThrow(/INBOUND_TLS_KEY: cannot read ".*nope\.key" \(ENOENT\)/);
    expect(() => loadConfig({ INBOUND_TLS_KEY: keyFile, INBOUND_TLS_CERT: dir })).toThrow(/INBOUND_TLS_CERT: cannot read/);
    const other = makeCertificate('other.storecast.test', 'other');
    expect(() => loadConfig({ INBOUND_TLS_KEY: other.key, INBOUND_TLS_CERT: certFile })).toThrow(/not a usable private key and certificate pair/);
    expect(() => loadConfig({ INBOUND_TLS_KEY: certFile, INBOUND_TLS_CERT: keyFile })).toThrow(/not a usable private key and certificate pair/);
    expect(loadConfig({}).inboundTls).toBeNull();
  });
});
