import { api } from '@storecast/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp } from '../../test/sign-up.ts';
import { startTestApp, type TestApp } from '../../test/start-test-app.ts';

let t: TestApp;
beforeAll(async () => void (t = await startTestApp()));
afterAll(() => t.close());

const login = (account: string, password: string) =>
  t.call(api.auth.login, { body: { login_method: 'password', account, password } });

describe('modify-password', () => {
  it('refuses a wrong current password and keeps the old one', async () => {
    const { token, account, password } = await signUp(t, { store: false });
    const res = await t.call(api.auth.modifyPassword, {
      token, body: { old_password: 'wrong1234', new_password: 'newpass123', confirm_password: 'newpass123' },
    });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 101, msg: 'The current password is wrong.' });
    expect((await login(account, password)).body.code).toBe(100);
    expect((await t.call(api.auth.info, { token })).body.code).toBe(100);
  });

  it('refuses two different new passwords with the SPEC message', async () => {
    const { token, account, password } = await signUp(t, { store: false });
    const res = await t.call(api.auth.modifyPassword, {
      token, body: { old_password: password, new_password: 'newpass123', confirm_password: 'newpass124' },
    });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe(103);
    expect(res.body.msg).toBe('The two new passwords are not the same.');
    const zh = await t.call(api.auth.modifyPassword, {
      token, lang: 'zh-CN', body: { old_password: password, new_password: 'newpass123', confirm_password: 'newpass124' },
    });
    expect(zh.body.msg).toBe('两次输入的新密码不一致。');
    expect((await login(account, password)).body.code).toBe(100);
  });

  it('refuses a new password that breaks the rule', async () => {
    const { token, password } = await signUp(t, { store: false });
    const res = await t.call(api.auth.modifyPassword, {
      token, body: { old_password: password, new_password: 'short1', confirm_password: 'short1' },
    });
    expect(res.body).toMatchObject({ code: 103, msg: 'Password must be 8-16 characters with at least one letter and one digit.' });
  });

  it('needs a session', async () => {
    const res = await t.call(api.auth.modifyPassword, {
      body: { old_password: 'secret123', new_password: 'newpass123', confirm_password: 'newpass123' },
    });
    expect(res.status).toBe(401);
    expect(res.body.code).toBe(102);
  });

  it('changes it, returns a new token on the same store and ends every other session', async () => {
    const { token, account, password, shopId } = await signUp(t);
    const other = (await login(account, password)).body.data.token;
    const res = await t.call(api.auth.modifyPassword, {
      token, body: { old_password: password, new_password: 'newpass123', confirm_password: 'newpass123' },
    });
    expect(res.body).toMatchObject({ code: 100, msg: 'Password changed.' });
    const fresh = res.body.data.token;
    expect(fresh).toBeTruthy();
    expect(fresh).not.toBe(token);
    for (const old of [token, other]) {
      const r = await t.call(api.auth.info, { token: old });
      expect(r.status).toBe(401);
      expect(r.body.code).toBe(102);
    }
    const info = await t.call(api.auth.info, { token: fresh });
    expect(info.body.code).toBe(100);
    expect(info.body.data.shop_id).toBe(shopId);
    expect((await login(account, password)).body.code).toBe(101);
    expect((await login(account, 'newpass123')).body.code).toBe(100);
  });
});

describe('modify-email', () => {
  it('refuses a wrong password', async () => {
    const { token } = await signUp(t, { store: false });
    const res = await t.call(api.auth.modifyEmail, { token, body: { email: 'new-address@example.com', password: 'wrong1234' } });
    expect(res.body).toMatchObject({ code: 101, msg: 'The current password is wrong.' });
    expect((await t.call(api.auth.info, { token })).body.code).toBe(100);
  });

  it('refuses a malformed address', async () => {
    const { token, password } = await signUp(t, { store: false });
    const res = await t.call(api.auth.modifyEmail, { token, body: { email: 'nope', password } });
    expect(res.body).toMatchObject({ code: 103, msg: 'Account format is not correct.' });
  });

  it('refuses an address another account uses', async () => {
    const a = await signUp(t, { store: false });
    const b = await signUp(t, { store: false });
    const res = await t.call(api.auth.modifyEmail, { token: b.token, body: { email: a.account, password: b.password } });
    expect(res.status).toBe(409);
    expect(res.body.msg).toBe('This account is already registered.');
  });

  it('changes it, ends every session and the user signs in with the new address', async () => {
    const { token, account, password } = await signUp(t);
    const other = (await login(account, password)).body.data.token;
    const res = await t.call(api.auth.modifyEmail, { token, body: { email: 'Renamed-Owner@Example.com', password } });
    expect(res.body).toMatchObject({ code: 100, msg: 'Login email changed successfully, please login again.', data: null });
    const zhMsg = await t.call(api.auth.modifyEmail, { token, lang: 'zh-CN', body: { email: 'x@example.com', password } });
    expect(zhMsg.body.code).toBe(102);
    for (const old of [token, other]) expect((await t.call(api.auth.info, { token: old })).body.code).toBe(102);
    expect((await login(account, password)).body.code).toBe(101);
    const fresh = await login('renamed-owner@example.com', password);
    expect(fresh.body.code).toBe(100);
    const info = await t.call(api.auth.info, { token: fresh.body.data.token });
    expect(info.body.data.manager_info.manager_email).toBe('renamed-owner@example.com');
  });

  it('says so in Chinese too', async () => {
    const { token, password } = await signUp(t, { store: false });
    const res = await t.call(api.auth.modifyEmail, { token, lang: 'zh-CN', body: { email: 'zh-renamed@example.com', password } });
    expect(res.body.msg).toBe('登录邮箱修改成功，请重新登录。');
  });
});
