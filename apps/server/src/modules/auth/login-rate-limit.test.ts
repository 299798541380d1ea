import { api } from '@storecast/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp } from '../../test/sign-up.ts';
import { startTestApp, type TestApp } from '../../test/start-test-app.ts';

let t: TestApp;
beforeAll(async () => void (t = await startTestApp({ authRateLimit: { max: 3, windowMs: 60_000 } })));
afterAll(() => t.close());

const login = (account: string, password: string, lang = 'en-US') =>
  t.call(api.auth.login, { body: { login_method: 'password', account, password }, lang });

describe('rate limit on login', () => {
  it('answers 429 code 106 to the 4th login of one account, in the caller\'s language', async () => {
    const { account, password } = await signUp(t, { store: false });
    expect((await login(account, 'wrong1234')).body.code).toBe(101);
    expect((await login(account, 'wrong1234')).body.code).toBe(101);
    expect((await login(account, password)).body.code).toBe(100);
    const en = await login(account, password);
    expect(en.status).toBe(429);
    expect(en.body).toMatchObject({ code: 106, msg: 'Too many requests, please try again later.' });
    const zh = await login(account, password, 'zh-CN');
    expect(zh.status).toBe(429);
    expect(zh.body).toMatchObject({ code: 106, msg: '请求过于频繁，请稍后再试。' });
    // Case and spaces do not open a new window.
    expect((await login(account.toUpperCase(), password)).status).toBe(429);
    expect((await login(` ${account} `, password)).status).toBe(429);
  });

  it('counts per account, so another account can still sign in', async () => {
    const { account, password } = await signUp(t, { store: false });
    expect((await login(account, password)).body.code).toBe(100);
  });

  it('limits code sign-in per phone as well', async () => {
    const mobile = '13600000042';
    for (let i = 0; i < 3; i++) {
      const r = await t.call(api.auth.login, { body: { login_method: 'code', mobile, verify_code: '123456' } });
      expect(r.status).toBe(400);
    }
    const r = await t.call(api.auth.login, { body: { login_method: 'code', mobile, verify_code: '123456' } });
    expect(r.status).toBe(429);
    expect(r.body.code).toBe(106);
    const spaced = await t.call(api.auth.login, { body: { login_method: 'code', mobile: '136 0000-0042', verify_code: '123456' } });
    expect(spaced.status).toBe(429);
    const other = await t.call(api.auth.login, { body: { login_method: 'code', mobile: '13600000043', verify_code: '123456' } });
    expect(other.status).toBe(400);
  });

  it('limits verification code requests per client', async () => {
    for (let i = 0; i < 3; i++) {
      // Unknown phones are refused, but the requests still count.
      const r = await t.call(api.auth.sendVerifyCode, { body: { mobile: `1350000010${i}` } });
      expect(r.status).toBe(404);
    }
    const r = await t.call(api.auth.sendVerifyCode, { body: { mobile: '13500000109' }, lang: 'zh-CN' });
    expect(r.status).toBe(429);
    expect(r.body).toMatchObject({ code: 106, msg: '请求过于频繁，请稍后再试。' });
  });

  it('limits sign-ups per client', async () => {
    // Two sign-ups above used two of the three.
    const ok = await t.call(api.auth.register, { body: { account: 'limit-3@example.com', password: 'secret123', agree_terms: true } });
    expect(ok.body.code).toBe(100);
    const r = await t.call(api.auth.register, { body: { account: 'limit-4@example.com', password: 'secret123', agree_terms: true } });
    expect(r.status).toBe(429);
    expect(r.body.code).toBe(106);
  });
});
