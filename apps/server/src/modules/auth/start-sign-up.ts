import { LIMITS, type Locale } from '@storecast/contract';
import { pendingSignUps, users } from '@storecast/db';
import { eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Deps } from '../../deps.ts';
import { tooMany } from '../../http/app-error.ts';
import { hashPassword } from './hash-password.ts';
import { hashCode, newCode } from './one-time-code.ts';
import { sendAfterAnswer } from '../../messaging/send-after-answer.ts';
import { sendSignUpMail } from './send-sign-up-mail.ts';

export const signUpScope = (email: string) => `sign-up:${email}`;

/**
 * Starts a sign-up. The answer, its status and its time are the same whether or not the address
 * has an account, so the route cannot be used to find out who has one: the password is hashed
 * and a pending row written in both cases, and the mail (code, or notice to the owner) leaves
 * after the answer. The account itself is created by `confirmSignUp`.
 */
export async function startSignUp(
  deps: Deps,
  input: { account: string; password: string },
  locale: Locale,
  log?: Pick<FastifyBaseLogger, 'info' | 'error'>,
) {
  const { db } = deps.dbh;
  const email = input.account;
  const passwordHash = await hashPassword(input.password);
  const code = newCode();
  const codeHash = hashCode(signUpScope(email), code);
  const [owner] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
  const expiresAt = new Date(Date.now() + LIMITS.verifyCodeTtlS * 1000);
  const resendBefore = sql`now() - make_interval(secs => ${LIMITS.verifyCodeResendS})`;
  // One statement claims the countdown, so simultaneous requests for one address send one mail.
  const [claimed] = await db
    .insert(pendingSignUps)
    .values({ email, passwordHash, codeHash, expiresAt })
    .onConflictDoUpdate({
      target: pendingSignUps.email,
      set: { passwordHash, codeHash, expiresAt, attempts: 0, createdAt: sql`now()` },
      setWhere: sql`${pendingSignUps.createdAt} < ${resendBefore}`,
    })
    .returning({ id: pendingSignUps.id });
  if (!claimed) {
    const [row] = await db
      .select({ waited: sql<number>`extract(epoch from now() - ${pendingSignUps.createdAt})`.mapWith(Number) })
      .from(pendingSignUps)
      .where(eq(pendingSignUps.email, email));
    const seconds = Math.max(1, Math.ceil(LIMITS.verifyCodeResendS - (row?.waited ?? 0)));
    throw tooMany(seconds * 1000, 'errors.code.wait', { seconds });
  }
  sendAfterAnswer(async () => {
    try {
      await sendSignUpMail(deps, email, owner ? { kind: 'notice' } : { kind: 'code', code }, locale, log);
    } catch (err) {
      // A mail that never left must not hold the countdown: the person may ask again at once.
      log?.error({ err }, 'sign-up mail failed');
      await db.delete(pendingSignUps).where(eq(pendingSignUps.codeHash, codeHash)).catch(() => {});
    }
  });
  return { resend_after: LIMITS.verifyCodeResendS, expires_in: LIMITS.verifyCodeTtlS };
}
