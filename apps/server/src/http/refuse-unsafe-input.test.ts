import { api, translateError } from '@storecast/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp } from '../test/sign-up.ts';
import { startTestApp, type TestApp } from '../test/start-test-app.ts';

/**
 * Values no field accepts are refused once for every route, before its schema runs, with code
 * 103 and a message for the field; fastify's own refusals (a too long path parameter, a broken
 * percent-encoding, an unknown path) answer the envelope too.
 */
let t: TestApp;
let token: string;

beforeAll(async () => {
  t = await startTestApp();
  token = (await signUp(t)).token;
});
afterAll(() => t.close());

const BAD = 'Contains characters that cannot be saved (a NUL or a broken Unicode character).';

describe('NUL and lone surrogates', () => {
  it('sign-up refuses a lone surrogate instead of storing U+FFFD, and U+FFFD itself as no address, so two inputs never open one account', async () => {
    const first = await t.call(api.auth.register, { body: { account: 'dup\ud800@example.com', password: 'abcd1234', agree_terms: true } });
    expect(first.status).toBe(400);
    expect(first.body).toEqual({ code: 103, msg: BAD, data: { fields: { account: BAD } } });
    const zh = await t.call(api.auth.register, { body: { account: 'dup\udbff@example.com', password: 'abcd1234', agree_terms: true }, lang: 'zh-CN' });
    expect(zh.body.data).toEqual({ fields: { account: '包含无法保存的字符（空字符或不完整的 Unicode 字符）。' } });
    // What broken UTF-8 arrives as is no address either: the e-mail rule refuses it.
    const plain = await t.call(api.auth.register, { body: { account: 'dup\ufffd@example.com', password: 'abcd1234', agree_terms: true } });
    expect(plain.status).toBe(400);
    expect(plain.body).toMatchObject({ code: 103, data: { fields: { account: translateError('en-US', 'errors.account.format') } } });
    const bad = await t.call(api.auth.registerConfirm, { body: { account: 'dup\ud800@example.com', verify_code: '123456' } });
    expect(bad.body).toEqual({ code: 103, msg: BAD, data: { fields: { account: BAD } } });
  });

  it('sign-in refuses NUL in any field with 103, not 500', async () => {
    const res = await t.call(api.auth.login, { body: { login_method: 'password', account: 'a\u0000@example.com', password: 'x\u0000' } });
    expect(res.status).toBe(400);
    expect(res.body.data).toEqual({ fields: { account: BAD, password: BAD } });
  });

  it('a store route refuses them deep in the body, in keys too', async () => {
    const res = await t.call(api.audience.subscriberSave, { token, body: { email: 'ok@example.com', attributes: { 'size\u0000': 'L', note: 'a\udc00' } } });
    expect(res.status).toBe(400);
    expect(res.body.data).toEqual({ fields: { 'attributes.size?': BAD, 'attributes.note': BAD } });
  });

  it('query parameters are checked as well', async () => {
    for (const raw of ['%00', 'a%00b']) {
      const res = await t.app.inject({ method: 'GET', url: `/api/outbox/list?strategy_id=${raw}`, headers: { authorization: `Bearer ${token}`, 'accept-language': 'en-US' } });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ code: 103, msg: BAD, data: { fields: { strategy_id: BAD } } });
    }
  });

  it('out-of-range numbers get the generic localised messages', async () => {
    const res = await t.call(api.audience.tagDelete, { token, body: { id: 2 ** 53 + 2 } });
    expect(res.body).toMatchObject({ code: 103, data: { fields: { id: 'The value must be at most 9007199254740991.' } } });
    const page = await t.app.inject({ method: 'GET', url: '/api/strategy/list?page=99999999999', headers: { authorization: `Bearer ${token}`, 'accept-language': 'zh-CN' } });
    expect(page.json()).toMatchObject({ code: 103, data: { fields: { page: '数值不能大于 100000。' } } });
  });
});

describe("fastify's own refusals", () => {
  it('a path parameter over the length limit is 414 in the envelope', async () => {
    for (const lang of ['en-US', 'zh-CN']) {
      const res = await t.app.inject({ method: 'GET', url: `/api/public/o/${'x'.repeat(300)}`, headers: { 'accept-language': lang } });
      expect(res.statusCode).toBe(414);
      expect(res.json()).toEqual({ code: 103, msg: lang === 'en-US' ? 'The request address is too long.' : '请求地址过长。', data: null });
    }
  });

  it('a broken percent-encoding in the path is 400 in the envelope', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/public/o/%E0%A4%A', headers: { 'accept-language': 'en-US' } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: 103, msg: 'Some fields are not valid.', data: null });
  });

  it('an oversized body is 413 in the envelope', async () => {
    const res = await t.app.inject({
      method: 'POST', url: '/api/shop-manager/login', headers: { 'content-type': 'application/json', 'accept-language': 'en-US' },
      payload: JSON.stringify({ account: 'a'.repeat(1_100_000) }),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ code: 103, msg: 'The request is too large.', data: null });
  });

  it('an unknown API path is 404 in the envelope, whatever the method', async () => {
    for (const method of ['GET', 'POST', 'DELETE'] as const) {
      const res = await t.app.inject({ method, url: '/api/no/such/route', headers: { 'accept-language': 'en-US' } });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ code: 104, msg: 'Not found.', data: null });
    }
  });
});
