import { api } from '@storecast/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp } from '../../test/sign-up.ts';
import { startTestApp, type TestApp } from '../../test/start-test-app.ts';

let t: TestApp;
beforeAll(async () => void (t = await startTestApp()));
afterAll(() => t.close());

// Password hashing takes tens of milliseconds between the duplicate check and the insert, so
// simultaneous requests for one address both pass the check; the database's unique index
// decides, and the loser must get the same answer as a plain duplicate, not a server error.
describe('simultaneous requests for one address', () => {
  it('registering the same account twice at once: one succeeds, one is told it is taken', async () => {
    const body = { account: 'race@example.com', password: 'secret123', agree_terms: true };
    const results = await Promise.all([1, 2, 3].map(() => t.call(api.auth.register, { body })));
    const codes = results.map((r) => r.body.code).sort();
    expect(codes).toEqual([100, 101, 101]);
    for (const r of results.filter((x) => x.body.code !== 100)) {
      expect(r.status).toBe(409);
      expect(r.body.msg).toBe('This account is already registered.');
    }
  });

  it('registering the same mobile twice at once: the loser is told the phone is taken', async () => {
    const results = await Promise.all(['race-m1@example.com', 'race-m2@example.com'].map((account) =>
      t.call(api.auth.register, { body: { account, password: 'secret123', agree_terms: true, mobile: '13500000077' } })));
    expect(results.map((r) => r.body.code).sort()).toEqual([100, 101]);
    const loser = results.find((r) => r.body.code !== 100)!;
    expect(loser.status).toBe(409);
    expect(loser.body.msg).toBe('This phone number is already used by another account.');
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
