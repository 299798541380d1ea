import { api } from '@storecast/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp } from '../../test/sign-up.ts';
import { startTestApp, type TestApp } from '../../test/start-test-app.ts';

let t: TestApp;
beforeAll(async () => void (t = await startTestApp()));
afterAll(() => t.close());

const valid = { account: 'someone@example.com', password: 'secret123', agree_terms: true };

describe('register validation (SPEC section 5)', () => {
  // Each case breaks one rule; the field and its message must come back in both languages.
  const cases: { name: string; body: Record<string, unknown>; field: string; en: string; zh: string }[] = [
    { name: 'account format', body: { ...valid, account: 'not-an-email' }, field: 'account', en: 'Account format is not correct.', zh: '账号格式不正确。' },
    { name: 'account missing', body: { password: 'secret123', agree_terms: true }, field: 'account', en: 'Account format is not correct.', zh: '账号格式不正确。' },
    { name: 'password too short', body: { ...valid, password: 'abc123' }, field: 'password', en: 'Password must be 8-16 characters with at least one letter and one digit.', zh: '密码须为 8-16 位，且至少包含一个字母和一个数字。' },
    { name: 'password too long', body: { ...valid, password: 'abcdefgh123456789' }, field: 'password', en: 'Password must be 8-16 characters with at least one letter and one digit.', zh: '密码须为 8-16 位，且至少包含一个字母和一个数字。' },
    { name: 'password without a digit', body: { ...valid, password: 'abcdefghij' }, field: 'password', en: 'Password must be 8-16 characters with at least one letter and one digit.', zh: '密码须为 8-16 位，且至少包含一个字母和一个数字。' },
    { name: 'password without a letter', body: { ...valid, password: '1234567890' }, field: 'password', en: 'Password must be 8-16 characters with at least one letter and one digit.', zh: '密码须为 8-16 位，且至少包含一个字母和一个数字。' },
    { name: 'terms not agreed', body: { ...valid, agree_terms: false }, field: 'agree_terms', en: 'Please agree to the terms of service and the anti-spam policy.', zh: '请同意服务条款和反垃圾邮件政策。' },
    { name: 'terms missing', body: { account: valid.account, password: valid.password }, field: 'agree_terms', en: 'Please agree to the terms of service and the anti-spam policy.', zh: '请同意服务条款和反垃圾邮件政策。' },
    { name: 'mobile format', body: { ...valid, mobile: '12ab' }, field: 'mobile', en: 'Phone number format is not correct.', zh: '手机号格式不正确。' },
    { name: 'confirmation differs', body: { ...valid, confirm_password: 'secret124' }, field: 'confirm_password', en: 'The two new passwords are not the same.', zh: '两次输入的新密码不一致。' },
  ];

  for (const c of cases) {
    it(`refuses: ${c.name}`, async () => {
      const en = await t.call(api.auth.register, { body: c.body, lang: 'en-US' });
      expect(en.status).toBe(400);
      expect(en.body.code).toBe(103);
      expect(en.body.msg).toBe(c.en);
      expect((en.body.data as unknown as { fields: Record<string, string> }).fields[c.field]).toBe(c.en);
      const zh = await t.call(api.auth.register, { body: c.body, lang: 'zh-CN' });
      expect(zh.body.code).toBe(103);
      expect(zh.body.msg).toBe(c.zh);
      expect((zh.body.data as unknown as { fields: Record<string, string> }).fields[c.field]).toBe(c.zh);
    });
  }

  it('reports every broken field at once', async () => {
    const res = await t.call(api.auth.register, { body: { account: 'x', password: 'y', agree_terms: false } });
    expect(res.body.code).toBe(103);
    expect(Object.keys((res.body.data as unknown as { fields: object }).fields).sort()).toEqual(['account', 'agree_terms', 'password']);
  });

  it('defaults to zh-CN without Accept-Language', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/shop-manager/register', payload: { ...valid, account: 'bad' } });
    expect(res.json().msg).toBe('账号格式不正确。');
  });

  it('no account is created by a refused request', async () => {
    await t.call(api.auth.register, { body: { ...valid, account: 'refused@example.com', agree_terms: false } });
    const login = await t.call(api.auth.login, { body: { login_method: 'password', account: 'refused@example.com', password: 'secret123' } });
    expect(login.body.code).toBe(101);
  });
});

describe('register', () => {
  it('normalises the account to lower case and signs in with any case', async () => {
    const reg = await t.call(api.auth.register, { body: { ...valid, account: '  Mixed.Case@Example.COM ' } });
    expect(reg.body.code).toBe(100);
    const info = await t.call(api.auth.info, { token: reg.body.data.token });
    expect(info.body.data.manager_info.manager_email).toBe('mixed.case@example.com');
    expect(info.body.data.name).toBe('mixed.case');
    const login = await t.call(api.auth.login, { body: { login_method: 'password', account: 'MIXED.case@example.com', password: 'secret123' } });
    expect(login.body.code).toBe(100);
  });

  it('a new session has no store and the default guide flags', async () => {
    const { token } = await signUp(t, { store: false });
    const info = await t.call(api.auth.info, { token });
    expect(info.body.data).toMatchObject({
      shop_id: '', shop: '', platform: '', install_status: '', flag_import: '1', codeList: [],
      shop_guide_flag: {
        intelligent_send: true, label_send: true, element_send: true, subscribe_popup: true,
        customized_campaign: true, popup_strategy: true, activity_channel: true,
      },
    });
    expect(info.body.data.token).toBe(token);
  });

  it('refuses a duplicate account, in any case', async () => {
    const { account } = await signUp(t, { store: false });
    const again = await t.call(api.auth.register, { body: { ...valid, account: account.toUpperCase() } });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ code: 101, msg: 'This account is already registered.' });
    const zh = await t.call(api.auth.register, { body: { ...valid, account }, lang: 'zh-CN' });
    expect(zh.body.msg).toBe('该账号已注册。');
  });

  it('refuses a mobile already bound to another account', async () => {
    await signUp(t, { store: false, mobile: '13900000001' });
    const res = await t.call(api.auth.register, { body: { ...valid, account: 'other-mobile@example.com', mobile: '139 0000-0001' } });
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ code: 101, msg: 'This phone number is already used by another account.' });
  });

  it('accepts an empty mobile as none', async () => {
    const res = await t.call(api.auth.register, { body: { ...valid, account: 'nomobile@example.com', mobile: '' } });
    expect(res.body.code).toBe(100);
    const info = await t.call(api.auth.info, { token: res.body.data.token });
    expect(info.body.data.manager_info.manager_mobile).toBe('');
  });
});
