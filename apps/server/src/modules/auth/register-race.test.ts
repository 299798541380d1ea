import { api } from '@storecast/contract';
import { outboxMessages } from '@storecast/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readCode, signUp } from '../../test/sign-up.ts';
import { startTestApp, type TestApp } from '../../test/start-test-app.ts';
import { settleSentAfterAnswer } from '../../messaging/send-after-answer.ts';

let t: TestApp;
beforeAll(async () => void (t = await startTestApp()));
afterAll(() => t.close());

const body = (account: string) => ({ account, password: 'secret123', agree_terms: true });

// Password hashing takes tens of milliseconds, so simultaneous requests for one address overlap;
// the database decides, and every loser gets an ordinary answer, never a server error.
describe('simultaneous requests for one address', () => {
  it('several sign-ups of one address at once: one mail, the others are told to wait', async () => {
    const results = await Promise.all([1, 2, 3].map(() => t.call(api.auth.register, { body: body('race@example.com') })));
    expect(results.map((r) => r.body.code).sort()).toEqual([100, 106, 106]);
    for (const r of results.filter((x) => x.body.code !== 100)) expect(r.status).toBe(429);
    await settleSentAfterAnswer();
    expect(await t.deps.dbh.db.select().from(outboxMessages).where(eq(outboxMessages.recipient, 'race@example.com'))).toHaveLength(1);
  });

  it('the right code twice at once opens one account; the other is a wrong code', async () => {
    const account = 'race-confirm@example.com';
    await t.call(api.auth.register, { body: body(account) });
    const verify_code = await readCode(t, 'email', account);
    const results = await Promise.all([1, 2, 3].map(() => t.call(api.auth.registerConfirm, { body: { account, verify_code } })));
    expect(results.map((r) => r.body.code).sort()).toEqual([100, 101, 101]);
    for (const r of results.filter((x) => x.body.code !== 100)) {
      expect(r.status).toBe(400);
      expect(r.body.msg).toBe('The verification code is wrong.');
    }
  });

  it('an address taken while its code was on the way: the code is a wrong code, the owner keeps it', async () => {
    const account = 'taken-meanwhile@example.com';
    await t.call(api.auth.register, { body: body(account) });
    const verify_code = await readCode(t, 'email', account);
    const other = await signUp(t, { store: false });
    expect((await t.call(api.auth.modifyEmail, { token: other.token, body: { email: account, password: other.password } })).body.code).toBe(100);
    const res = await t.call(api.auth.registerConfirm, { body: { account, verify_code } });
    expect(res.status).toBe(400);
    expect(res.body.msg).toBe('The verification code is wrong.');
    const login = await t.call(api.auth.login, { body: { login_method: 'password', account, password: other.password } });
    expect(login.body.code).toBe(100);
  });

  it('two users taking the same new e-mail at once: the loser is told it is taken', async () => {
    const a = await signUp(t, { store: false });
    const b = await signUp(t, { store: false });
    const results = await Promise.all([a, b].map((u) =>
      t.call(api.auth.modifyEmail, { token: u.token, body: { email: 'wanted@example.com', password: u.password } })));
    expect(results.map((r) => r.body.code).sort()).toEqual([100, 101]);
    expect(results.find((r) => r.body.code !== 100)!.body.msg).toBe('This account is already registered.');
  });
});
