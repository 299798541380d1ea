import { api, type LiveItem } from '@storecast/contract';
import { sessions, subscribers, users } from '@storecast/db';
import { eq } from 'drizzle-orm';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readOutbox, signUp, startSignUp } from '../../test/sign-up.ts';
import { startTestApp, type TestApp } from '../../test/start-test-app.ts';
import { openEventStream, type StreamMessage } from './test/read-event-stream.ts';

/**
 * A live stream lives no longer than the access it was opened with: revoking the manager,
 * signing out and changing the password end it at once, and what the store gets afterwards (a
 * new subscriber) never reaches it, while a stream that still has access receives it.
 */
let t: TestApp;
let owner: { token: string; shopId: string; account: string; password: string };
let base = '';
let seq = 0;

beforeAll(async () => {
  t = await startTestApp();
  owner = await signUp(t, { name: 'Live Tea' });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterAll(() => t?.close());

const open = async (token: string) => {
  const s = await openEventStream(`${base}/api/liveview/stream`, token);
  expect(s.res.status).toBe(200);
  await s.next((m) => m.event === 'snapshot');
  return s;
};
const carries = (email: string) => (m: StreamMessage) => m.event === 'items' && (m.data as LiveItem[]).some((i) => i.email === email);

/** A new account accepting a manager invitation to the owner's store; its session moves onto it. */
async function manager() {
  const email = `live-manager${++seq}-${Date.now()}@example.com`;
  const password = 'secret123';
  const code = await startSignUp(t, email, password, async () => {
    expect((await t.call(api.auth.register, { body: { account: email, password, agree_terms: true } })).body.code).toBe(100);
  });
  const token = (await t.call(api.auth.registerConfirm, { body: { account: email, verify_code: code } })).body.data.token as string;
  expect((await t.call(api.access.invite, { token: owner.token, body: { email, shop_ids: [owner.shopId] } })).body.code).toBe(100);
  const link = /\/invite\?token=([A-Za-z0-9_-]+)/.exec((await readOutbox(t, 'email', email))!.body)![1]!;
  expect((await t.call(api.access.acceptInvite, { token, body: { token: link } })).body.code).toBe(100);
  const [u] = await t.deps.dbh.db.select({ id: users.id }).from(users).where(eq(users.email, email));
  return { token, email, password, userId: u!.id };
}

/**
 * Adds a subscriber right after access ended, then waits for the stream to end and for a stream
 * that still has access (the owner's) to receive the subscriber: by then the feed has read it,
 * and the ended stream must not have it.
 */
async function expectNeverCarried(ended: Awaited<ReturnType<typeof open>>, name: string) {
  const watcher = await open(owner.token);
  try {
    const email = `after-${name}-${Date.now()}@example.com`;
    await t.deps.dbh.db.insert(subscribers).values({ shopId: owner.shopId, email, source: 'popup' });
    await ended.finished;
    expect(ended.ended).toBe(true);
    await watcher.next(carries(email));
    expect(ended.messages.some(carries(email))).toBe(false);
  } finally {
    await watcher.close();
  }
}

describe('a live stream ends with its access', () => {
  it('when the owner revokes the manager', async () => {
    const m = await manager();
    const s = await open(m.token);
    const res = await t.call(api.access.revoke, { token: owner.token, body: { user_id: m.userId, shop_ids: [owner.shopId] } });
    expect(res.body.code, res.body.msg).toBe(100);
    await expectNeverCarried(s, 'revoke');
  });

  it('when its session signs out, and only that session\'s stream', async () => {
    const m = await manager();
    const login = await t.call(api.auth.login, { body: { login_method: 'password', account: m.email, password: m.password } });
    expect(login.body.code, login.body.msg).toBe(100);
    const second = login.body.data.token as string;
    const signingOut = await open(m.token);
    const staying = await open(second);
    try {
      expect((await t.call(api.auth.logout, { token: m.token })).body.code).toBe(100);
      await expectNeverCarried(signingOut, 'logout');
      expect(staying.ended).toBe(false);
    } finally {
      await staying.close();
    }
  });

  it('when the password changes', async () => {
    const m = await manager();
    const s = await open(m.token);
    const res = await t.call(api.auth.modifyPassword, {
      token: m.token, body: { old_password: m.password, new_password: 'newpass123', confirm_password: 'newpass123' },
    });
    expect(res.body.code, res.body.msg).toBe(100);
    await expectNeverCarried(s, 'password');
  });

  it('when another server process ended the session: the feed checks before it pushes', async () => {
    const m = await manager();
    const s = await open(m.token);
    // The write another API process would make; nothing in this one is told of it.
    await t.deps.dbh.db.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.userId, m.userId));
    await expectNeverCarried(s, 'elsewhere');
  });
});
