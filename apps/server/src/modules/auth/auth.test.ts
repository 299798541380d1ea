import { api } from '@storecast/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp } from '../../test/sign-up.ts';
import { startTestApp, type TestApp } from '../../test/start-test-app.ts';

let t: TestApp;
beforeAll(async () => void (t = await startTestApp()));
afterAll(() => t.close());

describe('register and sign in by password', () => {
  it('registers, reads the session user and signs in again', async () => {
    const { token, account, password } = await signUp(t, { store: false });
    const info = await t.call(api.auth.info, { token });
    expect(info.status).toBe(200);
    expect(info.body.data.manager_info.manager_email).toBe(account);
    expect(info.body.data.shop_id).toBe('');
    const login = await t.call(api.auth.login, { body: { login_method: 'password', account, password } });
    expect(login.body.code).toBe(100);
    expect(login.body.data.token).not.toBe(token);
  });

  it('refuses a wrong password with a localised message', async () => {
    const { account } = await signUp(t, { store: false });
    const zh = await t.call(api.auth.login, { body: { login_method: 'password', account, password: 'wrong1234' }, lang: 'zh-CN' });
    expect(zh.status).toBe(401);
    expect(zh.body).toMatchObject({ code: 101, msg: '账号或密码错误。' });
  });

  it('answers code 102 without a session', async () => {
    const res = await t.call(api.auth.info, { token: 'nope' });
    expect(res.status).toBe(401);
    expect(res.body.code).toBe(102);
    expect(res.body.msg).toBe('Verification failed, please Login again.');
  });
});
