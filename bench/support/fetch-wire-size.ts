import { mkdtempSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { openDb } from '@storecast/db';
import { buildApp } from '../../apps/server/src/app.ts';
import { loadConfig } from '../../apps/server/src/config.ts';

/** The encodings a browser may get a file in, as the size benchmarks report them. */
export const ENCODINGS = ['identity', 'gzip', 'br'] as const;
export type Encoding = (typeof ENCODINGS)[number];

/**
 * The server as it runs (in this process, on a loopback port, an in-memory PGlite, the built
 * admin and storefront script), so the benchmarks measure files as they are served rather than
 * as they lie on disk.
 */
export async function startServer(webDist: string): Promise<{ base: string; close(): Promise<void> }> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'storecast-bench-'));
  const config = loadConfig({}, { logLevel: 'silent', host: '127.0.0.1', port: 0, dataDir, webDist });
  const dbh = await openDb({ dataDir: 'memory://' });
  const { app, close } = await buildApp(config, dbh);
  await app.listen({ host: '127.0.0.1', port: 0 });
  return {
    base: `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`,
    close: async () => {
      await close();
      await dbh.close();
    },
  };
}

/**
 * Bytes of a file's body as they arrive when the browser accepts `encoding` (not decoded), and
 * the Content-Encoding the server chose. Anything but a 200 is an error.
 */
export function fetchWireSize(url: string, encoding: Encoding): Promise<{ bytes: number; sentAs: string }> {
  return new Promise((resolve, reject) => {
    http.get(url, { headers: { 'accept-encoding': encoding } }, (res) => {
      if (res.statusCode !== 200) {
        res.resume();
        reject(new Error(`${url}: ${res.statusCode}`));
        return;
      }
      let bytes = 0;
      res.on('data', (chunk: Buffer) => { bytes += chunk.length; });
      res.on('end', () => resolve({ bytes, sentAs: res.headers['content-encoding'] ?? 'identity' }));
      res.on('error', reject);
    }).on('error', reject);
  });
}

/** Sizes of several files in every encoding, one line per file, and their sums. */
export async function measureFiles(base: string, files: string[]): Promise<Record<Encoding, number>> {
  const total = { identity: 0, gzip: 0, br: 0 };
  const kb = (n: number) => `${(n / 1024).toFixed(1).padStart(7)} KB`;
  console.log(`${'raw'.padStart(10)} ${'gzip'.padStart(10)} ${'br'.padStart(10)}`);
  for (const f of files) {
    const sizes = { identity: 0, gzip: 0, br: 0 };
    const uncompressed: string[] = [];
    for (const encoding of ENCODINGS) {
      const { bytes, sentAs } = await fetchWireSize(`${base}${f}`, encoding);
      if (sentAs !== encoding) uncompressed.push(`${encoding} asked, ${sentAs} sent`);
      sizes[encoding] = bytes;
      total[encoding] += bytes;
    }
    console.log(`${kb(sizes.identity)} ${kb(sizes.gzip)} ${kb(sizes.br)}  ${f}${uncompressed.length ? ` (${uncompressed.join('; ')})` : ''}`);
  }
  return total;
}
