import { api, LIMITS } from '@storecast/contract';
import { outboxMessages, pendingSignUps } from '@storecast/db';
import { and, desc, eq } from 'drizzle-orm';
import { hashPassword } from '../modules/auth/hash-password.ts';
import { hashCode } from '../modules/auth/one-time-code.ts';
import { settleSentAfterAnswer } from '../messaging/send-after-answer.ts';
import { signUpScope } from '../modules/auth/start-sign-up.ts';
import type { TestApp } from './start-test-app.ts';

let seq = 0;

/**
 * The newest message of a channel to one recipient in the local outbox, once the messages on
 * their way have been handed over. Codes leave after the answer, so they are awaited first.
 */
export async function readOutbox(t: Pick<TestApp, 'deps'>, channel: 'email' | 'sms', recipient: string) {
  await settleSentAfterAnswer();
  const [row] = await t.deps.dbh.db
    .select()
    .from(outboxMessages)
    .where(and(eq(outboxMessages.channel, channel), eq(outboxMessages.recipient, recipient)))
    .orderBy(desc(outboxMessages.createdAt))
    .limit(1);
  return row;
}

/** The 6-digit code of the newest mail or SMS to `recipient`, or '' when none was sent. */
export async function readCode(t: Pick<TestApp, 'deps'>, channel: 'email' | 'sms', recipient: string): Promise<string> {
  const row = await readOutbox(t, channel, recipient);
  return row?.body.match(/\b\d{6}\b/)?.[0] ?? '';
}

/**
 * Starts a sign-up of `account` and returns its code. On the local outbox (the default) through
 * `register` (the real route) and the mail it leaves. When the app sends mail by SMTP, the code
 * mail would land in the sink where the test counts its own mail, so the pending row the route
 * would write is written here, with a known code; the confirm still goes through the route.
 */
export async function startSignUp(
  t: Pick<TestApp, 'deps'>, account: string, password: string, register: () => Promise<unknown>,
): Promise<string> {
  if (t.deps.mail.name === 'outbox') {
    await register();
    return readCode(t, 'email', account);
  }
  const known = '246810';
  await t.deps.dbh.db.insert(pendingSignUps).values({
    email: account, passwordHash: await hashPassword(password), codeHash: hashCode(signUpScope(account), known),
    expiresAt: new Date(Date.now() + LIMITS.verifyCodeTtlS * 1000),
  });
  return known;
}

/** Links a phone to the account of `token` through its SMS code. */
export async function linkMobile(t: TestApp, token: string, mobile: string) {
  const sent = await t.call(api.auth.sendBindCode, { token, body: { mobile } });
  if (sent.body.code !== 100) throw new Error(`send-bind-code failed: ${sent.body.msg}`);
  const verify_code = await readCode(t, 'sms', mobile.replace(/[\s-]/g, ''));
  const linked = await t.call(api.auth.modifyMobile, { token, body: { mobile, verify_code } });
  if (linked.body.code !== 100) throw new Error(`modify-mobile failed: ${linked.body.msg}`);
}

/**
 * Registers a user (the mailed code read from the outbox, see `startSignUp`) and, unless `store` is false, connects
 * a custom store. `mobile` links that phone by its SMS code. Returns the token.
 */
export async function signUp(t: TestApp, opts: { store?: boolean; name?: string; mobile?: string } = {}) {
  seq += 1;
  const account = `owner${seq}-${Date.now()}@example.com`;
  const password = 'secret123';
  const verify_code = await startSignUp(t, account, password, async () => {
    const reg = await t.call(api.auth.register, { body: { account, password, agree_terms: true } });
    if (reg.body.code !== 100) throw new Error(`register failed: ${reg.body.msg}`);
  });
  const done = await t.call(api.auth.registerConfirm, { body: { account, verify_code } });
  if (done.body.code !== 100) throw new Error(`register confirm failed: ${done.body.msg}`);
  const token = done.body.data.token;
  if (opts.mobile) await linkMobile(t, token, opts.mobile);
  let shopId = '';
  if (opts.store !== false) {
    const c = await t.call(api.shop.connect, {
      token,
      body: {
        platform: 'custom', name: opts.name ?? `Store ${seq}`, homepage_url: `https://store${seq}.example.com`,
        currency: 'USD', timezone: 'Asia/Shanghai',
      },
    });
    if (c.body.code !== 100) throw new Error(`connect failed: ${c.body.msg}`);
    shopId = c.body.data.shop_id;
  }
  return { token, account, password, shopId };
}
