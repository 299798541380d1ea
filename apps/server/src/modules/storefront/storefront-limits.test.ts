import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { securityHeaders } from '../../http/security-headers.ts';
import { signUp } from '../../test/sign-up.ts';
import { startTestApp, type TestApp } from '../../test/start-test-app.ts';
import { serveStorefrontScript, STOREFRONT_SCRIPT } from './serve-script.ts';
import { storefront, storeOf, visitorId } from './test/storefront-fixtures.ts';

let t: TestApp;
let key = '';
let otherKey = '';

beforeAll(async () => {
  t = await startTestApp({ storefrontRateLimit: { ip: 6, store: 10, windowMs: 60_000 } });
  key = (await storeOf(t, (await signUp(t)).shopId)).key;
  otherKey = (await storeOf(t, (await signUp(t)).shopId)).key;
});

afterAll(async () => {
  await t?.close();
});

const event = (k: string) => ({ key: k, visitor_id: visitorId('flood'), events: [{ type: 'viewed_page', at: Date.now(), url: '' }] });

describe('floods', () => {
  it('a client address over its budget gets 429 in the shopper\'s language, whatever the store', async () => {
    const codes: number[] = [];
    for (let i = 0; i < 8; i++) codes.push((await storefront(t, 'POST', 'events', { body: event(i % 2 ? key : otherKey), ip: '10.0.0.1' })).status);
    expect(codes).toEqual([200, 200, 200, 200, 200, 200, 429, 429]);
    const zh = await storefront(t, 'POST', 'subscribe', { body: { key, popup_id: 'x', visitor_id: visitorId(1), consent: true, language: 'zh-CN' }, ip: '10.0.0.1' });
    expect(zh.status).toBe(429);
    expect(zh.body).toMatchObject({ code: 106, msg: '请求过于频繁，请稍后再试。' });
    // When to come back, for the script and for clients that read only the header: whole seconds, rounded up.
    const ms = zh.body.data.retry_after_ms as number;
    expect(ms).toBeGreaterThan(0);
    expect(zh.headers['retry-after']).toBe(String(Math.ceil(ms / 1000)));
    // Another address still gets through.
    expect((await storefront(t, 'POST', 'events', { body: event(key), ip: '10.0.0.2' })).status).toBe(200);
  });

  it('refusals met before the key is read are readable by the page, so the script can back off', async () => {
    const origin = 'https://shop.example.com';
    const over = await storefront(t, 'POST', 'events', { body: event(key), ip: '10.0.0.1', origin });
    expect(over.status).toBe(429);
    expect(over.headers['access-control-allow-origin']).toBe('*');
    const malformed = await storefront(t, 'POST', 'events', { raw: '{"key":', ip: '10.0.0.3', origin });
    expect(malformed.status).toBe(400);
    expect(malformed.headers['access-control-allow-origin']).toBe('*');
    const huge = await storefront(t, 'POST', 'events', { raw: JSON.stringify({ key, pad: 'x'.repeat(70_000) }), ip: '10.0.0.4', origin });
    expect(huge.status).toBe(413);
    expect(huge.headers['access-control-allow-origin']).toBe('*');
  });

  it('a body that is not a JSON object is refused as such, before the key is looked at', async () => {
    const msg = 'The request body is not accepted: send a JSON object.';
    const bodies: { raw: string; type: string; status: number }[] = [
      { raw: '--x\r\nContent-Disposition: form-data; name="key"\r\n\r\nk\r\n--x--\r\n', type: 'multipart/form-data; boundary=x', status: 415 },
      { raw: `key=${key}&visitor_id=v`, type: 'application/x-www-form-urlencoded', status: 415 },
      { raw: '<key/>', type: 'application/xml', status: 415 },
      { raw: JSON.stringify([event(key)]), type: 'application/json', status: 400 },
      { raw: JSON.stringify([event(key)]), type: 'text/plain;charset=UTF-8', status: 400 },
      { raw: '"key"', type: 'application/json', status: 400 },
      { raw: '42', type: 'text/plain', status: 400 },
      { raw: 'null', type: 'application/json', status: 400 },
    ];
    let n = 0;
    for (const path of ['events', 'subscribe', 'identify']) {
      for (const b of bodies) {
        const res = await storefront(t, 'POST', path, { raw: b.raw, type: b.type, ip: `10.3.0.${++n}`, origin: 'https://shop.example.com' });
        expect([path, b.type, b.raw, res.status, res.body?.msg]).toEqual([path, b.type, b.raw, b.status, msg]);
        expect(res.headers['access-control-allow-origin']).toBe('*');
      }
    }
    const zh = await storefront(t, 'POST', 'events', { raw: '[]', lang: 'zh-CN', ip: '10.3.1.1' });
    expect(zh.body).toMatchObject({ code: 103, msg: '不接受此请求内容：请发送 JSON 对象。' });
  });

  it('a store over its budget gets 429 from every address, and other stores do not', async () => {
    let over = 0;
    for (let i = 0; i < 12; i++) {
      const res = await storefront(t, 'POST', 'events', { body: event(key), ip: `10.1.0.${i}` });
      if (res.status === 429) {
        over += 1;
        expect(res.body.msg).toBe('Too many requests; try again shortly.');
      }
    }
    expect(over).toBeGreaterThan(0);
    expect((await storefront(t, 'POST', 'events', { body: event(otherKey), ip: '10.2.0.1' })).status).toBe(200);
  });
});

describe('the script file', () => {
  it('is served to any origin, cached five minutes, as JavaScript readable across origins', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'storecast-script-'));
    const file = path.join(dir, 'storecast.js');
    writeFileSync(file, 'console.log(1);\n');
    const app = Fastify();
    securityHeaders(app);
    serveStorefrontScript(app, file);
    const res = await app.inject({ method: 'GET', url: '/storecast.js' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('console.log(1);\n');
    expect(res.headers).toMatchObject({
      'access-control-allow-origin': '*', 'cross-origin-resource-policy': 'cross-origin', 'cache-control': 'public, max-age=300',
      'x-content-type-options': 'nosniff',
    });
    expect(res.headers['content-type']).toMatch(/^text\/javascript/);
    const missing = Fastify();
    serveStorefrontScript(missing, path.join(dir, 'none.js'));
    const gone = await missing.inject({ method: 'GET', url: '/storecast.js' });
    expect(gone.statusCode).toBe(404);
    expect(gone.json()).toMatchObject({ code: 104 });
    await app.close();
    await missing.close();
  });

  it('the app serves the built script, or a 404 envelope before it is built', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/storecast.js' });
    if (existsSync(STOREFRONT_SCRIPT)) {
      expect(res.statusCode).toBe(200);
      expect(res.headers['cross-origin-resource-policy']).toBe('cross-origin');
    } else {
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ code: 104 });
    }
  });
});
