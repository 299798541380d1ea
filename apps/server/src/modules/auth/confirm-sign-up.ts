import { LIMITS } from '@storecast/contract';
import { pendingSignUps, users } from '@storecast/db';
import { and, eq, lt, sql } from 'drizzle-orm';
import type { Deps } from '../../deps.ts';
import { AppError } from '../../http/app-error.ts';
import { codeMatches } from './one-time-code.ts';
import { signUpScope } from './start-sign-up.ts';
import { startSession } from './start-session.ts';

const wrong = () => new AppError('errors.code.wrong', 400);

/**
 * Finishes a sign-up with the mailed code (5 tries, 10 minutes, once) and opens a session with
 * no store. A taken address never had its code sent, and an address taken since, or a second
 * confirm of one code, finds no row or loses the insert: all of them are "wrong code".
 */
export async function confirmSignUp(deps: Deps, email: string, code: string): Promise<string> {
  const { db } = deps.dbh;
  const [row] = await db.select().from(pendingSignUps).where(eq(pendingSignUps.email, email));
  if (!row) throw wrong();
  if (row.expiresAt.getTime() < Date.now()) throw new AppError('errors.code.expired', 400);
  // The try is counted before the comparison, in one conditional update, so simultaneous
  // guesses cannot all be compared against the count they read before any was counted.
  const [taken] = await db
    .update(pendingSignUps)
    .set({ attempts: sql`${pendingSignUps.attempts} + 1` })
    .where(and(eq(pendingSignUps.id, row.id), eq(pendingSignUps.codeHash, row.codeHash), lt(pendingSignUps.attempts, LIMITS.verifyCodeMaxTries)))
    .returning({ attempts: pendingSignUps.attempts });
  if (!taken) {
    const [now] = await db.select({ codeHash: pendingSignUps.codeHash }).from(pendingSignUps).where(eq(pendingSignUps.id, row.id));
    // Gone or replaced by a newer code: this one is no longer valid.
    throw now?.codeHash === row.codeHash ? new AppError('errors.code.tooManyTries', 400) : wrong();
  }
  if (!codeMatches(row.codeHash, signUpScope(email), code)) {
    throw taken.attempts >= LIMITS.verifyCodeMaxTries ? new AppError('errors.code.tooManyTries', 400) : wrong();
  }
  // Spending the row first makes the code single-use whatever happens next.
  const spent = await db
    .delete(pendingSignUps)
    .where(and(eq(pendingSignUps.id, row.id), eq(pendingSignUps.codeHash, row.codeHash)))
    .returning({ id: pendingSignUps.id });
  if (!spent.length) throw wrong();
  const [user] = await db
    .insert(users)
    .values({ email, name: email.split('@')[0]!, passwordHash: row.passwordHash })
    .onConflictDoNothing()
    .returning({ id: users.id });
  if (!user) throw wrong();
  return startSession(deps, user.id, null);
}
