import { api } from '@storecast/contract';
import { outboxMessages, pendingSignUps } from '@storecast/db';
import { and, desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readCode, signUp } from '../../test/sign-up.ts';
import { startTestApp, type TestApp } from '../../test/start-test-app.ts';
import { settleSentAfterAnswer } from '../../messaging/send-after-answer.ts';

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

describe('register by mailed code', () => {
  const confirm = (account: string, verify_code: string, lang = 'en-US') =>
    t.call(api.auth.registerConfirm, { body: { account, verify_code }, lang });

  it('normalises the account to lower case and signs in with any case', async () => {
    const reg = await t.call(api.auth.register, { body: { ...valid, account: '  Mixed.Case@Example.COM ' } });
    expect(reg.body.code).toBe(100);
    const code = await readCode(t, 'email', 'mixed.case@example.com');
    const done = await confirm('MIXED.case@example.com', code);
    expect(done.body.code).toBe(100);
    const info = await t.call(api.auth.info, { token: done.body.data.token });
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
    expect(info.body.data.manager_info.manager_mobile).toBe('');
  });

  it('creates no account before the code comes back', async () => {
    const account = 'not-yet@example.com';
    expect((await t.call(api.auth.register, { body: { ...valid, account } })).body.code).toBe(100);
    const login = await t.call(api.auth.login, { body: { login_method: 'password', account, password: valid.password } });
    expect(login.body.code).toBe(101);
  });

  it('answers a taken address exactly as a free one, in both languages, and mails its owner a notice instead of a code', async () => {
    const owner = await signUp(t, { store: false });
    // Same length as the owner's address, so the answers can be compared byte for byte once
    // each is written with the address it was asked for.
    const free = `${'f'.repeat(owner.account.indexOf('@'))}@example.com`;
    const ask = async (account: string, lang: string) => {
      const r = await t.call(api.auth.register, { body: { ...valid, account: account.toUpperCase() }, lang });
      // The seconds left of a countdown may differ by one between two requests.
      return JSON.stringify({ status: r.status, body: r.body }).replaceAll(account, '<address>').replace(/请在 \d+ 秒/, '请在 N 秒');
    };
    for (const lang of ['en-US', 'zh-CN']) {
      const taken = await ask(owner.account, lang);
      expect(taken).toBe(await ask(free, lang));
      if (lang === 'en-US') {
        expect(JSON.parse(taken)).toEqual({
          status: 200,
          body: {
            code: 100,
            msg: 'We sent a 6-digit code to <address>. Enter it to finish signing up. If this address already has an account, the email tells you how to sign in instead.',
            data: { resend_after: 60, expires_in: 600 },
          },
        });
      } else {
        // Inside the countdown both are told to wait, alike too.
        expect(JSON.parse(taken)).toMatchObject({ status: 429, body: { code: 106, msg: '请在 N 秒后再获取验证码。' } });
      }
    }
    const notice = await readOutbox(owner.account);
    expect(notice.subject).toBe('Someone tried to sign up to Storecast with your email');
    expect(notice.body).toContain('sign in with your password');
    expect(notice.body).not.toMatch(/\b\d{6}\b/);
    expect(notice.meta).toMatchObject({ kind: 'sign-up-notice' });
    const mail = await readOutbox(free);
    expect(mail.subject).toMatch(/^Your Storecast sign-up code: \d{6}$/);
    expect(mail.meta).toMatchObject({ kind: 'sign-up-code' });
    // The owner's account is untouched, and no code opens it.
    expect((await confirm(owner.account, '123456')).body.msg).toBe('The verification code is wrong.');
    const login = await t.call(api.auth.login, { body: { login_method: 'password', account: owner.account, password: owner.password } });
    expect(login.body.code).toBe(100);
  });

  it('mails the code in the language of the request', async () => {
    await t.call(api.auth.register, { body: { ...valid, account: 'zh-mail@example.com' }, lang: 'zh-CN' });
    const mail = await readOutbox('zh-mail@example.com');
    expect(mail.subject).toMatch(/^你的 Storecast 注册验证码：\d{6}$/);
    expect(mail.body).toContain('10 分钟内有效');
  });

  it('opens the account with the right code once; a second confirm is a wrong code', async () => {
    const account = 'once@example.com';
    await t.call(api.auth.register, { body: { ...valid, account } });
    const code = await readCode(t, 'email', account);
    const done = await confirm(account, code);
    expect(done.body.code).toBe(100);
    const info = await t.call(api.auth.info, { token: done.body.data.token });
    expect(info.body.data.manager_info.manager_email).toBe(account);
    const again = await confirm(account, code, 'zh-CN');
    expect(again.status).toBe(400);
    expect(again.body).toMatchObject({ code: 101, msg: '验证码错误。' });
  });

  it('after 5 wrong tries the right code is refused too', async () => {
    const account = 'tries@example.com';
    await t.call(api.auth.register, { body: { ...valid, account } });
    const code = await readCode(t, 'email', account);
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    for (let i = 1; i <= 4; i++) expect((await confirm(account, wrong)).body.msg).toBe('The verification code is wrong.');
    expect((await confirm(account, wrong)).body.msg).toBe('Too many wrong tries, please get a new code.');
    expect((await confirm(account, code)).body.msg).toBe('Too many wrong tries, please get a new code.');
  });

  it('refuses an expired code, and a resend after the countdown replaces the code', async () => {
    const account = 'late@example.com';
    await t.call(api.auth.register, { body: { ...valid, account } });
    const first = await readCode(t, 'email', account);
    await t.deps.dbh.db.update(pendingSignUps)
      .set({ createdAt: sql`now() - interval '11 minutes'`, expiresAt: sql`now() - interval '1 minute'` })
      .where(eq(pendingSignUps.email, account));
    expect((await confirm(account, first)).body.msg).toBe('The verification code has expired, please get a new one.');
    expect((await t.call(api.auth.register, { body: { ...valid, account } })).body.code).toBe(100);
    const second = await readCode(t, 'email', account);
    if (second !== first) expect((await confirm(account, first)).body.msg).toBe('The verification code is wrong.');
    expect((await confirm(account, second)).body.code).toBe(100);
  });

  it('validates the confirm body', async () => {
    const res = await confirm('x', '12', 'zh-CN');
    expect(res.body.code).toBe(103);
    expect(Object.keys((res.body.data as unknown as { fields: object }).fields).sort()).toEqual(['account', 'verify_code']);
  });
});

async function readOutbox(recipient: string) {
  await settleSentAfterAnswer();
  const [row] = await t.deps.dbh.db.select().from(outboxMessages)
    .where(and(eq(outboxMessages.recipient, recipient), eq(outboxMessages.channel, 'email')))
    .orderBy(desc(outboxMessages.createdAt)).limit(1);
  if (!row) throw new Error(`no mail to ${recipient}`);
  return row;
}
