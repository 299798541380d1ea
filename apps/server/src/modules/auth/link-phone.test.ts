import { api } from '@storecast/contract';
import { outboxMessages, phoneLinkCodes } from '@storecast/db';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readCode, signUp } from '../../test/sign-up.ts';
import { startTestApp, type TestApp } from '../../test/start-test-app.ts';
import { settleSentAfterAnswer } from '../../messaging/send-after-answer.ts';

let t: TestApp;
beforeAll(async () => void (t = await startTestApp()));
afterAll(() => t.close());

let phoneSeq = 0;
const newMobile = () => `1320000${String(1000 + ++phoneSeq)}`;

const sendBind = (token: string, mobile: string, lang = 'en-US') => t.call(api.auth.sendBindCode, { token, body: { mobile }, lang });
const link = (token: string, mobile: string, verify_code: string, lang = 'en-US') =>
  t.call(api.auth.modifyMobile, { token, body: { mobile, verify_code }, lang });
const phoneOf = async (token: string) => (await t.call(api.auth.info, { token })).body.data.manager_info.manager_mobile;
/** Moves the link codes of a number back in time, as if the countdown had passed. */
const age = (mobile: string) => t.deps.dbh.db.update(phoneLinkCodes)
  .set({ createdAt: sql`created_at - interval '61 seconds'` }).where(eq(phoneLinkCodes.mobile, mobile));
const smsTo = async (mobile: string) => {
  await settleSentAfterAnswer();
  return t.deps.dbh.db.select().from(outboxMessages).where(eq(outboxMessages.recipient, mobile));
};

describe('linking a phone by its code', () => {
  it('links the number of the right code, shows it in the session user, and the phone then signs in by SMS', async () => {
    const { token, account } = await signUp(t, { store: false });
    const mobile = newMobile();
    const sent = await sendBind(token, `${mobile.slice(0, 3)} ${mobile.slice(3)}`, 'zh-CN');
    expect(sent.body).toEqual({ code: 100, msg: '验证码已发送。', data: { resend_after: 60, expires_in: 600 } });
    const [sms] = await smsTo(mobile);
    expect(sms!.body).toContain('绑定手机验证码');
    const res = await link(token, mobile, await readCode(t, 'sms', mobile));
    expect(res.body).toEqual({ code: 100, msg: 'Phone number linked.', data: null });
    expect(await phoneOf(token)).toBe(mobile);
    await t.call(api.auth.sendVerifyCode, { body: { mobile } });
    const login = await t.call(api.auth.login, { body: { login_method: 'code', mobile, verify_code: await readCode(t, 'sms', mobile) } });
    expect(login.body.code).toBe(100);
    expect((await t.call(api.auth.info, { token: login.body.data.token })).body.data.manager_info.manager_email).toBe(account);
  });

  it('answers a number another account uses exactly as a free one, sends it nothing, and its code is a wrong code', async () => {
    const b = await signUp(t, { store: false, mobile: newMobile() });
    const taken = await phoneOf(b.token);
    await age(taken);
    const a = await signUp(t, { store: false });
    const free = newMobile();
    const before = (await smsTo(taken)).length;
    for (const lang of ['en-US', 'zh-CN']) {
      const one = await sendBind(a.token, taken, lang);
      const two = await sendBind(a.token, free, lang);
      expect({ status: one.status, body: one.body }).toEqual({ status: two.status, body: two.body });
    }
    expect(await smsTo(taken)).toHaveLength(before);
    expect(await smsTo(free)).toHaveLength(1);
    for (const code of ['000000', '123456', '999999']) {
      const res = await link(a.token, taken, code);
      expect(res.body).toMatchObject({ code: 101, msg: 'The verification code is wrong.' });
    }
    expect(await phoneOf(a.token)).toBe('');
    expect(await phoneOf(b.token)).toBe(taken);
  });

  it('a code is for the user who asked for it and for that number only', async () => {
    const a = await signUp(t, { store: false });
    const c = await signUp(t, { store: false });
    const mobile = newMobile();
    await sendBind(a.token, mobile);
    const code = await readCode(t, 'sms', mobile);
    expect((await link(c.token, mobile, code)).body.msg).toBe('The verification code is wrong.');
    expect((await link(a.token, newMobile(), code)).body.msg).toBe('The verification code is wrong.');
    expect((await link(a.token, mobile, code)).body.code).toBe(100);
    expect(await phoneOf(c.token)).toBe('');
  });

  it('a sign-in code cannot link a phone, and a link code cannot sign in', async () => {
    const owner = await signUp(t, { store: false, mobile: newMobile() });
    const mobile = await phoneOf(owner.token);
    await t.call(api.auth.sendVerifyCode, { body: { mobile } });
    const signInCode = await readCode(t, 'sms', mobile);
    const other = await signUp(t, { store: false });
    expect((await link(other.token, mobile, signInCode)).body.msg).toBe('The verification code is wrong.');
    const free = newMobile();
    await sendBind(other.token, free);
    const linkCode = await readCode(t, 'sms', free);
    const login = await t.call(api.auth.login, { body: { login_method: 'code', mobile: free, verify_code: linkCode } });
    expect(login.body.code).toBe(101);
    expect(await phoneOf(other.token)).toBe('');
  });

  it('used once; 5 tries; expires; the countdown holds per number', async () => {
    const { token } = await signUp(t, { store: false });
    const mobile = newMobile();
    await sendBind(token, mobile);
    const again = await sendBind(token, mobile);
    expect(again.status).toBe(429);
    expect(again.body.msg).toMatch(/^Please wait \d+ seconds/);
    const code = await readCode(t, 'sms', mobile);
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    for (let i = 1; i <= 4; i++) expect((await link(token, mobile, wrong)).body.msg).toBe('The verification code is wrong.');
    expect((await link(token, mobile, wrong)).body.msg).toBe('Too many wrong tries, please get a new code.');
    expect((await link(token, mobile, code)).body.msg).toBe('Too many wrong tries, please get a new code.');

    await age(mobile);
    await sendBind(token, mobile);
    const fresh = await readCode(t, 'sms', mobile);
    await t.deps.dbh.db.update(phoneLinkCodes).set({ expiresAt: sql`now() - interval '1 second'` }).where(eq(phoneLinkCodes.mobile, mobile));
    expect((await link(token, mobile, fresh)).body.msg).toBe('The verification code has expired, please get a new one.');

    await age(mobile);
    await sendBind(token, mobile);
    const last = await readCode(t, 'sms', mobile);
    expect((await link(token, mobile, last)).body.code).toBe(100);
    expect((await link(token, mobile, last)).body.msg).toBe('The verification code is wrong.');
  });

  it('a number taken while its code was on the way: a wrong code, and the owner keeps it', async () => {
    const a = await signUp(t, { store: false });
    const mobile = newMobile();
    await sendBind(a.token, mobile);
    const code = await readCode(t, 'sms', mobile);
    const b = await signUp(t, { store: false });
    await age(mobile);
    await sendBind(b.token, mobile);
    expect((await link(b.token, mobile, await readCode(t, 'sms', mobile))).body.code).toBe(100);
    const res = await link(a.token, mobile, code);
    expect(res.status).toBe(400);
    expect(res.body.msg).toBe('The verification code is wrong.');
    expect(await phoneOf(b.token)).toBe(mobile);
    expect(await phoneOf(a.token)).toBe('');
  });

  it('needs a session', async () => {
    const res = await t.call(api.auth.sendBindCode, { body: { mobile: newMobile() } });
    expect(res.body.code).toBe(102);
  });
});
