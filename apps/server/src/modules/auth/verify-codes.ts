import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import { LIMITS } from '@storecast/contract';
import { users, verifyCodes } from '@storecast/db';
import { and, desc, eq, isNull, lt, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Deps } from '../../deps.ts';
import { AppError, tooMany } from '../../http/app-error.ts';
import { sendAfterAnswer, settleSentAfterAnswer } from '../../messaging/send-after-answer.ts';

const hashCode = (mobile: string, code: string) => createHash('sha256').update(`${mobile}:${code}`).digest();

/** Waits for the codes still on their way (kept under its old name for the tests using it). */
export const settleSms = settleSentAfterAnswer;

/**
 * Sends a sign-in code to a phone bound to an account. A number no account uses gets the same
 * answer, countdown included, but no SMS: the route neither tells who has an account nor sends
 * texts to strangers at the store's cost. The SMS leaves after the answer, so the answer takes
 * the same time either way.
 */
export async function sendVerifyCode(deps: Deps, mobile: string, locale: string, log?: Pick<FastifyBaseLogger, 'error'>) {
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  const codeHash = hashCode(mobile, code).toString('hex');
  const bound = await deps.dbh.db.transaction(async (tx) => {
    // Locking the account's row makes simultaneous requests for one phone take turns, so the
    // countdown holds for them too and only one code (and one SMS) goes out.
    const [user] = await tx.select({ id: users.id }).from(users).where(eq(users.mobile, mobile)).for('update');
    const [last] = await tx
      .select({ createdAt: verifyCodes.createdAt })
      .from(verifyCodes)
      .where(eq(verifyCodes.mobile, mobile))
      .orderBy(desc(verifyCodes.createdAt))
      .limit(1);
    const waited = last ? (Date.now() - last.createdAt.getTime()) / 1000 : Infinity;
    if (waited < LIMITS.verifyCodeResendS) {
      const seconds = Math.ceil(LIMITS.verifyCodeResendS - waited);
      throw tooMany(seconds * 1000, 'errors.code.wait', { seconds });
    }
    // A new code replaces the old ones.
    await tx.update(verifyCodes).set({ usedAt: new Date() }).where(and(eq(verifyCodes.mobile, mobile), isNull(verifyCodes.usedAt)));
    // Stored for an unknown number too, so its countdown and later sign-in answers match a real
    // one's; nobody ever receives this code.
    await tx.insert(verifyCodes).values({
      mobile,
      codeHash,
      expiresAt: new Date(Date.now() + LIMITS.verifyCodeTtlS * 1000),
    });
    return user !== undefined;
  });
  if (bound) sendAfterAnswer(() => deliverCode(deps, mobile, code, codeHash, locale, log));
  return { resend_after: LIMITS.verifyCodeResendS, expires_in: LIMITS.verifyCodeTtlS };
}

async function deliverCode(deps: Deps, mobile: string, code: string, codeHash: string, locale: string, log?: Pick<FastifyBaseLogger, 'error'>) {
  // Sent after the commit: a provider that is slow or down must not hold the lock, and the
  // outbox writes through its own connection.
  const minutes = LIMITS.verifyCodeTtlS / 60;
  const text = locale === 'en-US'
    ? `Your Storecast sign-in code is ${code}. It expires in ${minutes} minutes.`
    : `您的 Storecast 登录验证码为 ${code}，${minutes} 分钟内有效。`;
  try {
    await deps.sms.send({ to: mobile, text, meta: { purpose: 'login' } });
  } catch (err) {
    // A code that never left must not hold the countdown: the user may ask again at once.
    log?.error({ err }, 'sign-in code SMS failed');
    await deps.dbh.db.delete(verifyCodes).where(eq(verifyCodes.codeHash, codeHash)).catch(() => {});
  }
}

/** Checks a code: at most 5 tries, 10 minutes, used once. Returns the account's user id. */
export async function consumeVerifyCode(deps: Deps, mobile: string, code: string): Promise<string> {
  const { db } = deps.dbh;
  const [row] = await db
    .select()
    .from(verifyCodes)
    .where(and(eq(verifyCodes.mobile, mobile), isNull(verifyCodes.usedAt)))
    .orderBy(desc(verifyCodes.createdAt))
    .limit(1);
  if (!row) throw new AppError('errors.code.wrong', 400);
  if (row.expiresAt.getTime() < Date.now()) throw new AppError('errors.code.expired', 400);
  // A guess takes a try before it is compared, in one conditional update, so simultaneous
  // guesses cannot all be compared against the count they read before any of them was counted.
  const [taken] = await db
    .update(verifyCodes)
    .set({ attempts: sql`${verifyCodes.attempts} + 1` })
    .where(and(eq(verifyCodes.id, row.id), isNull(verifyCodes.usedAt), lt(verifyCodes.attempts, LIMITS.verifyCodeMaxTries)))
    .returning({ attempts: verifyCodes.attempts });
  if (!taken) {
    const [now] = await db.select({ usedAt: verifyCodes.usedAt }).from(verifyCodes).where(eq(verifyCodes.id, row.id));
    throw new AppError(now?.usedAt ? 'errors.code.wrong' : 'errors.code.tooManyTries', 400);
  }
  const ok = timingSafeEqual(Buffer.from(row.codeHash, 'hex'), hashCode(mobile, code));
  if (!ok) {
    throw new AppError(taken.attempts >= LIMITS.verifyCodeMaxTries ? 'errors.code.tooManyTries' : 'errors.code.wrong', 400);
  }
  const used = await db
    .update(verifyCodes)
    .set({ usedAt: new Date() })
    .where(and(eq(verifyCodes.id, row.id), isNull(verifyCodes.usedAt)))
    .returning({ id: verifyCodes.id });
  if (!used.length) throw new AppError('errors.code.wrong', 400);
  const [user] = await db.select({ id: users.id }).from(users).where(eq(users.mobile, mobile));
  // Only a number no account uses gets here without its code ever sent: answered as a wrong code.
  if (!user) throw new AppError('errors.code.wrong', 400);
  return user.id;
}
