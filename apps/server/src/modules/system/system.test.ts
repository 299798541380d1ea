import { api, CURRENCIES, FONTS } from '@storecast/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REGISTERED } from '../../http/register-route.ts';
import { startTestApp, type TestApp } from '../../test/start-test-app.ts';

let t: TestApp;
beforeAll(async () => void (t = await startTestApp()));
afterAll(() => t.close());

describe('system routes', () => {
  it('health reports the database it runs on', async () => {
    const res = await t.call(api.system.health);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      code: 100, msg: 'ok',
      data: { status: 'ok', db: process.env.TEST_DB === 'postgres' ? 'postgres' : 'pglite', role: 'all' },
    });
    expect(res.body.data.version).toMatch(/^\d+\.\d+\.\d+$/);
  });

  it('app-config has no sunset notice by default', async () => {
    const res = await t.call(api.system.appConfig);
    expect(res.body).toMatchObject({ code: 100, data: { sunset: null, own_hosts: [], internal_shop_ids: [], help_url: '', support_url: '', support_email: '' } });
  });

  it('currency lists the 24 currencies of SPEC section 9', async () => {
    const res = await t.call(api.shop.currency);
    expect(res.body.code).toBe(100);
    expect(res.body.data).toHaveLength(24);
    expect(res.body.data).toEqual(CURRENCIES);
    expect(res.body.data.filter((c) => c.code === 'EUR')).toHaveLength(2);
  });

  it('font-list lists the fonts', async () => {
    const res = await t.call(api.shop.fontList);
    expect(res.body.code).toBe(100);
    expect(res.body.data).toEqual(FONTS);
    expect(res.body.data.length).toBeGreaterThan(0);
  });

  it('the OpenAPI document lists every registered route, with its access', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json() as { openapi: string; paths: Record<string, Record<string, { 'x-access': string; security: unknown[] }>> };
    expect(doc.openapi).toMatch(/^3\./);
    const routes = t.app[REGISTERED];
    expect(routes.length).toBeGreaterThanOrEqual(17);
    for (const r of routes) {
      const op = doc.paths[`/api${r.path}`]?.[r.method.toLowerCase()];
      expect(op, `${r.method} ${r.path} missing from the OpenAPI document`).toBeDefined();
      expect(op!['x-access']).toBe(r.access);
      expect(op!.security.length > 0).toBe(r.access !== 'public');
    }
    const documented = Object.values(doc.paths).reduce((n, p) => n + Object.keys(p).length, 0);
    expect(documented).toBe(routes.length);
  });

  it('every contract route is registered', () => {
    const registered = new Set(t.app[REGISTERED].map((r) => `${r.method} ${r.path}`));
    for (const group of Object.values(api)) {
      for (const r of Object.values(group)) expect(registered, `${r.method} ${r.path}`).toContain(`${r.method} ${r.path}`);
    }
  });
});

describe('error envelopes', () => {
  it('an unknown /api path answers a 404 envelope in the caller\'s language', async () => {
    const en = await t.app.inject({ method: 'GET', url: '/api/no-such-thing', headers: { 'accept-language': 'en-US' } });
    expect(en.statusCode).toBe(404);
    expect(en.json()).toEqual({ code: 104, msg: 'Not found.', data: null });
    const zh = await t.app.inject({ method: 'POST', url: '/api/shop/no-such-thing', headers: { 'accept-language': 'zh-CN,zh;q=0.9' }, payload: {} });
    expect(zh.statusCode).toBe(404);
    expect(zh.json()).toEqual({ code: 104, msg: '未找到。', data: null });
  });

  it('a wrong method on a known path is a 404 envelope too', async () => {
    const res = await t.app.inject({ method: 'DELETE', url: '/api/shop/info' });
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe(104);
  });

  it('malformed JSON answers a 400 envelope', async () => {
    const res = await t.app.inject({
      method: 'POST', url: '/api/shop-manager/login',
      headers: { 'content-type': 'application/json', 'accept-language': 'en-US' },
      payload: '{"login_method": "password", ',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: 103, msg: 'Some fields are not valid.', data: null });
  });

  it('a body that is not an object answers a 400 envelope', async () => {
    const res = await t.app.inject({
      method: 'POST', url: '/api/shop-manager/login', headers: { 'content-type': 'application/json' }, payload: '[1,2]',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe(103);
  });

  it('an unsupported content type answers a 4xx envelope, not a crash', async () => {
    const res = await t.app.inject({
      method: 'POST', url: '/api/shop-manager/login', headers: { 'content-type': 'text/xml' }, payload: '<a/>',
    });
    expect(res.statusCode).toBe(415);
    expect(res.json()).toMatchObject({ code: 103, data: null });
  });

  it('an oversize body answers 413 in the envelope', async () => {
    const res = await t.app.inject({
      method: 'POST', url: '/api/shop-manager/login', headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ account: 'x'.repeat(2 * 1024 * 1024) }),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json().code).toBe(103);
  });
});
