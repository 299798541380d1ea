import { api } from '@storecast/contract';
import { sessions } from '@storecast/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp } from '../../test/sign-up.ts';
import { startTestApp, type TestApp } from '../../test/start-test-app.ts';
import { hashToken } from './session-token.ts';

let t: TestApp;
beforeAll(async () => void (t = await startTestApp()));
afterAll(() => t.close());

const sessionRow = async (token: string) =>
  (await t.deps.dbh.db.select().from(sessions).where(eq(sessions.tokenHash, hashToken(token))))[0];

const expectGone = async (token: string, lang = 'en-US') => {
  const res = await t.call(api.auth.info, { token, lang });
  expect(res.status).toBe(401);
  expect(res.body.code).toBe(102);
  return res;
};

describe('sessions', () => {
  it('stores only a hash of the token, with an expiry about 30 days out', async () => {
    const { token } = await signUp(t, { store: false });
    const row = await sessionRow(token);
    expect(row).toBeDefined();
    expect(row!.tokenHash).not.toContain(token);
    const days = (row!.expiresAt.getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(29.9);
    expect(days).toBeLessThanOrEqual(30);
  });

  it('each login opens its own session', async () => {
    const { token, account, password } = await signUp(t, { store: false });
    const a = await t.call(api.auth.login, { body: { login_method: 'password', account, password } });
    const b = await t.call(api.auth.login, { body: { login_method: 'password', account, password } });
    expect(new Set([token, a.body.data.token, b.body.data.token]).size).toBe(3);
    for (const tok of [token, a.body.data.token, b.body.data.token]) {
      expect((await t.call(api.auth.info, { token: tok })).body.code).toBe(100);
    }
  });

  it('refuses an unknown account like a wrong password', async () => {
    const res = await t.call(api.auth.login, { body: { login_method: 'password', account: 'nobody@example.com', password: 'secret123' } });
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject({ code: 101, msg: 'The account or password is wrong.' });
  });

  it('validates the login body', async () => {
    const noMethod = await t.call(api.auth.login, { body: { account: 'a@example.com', password: 'x' } });
    expect(noMethod.body.code).toBe(103);
    const badCode = await t.call(api.auth.login, { body: { login_method: 'code', mobile: '13800000000', verify_code: '12' } });
    expect(badCode.body).toMatchObject({ code: 103, msg: 'The verification code is 6 digits.' });
    const noPassword = await t.call(api.auth.login, { body: { login_method: 'password', account: 'a@example.com', password: '' }, lang: 'zh-CN' });
    expect(noPassword.body).toMatchObject({ code: 103, msg: '请输入密码。' });
  });

  it('an expired session answers 102 with HTTP 401, in the caller\'s language', async () => {
    const { token } = await signUp(t, { store: false });
    await t.deps.dbh.db.update(sessions).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(sessions.tokenHash, hashToken(token)));
    const en = await expectGone(token);
    expect(en.body.msg).toBe('Verification failed, please Login again.');
    const zh = await expectGone(token, 'zh-CN');
    expect(zh.body.msg).toBe('验证失败，请重新登录。');
  });

  it('a revoked session answers 102', async () => {
    const { token } = await signUp(t, { store: false });
    await t.deps.dbh.db.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.tokenHash, hashToken(token)));
    await expectGone(token);
  });

  it('logout revokes only the current session', async () => {
    const { token, account, password } = await signUp(t);
    const other = (await t.call(api.auth.login, { body: { login_method: 'password', account, password } })).body.data.token;
    const out = await t.call(api.auth.logout, { token });
    expect(out.body).toMatchObject({ code: 100, data: null });
    await expectGone(token);
    expect((await t.call(api.shop.info, { token })).body.code).toBe(102);
    expect((await sessionRow(token))!.revokedAt).not.toBeNull();
    expect((await t.call(api.auth.info, { token: other })).body.code).toBe(100);
    // Logging out twice is a session-gone answer, not a crash.
    expect((await t.call(api.auth.logout, { token })).body.code).toBe(102);
  });

  it('accepts the token as ?token= on info', async () => {
    const { token, account } = await signUp(t, { store: false });
    const res = await t.app.inject({ method: 'GET', url: `/api/shop-manager/info?token=${encodeURIComponent(token)}` });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.manager_info.manager_email).toBe(account);
    const bad = await t.app.inject({ method: 'GET', url: '/api/shop-manager/info?token=forged' });
    expect(bad.statusCode).toBe(401);
    expect(bad.json().code).toBe(102);
  });

  it('takes ?token= only on info, so tokens stay out of other URLs', async () => {
    const { token } = await signUp(t);
    for (const url of ['/api/shop/info', '/api/shop/list', '/api/vip-service/info']) {
      const res = await t.app.inject({ method: 'GET', url: `${url}?token=${encodeURIComponent(token)}` });
      expect(res.statusCode, url).toBe(401);
      expect(res.json().code, url).toBe(102);
    }
    const out = await t.app.inject({ method: 'POST', url: `/api/shop-manager/login-out?token=${encodeURIComponent(token)}`, payload: {} });
    expect(out.json().code).toBe(102);
    expect((await t.call(api.auth.info, { token })).body.code).toBe(100);
  });

  it('prefers the Authorization header over ?token=', async () => {
    const { token } = await signUp(t, { store: false });
    const res = await t.app.inject({
      method: 'GET', url: '/api/shop-manager/info?token=forged', headers: { authorization: `Bearer ${token}` },
    });
    expect(res.json().code).toBe(100);
  });

  it('refuses oversized and empty tokens without a lookup error', async () => {
    await expectGone('x'.repeat(5000));
    const res = await t.app.inject({ method: 'GET', url: '/api/shop-manager/info', headers: { authorization: 'Bearer ' } });
    expect(res.json().code).toBe(102);
  });

  it('a new login starts on the store used last', async () => {
    const { token, account, password, shopId: first } = await signUp(t);
    const second = await t.call(api.shop.connect, {
      token,
      body: { platform: 'custom', name: 'Second', homepage_url: 'second.example.com', currency: 'EUR', timezone: 'Europe/Berlin' },
    });
    const again = await t.call(api.auth.login, { body: { login_method: 'password', account, password } });
    const info = await t.call(api.auth.info, { token: again.body.data.token });
    expect(info.body.data.shop_id).toBe(second.body.data.shop_id);
    await t.call(api.shop.switchStore, { token, body: { shop_id: first } });
    const third = await t.call(api.auth.login, { body: { login_method: 'password', account, password } });
    expect((await t.call(api.auth.info, { token: third.body.data.token })).body.data.shop_id).toBe(first);
  });
});
