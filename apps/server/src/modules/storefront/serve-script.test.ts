import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { securityHeaders } from '../../http/security-headers.ts';
import { serveStorefrontScript } from './serve-script.ts';

/**
 * The script every shop page loads, as it travels: compressed when the browser accepts it, and
 * revalidated instead of downloaded again. Owners paste `/storecast.js` once, so that URL stays
 * current; `?v=<hash>` names one build and may be kept for a year.
 */
const dir = mkdtempSync(path.join(os.tmpdir(), 'storecast-script-wire-'));
const file = path.join(dir, 'storecast.js');
const build = (n: number) => `(function(){${Array.from({ length: 200 }, (_, i) => `window.s${i}=${n}+${i};`).join('')}})();\n`;
const app = Fastify();

beforeAll(async () => {
  writeFileSync(file, build(1));
  securityHeaders(app);
  serveStorefrontScript(app, file);
  await app.ready();
});
afterAll(() => app.close());

const get = (url: string, headers: Record<string, string> = {}) => app.inject({ method: 'GET', url, headers });

describe('the storefront script on the wire', () => {
  it('goes out brotli- or gzip-compressed as the browser accepts, and says it varies by that', async () => {
    const source = build(1);
    const br = await get('/storecast.js', { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toBe('Accept-Encoding');
    expect(br.headers['content-type']).toMatch(/^text\/javascript/);
    expect(br.rawPayload.length).toBeLessThan(source.length / 4);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(source);

    for (const accept of ['gzip, deflate', 'br;q=0, gzip']) {
      const gz = await get('/storecast.js', { 'accept-encoding': accept });
      expect(gz.headers['content-encoding'], accept).toBe('gzip');
      expect(gz.headers.vary).toBe('Accept-Encoding');
      expect(gunzipSync(gz.rawPayload).toString()).toBe(source);
    }

    const plain = await get('/storecast.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toBe('Accept-Encoding');
    expect(plain.body).toBe(source);
  });

  it('the pasted URL is kept five minutes, then revalidated: a 304 while the build is the same, the new script after a rebuild', async () => {
    const first = await get('/storecast.js', { 'accept-encoding': 'br' });
    expect(first.headers['cache-control']).toBe('public, max-age=300');
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^W\/"[\w-]{16}"$/);
    expect(first.headers['last-modified']).toBeTruthy();

    const again = await get('/storecast.js', { 'accept-encoding': 'br', 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
    expect(again.headers).toMatchObject({ etag, 'cache-control': 'public, max-age=300', vary: 'Accept-Encoding' });
    // A copy kept in another encoding is the same script.
    expect((await get('/storecast.js', { 'if-none-match': etag })).statusCode).toBe(304);
    expect((await get('/storecast.js', { 'if-modified-since': String(first.headers['last-modified']) })).statusCode).toBe(304);

    writeFileSync(file, build(22));
    const rebuilt = await get('/storecast.js', { 'if-none-match': etag });
    expect(rebuilt.statusCode).toBe(200);
    expect(rebuilt.body).toBe(build(22));
    expect(rebuilt.headers.etag).not.toBe(etag);
  });

  it("a URL naming the build by its ETag's hash is cached for a year; one naming an older build revalidates", async () => {
    const current = await get('/storecast.js');
    const hash = /^W\/"([\w-]+)"$/.exec(String(current.headers.etag))![1]!;
    const pinned = await get(`/storecast.js?v=${hash}`, { 'accept-encoding': 'br' });
    expect(pinned.statusCode).toBe(200);
    expect(pinned.headers).toMatchObject({ 'cache-control': 'public, max-age=31536000, immutable', 'content-encoding': 'br', vary: 'Accept-Encoding' });
    expect(brotliDecompressSync(pinned.rawPayload).toString()).toBe(current.body);

    const older = await get('/storecast.js?v=AAAAAAAAAAAAAAAA');
    expect(older.statusCode).toBe(200);
    expect(older.body).toBe(current.body);
    expect(older.headers['cache-control']).toBe('public, max-age=300');
  });
});
