import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { precompressDir } from '../../../../scripts/precompress-assets.ts';
import { securityHeaders } from './security-headers.ts';
import { adminPolicy, NONCE_PLACEHOLDER, paymentOrigins, serveWeb } from './serve-web.ts';

const stripe = { secretKey: 'sk', publishableKey: 'pk', webhookSecret: 'wh', jsUrl: 'https://js.stripe.com/v3/', timeoutMs: 1000 };

/** The admin's policy lets the payment provider's card form in only when payments are configured. */
describe('the admin policy and the payment provider', () => {
  it('adds nothing without payments', () => {
    expect(paymentOrigins(null)).toEqual([]);
    const policy = adminPolicy('n0nce', []);
    expect(policy).toContain("script-src 'self' 'nonce-n0nce';");
    expect(policy).toContain("connect-src 'self';");
    expect(policy).not.toContain('frame-src');
  });

  it("lets Stripe's script run, be called and be framed", () => {
    const policy = adminPolicy('n0nce', paymentOrigins(stripe));
    const directive = (name: string) => policy.split('; ').find((d) => d.startsWith(`${name} `)) ?? '';
    expect(directive('script-src')).toBe("script-src 'self' 'nonce-n0nce' https://js.stripe.com https://api.stripe.com https://hooks.stripe.com");
    for (const name of ['connect-src', 'frame-src']) {
      expect(directive(name)).toContain('https://js.stripe.com');
      expect(directive(name)).toContain('https://api.stripe.com');
      expect(directive(name)).toContain('https://hooks.stripe.com');
    }
  });

  it("adds the origins of a configured script URL and API base (a test double's)", () => {
    const origins = paymentOrigins({ ...stripe, jsUrl: 'http://127.0.0.1:4010/v3/', apiBase: 'http://127.0.0.1:4011' });
    expect(origins).toContain('http://127.0.0.1:4010');
    expect(origins).toContain('http://127.0.0.1:4011');
    expect(paymentOrigins({ ...stripe, jsUrl: 'not a url' })).toEqual(['https://js.stripe.com', 'https://api.stripe.com', 'https://hooks.stripe.com']);
  });
});

/** A built admin in a temporary folder, precompressed by the build's own step. */
async function builtAdmin() {
  const dist = mkdtempSync(path.join(os.tmpdir(), 'storecast-web-wire-'));
  mkdirSync(path.join(dist, 'assets'));
  const script = `export const app=()=>{${Array.from({ length: 300 }, (_, i) => `console.log("screen ${i}");`).join('')}};\n`;
  const style = `${Array.from({ length: 200 }, (_, i) => `.c${i}{margin:${i}px;padding:0 ${i}px}`).join('')}\n`;
  writeFileSync(path.join(dist, 'index.html'), `<!doctype html><script nonce="${NONCE_PLACEHOLDER}" type="module" src="/assets/index-AbC123.js"></script>`);
  writeFileSync(path.join(dist, 'assets/index-AbC123.js'), script);
  writeFileSync(path.join(dist, 'assets/index-AbC123.css'), style);
  writeFileSync(path.join(dist, 'helper.js'), script);
  await precompressDir(dist);
  const app = Fastify();
  securityHeaders(app);
  await serveWeb(app, dist);
  await app.ready();
  return { app, script, style };
}

describe("the admin's files on the wire", () => {
  it('sends each asset as the .br or .gz the build wrote, by Accept-Encoding, and says it varies by that', async () => {
    const { app, script, style } = await builtAdmin();
    const get = (url: string, encoding?: string) => app.inject({ url, headers: encoding ? { 'accept-encoding': encoding } : {} });

    const br = await get('/assets/index-AbC123.js', 'gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toBe('accept-encoding');
    // The type of the file, not of its compressed copy.
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.rawPayload.length).toBeLessThan(script.length / 4);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(script);

    const css = await get('/assets/index-AbC123.css', 'gzip');
    expect(css.headers['content-encoding']).toBe('gzip');
    expect(css.headers['content-type']).toMatch(/^text\/css/);
    expect(gunzipSync(css.rawPayload).toString()).toBe(style);

    const plain = await get('/assets/index-AbC123.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toBe('accept-encoding');
    expect(plain.body).toBe(script);
    await app.close();
  });

  it('answers 304 to a matching ETag; files without a hash in their name and index.html revalidate', async () => {
    const { app } = await builtAdmin();
    const first = await app.inject({ url: '/helper.js', headers: { 'accept-encoding': 'br' } });
    expect(first.headers['content-encoding']).toBe('br');
    expect(first.headers['cache-control']).toBe('no-cache');
    expect(first.headers['last-modified']).toBeTruthy();
    const etag = String(first.headers.etag);
    expect(etag).toBeTruthy();
    const again = await app.inject({ url: '/helper.js', headers: { 'accept-encoding': 'br', 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);

    const page = await app.inject({ url: '/', headers: { 'accept-encoding': 'br' } });
    expect(page.headers['cache-control']).toBe('no-cache');
    expect(page.body).not.toContain(NONCE_PLACEHOLDER);
    await app.close();
  });
});
