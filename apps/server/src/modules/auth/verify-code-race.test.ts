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

// The SMS leaves after the answer; each read waits until those under way have been handed over.
// Only sign-in codes count: the phone got its link code when the test's user linked it.
async function smsTo(mobile: string) {
  await settleSms();
  const rows = await t.deps.dbh.db.select().from(outboxMessages).where(eq(outboxMessages.recipient, mobile)).orderBy(desc(outboxMessages.createdAt));
  return rows.filter((m) => m.meta.purpose === 'login');
}

// The limits on codes must hold for requests that arrive together, not only one after another.
describe('verification codes under simultaneous requests', () => {
  it('sends one SMS when several sends for one phone arrive at once', async () => {
    const mobile = '13300000001';
    await signUp(t, { store: false, mobile });
    const results = await Promise.all(Array.from({ length: 6 }, () => t.call(api.auth.sendVerifyCode, { body: { mobile } })));
    expect(results.filter((r) => r.body.code === 100)).toHaveLength(1);
    for (const r of results.filter((x) => x.body.code !== 100)) expect(r.status).toBe(429);
    expect(await smsTo(mobile)).toHaveLength(1);
  });

  it('checks at most 5 guesses when many arrive at once', async () => {
    const mobile = '13300000002';
    await signUp(t, { store: false, mobile });
    await t.call(api.auth.sendVerifyCode, { body: { mobile } });
    const code = /\b(\d{6})\b/.exec((await smsTo(mobile))[0]!.body)![1]!;
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    const results = await Promise.all(Array.from({ length: 12 }, () =>
      t.call(api.auth.login, { body: { login_method: 'code', mobile, verify_code: wrong } })));
    expect(results.every((r) => r.body.code === 101)).toBe(true);
    expect(results.filter((r) => r.body.msg === 'The verification code is wrong.').length).toBeLessThanOrEqual(4);
    // Each guess takes a try before it is compared, so no more than 5 were ever compared.
    const [row] = await t.deps.dbh.db.select().from(verifyCodes).where(eq(verifyCodes.mobile, mobile));
    expect(row!.attempts).toBe(5);
    const right = await t.call(api.auth.login, { body: { login_method: 'code', mobile, verify_code: code } });
    expect(right.body).toMatchObject({ code: 101, msg: 'Too many wrong tries, please get a new code.' });
  });

  it('lets the right code in only once when it arrives twice at once', async () => {
    const mobile = '13300000003';
    await signUp(t, { store: false, mobile });
    await t.call(api.auth.sendVerifyCode, { body: { mobile } });
    const code = /\b(\d{6})\b/.exec((await smsTo(mobile))[0]!.body)![1]!;
    const results = await Promise.all([1, 2, 3].map(() =>
      t.call(api.auth.login, { body: { login_method: 'code', mobile, verify_code: code } })));
    expect(results.map((r) => r.body.code).sort()).toEqual([100, 101, 101]);
  });
});
