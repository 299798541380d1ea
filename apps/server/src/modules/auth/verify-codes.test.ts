import { api } from '@storecast/contract';
import { outboxMessages, verifyCodes } from '@storecast/db';
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp } from '../../test/sign-up.ts';
import { startTestApp, type TestApp } from '../../test/start-test-app.ts';
import { settleSms } from './verify-codes.ts';

let t: TestApp;
beforeAll(async () => void (t = await startTestApp()));
afterAll(() => t.close());

let phoneSeq = 0;
const newMobile = () => `1370000${String(1000 + ++phoneSeq)}`;

/** The code inside the latest SMS kept in the outbox for this phone. */
async function lastCode(mobile: string): Promise<{ code: string; text: string }> {
  // The SMS leaves after the answer; wait until it has been handed over.
  await settleSms();
  const [msg] = await t.deps.dbh.db
    .select()
    .from(outboxMessages)
    .where(eq(outboxMessages.recipient, mobile))
    .orderBy(desc(outboxMessages.createdAt))
    .limit(1);
  if (!msg) throw new Error(`no SMS for ${mobile}`);
  expect(msg.channel).toBe('sms');
  expect(msg.shopId).toBeNull();
  const code = /\b(\d{6})\b/.exec(msg.body)?.[1];
  if (!code) throw new Error(`no code in "${msg.body}"`);
  return { code, text: msg.body };
}

/** Moves every code of a phone back in time, as if `seconds` had passed. */
async function age(mobile: string, seconds: number) {
  const rows = await t.deps.dbh.db.select().from(verifyCodes).where(eq(verifyCodes.mobile, mobile));
  for (const r of rows) {
    await t.deps.dbh.db
      .update(verifyCodes)
      .set({ createdAt: new Date(r.createdAt.getTime() - seconds * 1000), expiresAt: new Date(r.expiresAt.getTime() - seconds * 1000) })
      .where(eq(verifyCodes.id, r.id));
  }
}

const codeLogin = (mobile: string, verify_code: string, lang = 'en-US') =>
  t.call(api.auth.login, { body: { login_method: 'code', mobile, verify_code }, lang });

const wrongOf = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

