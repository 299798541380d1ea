import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../test/start-test-app.ts';
import { NONCE_PLACEHOLDER } from './serve-web.ts';

// A stand-in for the admin's build: the same placeholders Vite writes (html.cspNonce).
const webDist = mkdtempSync(path.join(os.tmpdir(), 'storecast-web-'));
writeFileSync(path.join(webDist, 'index.html'), [
  '<!doctype html><html><head>',
  `<meta property="csp-nonce" nonce="${NONCE_PLACEHOLDER}">`,
  `<style nonce="${NONCE_PLACEHOLDER}">body{margin:0}</style>`,
  `<script type="module" src="/assets/app.js" nonce="${NONCE_PLACEHOLDER}"></script>`,
  '</head><body><div id="root"></div></body></html>',
].join(''));

let t: TestApp;
beforeAll(async () => void (t = await startTestApp({ webDist })));
afterAll(() => t.close());

const get = (url: string, accept = 'text/html') => t.app.inject({ method: 'GET', url, headers: { accept } });

/** The headers every kind of answer carries. */
function expectCommon(headers: Record<string, unknown>) {
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['x-frame-options']).toBe('DENY');
  expect(headers['referrer-policy']).toBe('no-referrer');
  expect(String(headers['content-security-policy'])).toContain("frame-ancestors 'none'");
}

describe('security headers', () => {
  it('serves the admin with a fresh nonce in its page and its policy', async () => {
    const a = await get('/');
    const b = await get('/email-list/import-upload');
    for (const res of [a, b]) {
      expect(res.statusCode).toBe(200);
      expectCommon(res.headers);
      const policy = String(res.headers['content-security-policy']);
      const nonce = /'nonce-([^']+)'/.exec(policy)![1]!;
      expect(policy).toContain(`script-src 'self' 'nonce-${nonce}'`);
      expect(policy).toContain(`style-src 'self' 'nonce-${nonce}'`);
      expect(policy).not.toContain("'unsafe-eval'");
      expect(policy).not.toMatch(/(script-src|style-src) [^;]*'unsafe-inline'/);
      expect(policy).toContain("object-src 'none'");
      expect(policy).toContain("base-uri 'none'");
      expect(res.body).not.toContain(NONCE_PLACEHOLDER);
      expect(res.body.match(new RegExp(`nonce="${nonce.replace(/[+/]/g, '\\$&')}"`, 'g'))).toHaveLength(3);
    }
    expect(a.headers['content-security-policy']).not.toBe(b.headers['content-security-policy']);
  });

  it('never hands out index.html with its placeholder', async () => {
    const res = await get('/index.html');
    expect(res.body).not.toContain(NONCE_PLACEHOLDER);
  });

  it('locks API answers down and keeps them out of caches', async () => {
    for (const url of ['/api/admin-system/currency', '/api/shop-manager/info', '/api/no-such-route']) {
      const res = await get(url, 'application/json');
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expectCommon(res.headers);
      expect(res.headers['content-security-policy']).toMatch(/^default-src 'none'/);
      expect(res.headers['cache-control']).toBe('no-store');
    }
  });

  it('gives the pages for mail readers a policy without scripts that lets their form post back', async () => {
    for (const url of ['/api/public/unsubscribe/not-a-token', '/api/public/sender/confirm?token=nope']) {
      const res = await get(url);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expectCommon(res.headers);
      const policy = String(res.headers['content-security-policy']);
      expect(policy).toMatch(/^default-src 'none'/);
      expect(policy).not.toContain('script-src');
      expect(policy).toContain("form-action 'self'");
      expect(policy).toContain("style-src 'unsafe-inline'");
    }
  });

  it('serves media and the tracking pixel without sniffing or framing', async () => {
    for (const url of ['/media/00000000-0000-0000-0000-000000000000.png', '/api/public/o/not-a-token']) {
      const res = await get(url, 'image/*');
      expectCommon(res.headers);
      expect(res.headers['content-security-policy']).toMatch(/^default-src 'none'/);
    }
  });

  it('lets Swagger UI load its own bundle under a policy of its own', async () => {
    const page = await get('/api/docs');
    expect(page.statusCode).toBe(200);
    expectCommon(page.headers);
    const policy = String(page.headers['content-security-policy']);
    expect(policy).toContain("script-src 'self'");
    expect(policy).not.toMatch(/script-src[^;]*'unsafe-inline'/);
    // Every script it loads is a file from the same server, none inline.
    expect(page.body).not.toMatch(/<script>(?!\s*<\/script>)/);
    for (const src of page.body.matchAll(/<script src="([^"]+)"/g)) {
      const js = await get(src[1]!, '*/*');
      expect(js.statusCode).toBe(200);
    }
  });
});
