import { LIMITS, type Locale, translateError } from '@storecast/contract';
import { phoneLinkCodes, users } from '@storecast/db';
import { and, desc, eq, isNull, lt, ne, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Deps } from '../../deps.ts';
import { uniqueViolation } from '../../db/unique-violation.ts';
import { AppError, tooMany } from '../../http/app-error.ts';
import { codeMatches, hashCode, newCode } from './one-time-code.ts';
import { sendAfterAnswer } from '../../messaging/send-after-answer.ts';

const scope = (userId: string, mobile: string) => `phone-link:${userId}:${mobile}`;
const wrong = () => new AppError('errors.code.wrong', 400);

/**
 * Sends a code that links `mobile` to the user's account. When another account uses the number
 * no SMS goes out, but the answer and the countdown (per number) are the same, so the route
 * tells nobody which numbers have accounts.
 */
export async function sendPhoneLinkCode(deps: Deps, userId: string, mobile: string, locale: Locale, log?: Pick<FastifyBaseLogger, 'error'>) {
  const code = newCode();
  const codeHash = hashCode(scope(userId, mobile), code);
  const free = await deps.dbh.db.transaction(async (tx) => {
    // Requests for one number take turns (no row to lock for a number nobody uses yet), so the
    // countdown holds for simultaneous ones too and one SMS goes out.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`phone-link:${mobile}`}))`);
    const [last] = await tx
      .select({ waited: sql<number>`extract(epoch from now() - ${phoneLinkCodes.createdAt})`.mapWith(Number) })
      .from(phoneLinkCodes)
      .where(eq(phoneLinkCodes.mobile, mobile))
      .orderBy(desc(phoneLinkCodes.createdAt))
      .limit(1);
    if (last && last.waited < LIMITS.verifyCodeResendS) {
      const seconds = Math.max(1, Math.ceil(LIMITS.verifyCodeResendS - last.waited));
      throw tooMany(seconds * 1000, 'errors.code.wait', { seconds });
    }
    const [other] = await tx.select({ id: users.id }).from(users).where(and(eq(users.mobile, mobile), ne(users.id, userId)));
    // A newer code of this user replaces the older ones.
    await tx.update(phoneLinkCodes).set({ usedAt: new Date() }).where(and(eq(phoneLinkCodes.userId, userId), isNull(phoneLinkCodes.usedAt)));
    // Stored for a taken number too, so its countdown matches; nobody ever receives that code.
    await tx.insert(phoneLinkCodes).values({ userId, mobile, codeHash, expiresAt: new Date(Date.now() + LIMITS.verifyCodeTtlS * 1000) });
    return !other;
  });
  if (free) {
    sendAfterAnswer(async () => {
      const text = translateError(locale, 'notices.signUp.phoneSms', { code, minutes: LIMITS.verifyCodeTtlS / 60 });
      try {
        await deps.sms.send({ to: mobile, text, meta: { purpose: 'phone-link' } });
      } catch (err) {
        log?.error({ err }, 'phone link code SMS failed');
        await deps.dbh.db.delete(phoneLinkCodes).where(eq(phoneLinkCodes.codeHash, codeHash)).catch(() => {});
      }
    });
  }
  return { resend_after: LIMITS.verifyCodeResendS, expires_in: LIMITS.verifyCodeTtlS };
}

/** Links the phone when the code is right (5 tries, 10 minutes, once, this user only). */
export async function linkPhone(deps: Deps, userId: string, mobile: string, code: string): Promise<void> {
  const { db } = deps.dbh;
  const [row] = await db
    .select()
    .from(phoneLinkCodes)
    .where(and(eq(phoneLinkCodes.userId, userId), eq(phoneLinkCodes.mobile, mobile), isNull(phoneLinkCodes.usedAt)))
    .orderBy(desc(phoneLinkCodes.createdAt))
    .limit(1);
  if (!row) throw wrong();
  if (row.expiresAt.getTime() < Date.now()) throw new AppError('errors.code.expired', 400);
  const [taken] = await db
    .update(phoneLinkCodes)
    .set({ attempts: sql`${phoneLinkCodes.attempts} + 1` })
    .where(and(eq(phoneLinkCodes.id, row.id), isNull(phoneLinkCodes.usedAt), lt(phoneLinkCodes.attempts, LIMITS.verifyCodeMaxTries)))
    .returning({ attempts: phoneLinkCodes.attempts });
  if (!taken) {
    const [now] = await db.select({ usedAt: phoneLinkCodes.usedAt }).from(phoneLinkCodes).where(eq(phoneLinkCodes.id, row.id));
    throw now?.usedAt ? wrong() : new AppError('errors.code.tooManyTries', 400);
  }
  if (!codeMatches(row.codeHash, scope(userId, mobile), code)) {
    throw taken.attempts >= LIMITS.verifyCodeMaxTries ? new AppError('errors.code.tooManyTries', 400) : wrong();
  }
  const used = await db
    .update(phoneLinkCodes)
    .set({ usedAt: new Date() })
    .where(and(eq(phoneLinkCodes.id, row.id), isNull(phoneLinkCodes.usedAt)))
    .returning({ id: phoneLinkCodes.id });
  if (!used.length) throw wrong();
  // The number may have been taken since the code was sent: the unique index decides, and
  // losing is a wrong code like any other, never a server error.
  const [linked] = await db
    .update(users)
    .set({ mobile })
    .where(and(eq(users.id, userId), sql`not exists (select 1 from users o where o.mobile = ${mobile} and o.id <> ${userId})`))
    .returning({ id: users.id })
    .catch((err: unknown) => {
      if (uniqueViolation(err) === null) throw err;
      return [];
    });
  if (!linked) throw wrong();
}