describe('verification codes', () => {
  it('sends a code to a bound mobile through the SMS outbox, in the caller\'s language', async () => {
    const mobile = newMobile();
    await signUp(t, { store: false, mobile });
    const res = await t.call(api.auth.sendVerifyCode, { body: { mobile } });
    expect(res.body).toMatchObject({ code: 100, msg: 'Verification code has been sent.', data: { resend_after: 60, expires_in: 600 } });
    const { text } = await lastCode(mobile);
    expect(text).toMatch(/expires in 10 minutes/);
    // Only a hash is stored.
    const [row] = await t.deps.dbh.db.select().from(verifyCodes).where(eq(verifyCodes.mobile, mobile));
    expect(row!.codeHash).not.toContain((await lastCode(mobile)).code);

    const other = newMobile();
    await signUp(t, { store: false, mobile: other });
    const zh = await t.call(api.auth.sendVerifyCode, { body: { mobile: other }, lang: 'zh-CN' });
    expect(zh.body.msg).toBe('验证码已发送。');
    expect((await lastCode(other)).text).toContain('登录验证码');
  });

  it('refuses a resend inside 60 seconds with the wait message, and allows it after', async () => {
    const mobile = newMobile();
    await signUp(t, { store: false, mobile });
    await t.call(api.auth.sendVerifyCode, { body: { mobile } });
    const again = await t.call(api.auth.sendVerifyCode, { body: { mobile } });
    expect(again.status).toBe(429);
    expect(again.body.code).toBe(106);
    expect(again.body.msg).toMatch(/^Please wait (60|59|58) seconds before asking for another code\.$/);
    const zh = await t.call(api.auth.sendVerifyCode, { body: { mobile }, lang: 'zh-CN' });
    expect(zh.body.msg).toMatch(/^请在 \d+ 秒后再获取验证码。$/);
    await age(mobile, 61);
    const later = await t.call(api.auth.sendVerifyCode, { body: { mobile } });
    expect(later.body.code).toBe(100);
  });

  it('a new code replaces the old one', async () => {
    const mobile = newMobile();
    await signUp(t, { store: false, mobile });
    await t.call(api.auth.sendVerifyCode, { body: { mobile } });
    const first = (await lastCode(mobile)).code;
    await age(mobile, 61);
    await t.call(api.auth.sendVerifyCode, { body: { mobile } });
    const second = (await lastCode(mobile)).code;
    if (first !== second) expect((await codeLogin(mobile, first)).body.code).toBe(101);
    expect((await codeLogin(mobile, second)).body.code).toBe(100);
  });

  it('signs in with the code once, into the account bound to the mobile', async () => {
    const mobile = newMobile();
    const { account, shopId } = await signUp(t, { mobile });
    await t.call(api.auth.sendVerifyCode, { body: { mobile: `${mobile.slice(0, 3)} ${mobile.slice(3)}` } });
    const { code } = await lastCode(mobile);
    const res = await codeLogin(mobile, code);
    expect(res.body.code).toBe(100);
    const info = await t.call(api.auth.info, { token: res.body.data.token });
    expect(info.body.data.manager_info.manager_email).toBe(account);
    expect(info.body.data.shop_id).toBe(shopId);
    const reuse = await codeLogin(mobile, code);
    expect(reuse.status).toBe(400);
    expect(reuse.body).toMatchObject({ code: 101, msg: 'The verification code is wrong.' });
  });

  it('after 5 wrong tries the right code is refused too', async () => {
    const mobile = newMobile();
    await signUp(t, { store: false, mobile });
    await t.call(api.auth.sendVerifyCode, { body: { mobile } });
    const { code } = await lastCode(mobile);
    for (let i = 1; i <= 4; i++) {
      expect((await codeLogin(mobile, wrongOf(code))).body.msg).toBe('The verification code is wrong.');
    }
    expect((await codeLogin(mobile, wrongOf(code))).body.msg).toBe('Too many wrong tries, please get a new code.');
    const right = await codeLogin(mobile, code, 'zh-CN');
    expect(right.body).toMatchObject({ code: 101, msg: '错误次数过多，请重新获取验证码。' });
  });

  it('refuses an expired code', async () => {
    const mobile = newMobile();
    await signUp(t, { store: false, mobile });
    await t.call(api.auth.sendVerifyCode, { body: { mobile } });
    const { code } = await lastCode(mobile);
    await age(mobile, 601);
    const res = await codeLogin(mobile, code);
    expect(res.body).toMatchObject({ code: 101, msg: 'The verification code has expired, please get a new one.' });
  });

  it('refuses a code for a different phone', async () => {
    const a = newMobile();
    const b = newMobile();
    await signUp(t, { store: false, mobile: a });
    await signUp(t, { store: false, mobile: b });
    await t.call(api.auth.sendVerifyCode, { body: { mobile: a } });
    const { code } = await lastCode(a);
    expect((await codeLogin(b, code)).body.code).toBe(101);
  });

  it('answers for a number no account uses exactly as for a bound one, and sends nothing', async () => {
    const bound = newMobile();
    await signUp(t, { store: false, mobile: bound });
    const unknown = newMobile();
    const answer = async (mobile: string, act: (m: string) => Promise<{ status: number; body: unknown }>) => {
      const r = await act(mobile);
      return { status: r.status, body: r.body };
    };
    const request = (lang: string) => (mobile: string) => t.call(api.auth.sendVerifyCode, { body: { mobile }, lang });
    // The first request, in both languages.
    const first = await answer(bound, request('zh-CN'));
    expect(first.body).toMatchObject({ code: 100, msg: '验证码已发送。' });
    expect(await answer(unknown, request('zh-CN'))).toEqual(first);
    // A resend inside the countdown is refused for both (the seconds left may differ by one).
    const again = [await answer(bound, request('en-US')), await answer(unknown, request('en-US'))];
    expect(again.map((r) => [r.status, (r.body as { code: number }).code])).toEqual([[429, 106], [429, 106]]);
    // A wrong code: the same refusal.
    const wrong = wrongOf((await lastCode(bound)).code);
    const guess = (m: string) => codeLogin(m, wrong);
    expect(await answer(unknown, guess)).toEqual(await answer(bound, guess));
    // A number that never asked for a code: a wrong code too, bound or not.
    const quiet = newMobile();
    await signUp(t, { store: false, mobile: quiet });
    const never = (m: string) => codeLogin(m, '123456');
    expect(await answer(newMobile(), never)).toEqual(await answer(quiet, never));
    await settleSms();
    const sent = await t.deps.dbh.db.select().from(outboxMessages).where(eq(outboxMessages.recipient, unknown));
    expect(sent).toHaveLength(0);
  });

  it('validates the mobile', async () => {
    const res = await t.call(api.auth.sendVerifyCode, { body: { mobile: 'abc' }, lang: 'zh-CN' });
    expect(res.body).toMatchObject({ code: 103, msg: '手机号格式不正确。' });
  });
});
