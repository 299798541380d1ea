import { users } from '@storecast/db';
import { and, eq, ne } from 'drizzle-orm';
import type { Deps } from '../../deps.ts';
import { uniqueViolation } from '../../db/unique-violation.ts';
import { AppError } from '../../http/app-error.ts';
import type { SessionContext } from './resolve-session.ts';
import { hashPassword, verifyPassword } from './hash-password.ts';
import { revokeUserSessions } from './revoke-sessions.ts';
import { startSession } from './start-session.ts';

async function checkPassword(deps: Deps, userId: string, password: string) {
  const [u] = await deps.dbh.db.select({ hash: users.passwordHash }).from(users).where(eq(users.id, userId));
  if (!u || !(await verifyPassword(u.hash, password))) throw new AppError('errors.password.oldWrong', 400);
}

/**
 * Changes the password and ends every session of the user, including stolen ones; the caller
 * gets a fresh session on the same store so they stay signed in.
 */
export async function changePassword(deps: Deps, s: SessionContext, oldPassword: string, newPassword: string) {
  await checkPassword(deps, s.user.id, oldPassword);
  await deps.dbh.db.update(users).set({ passwordHash: await hashPassword(newPassword) }).where(eq(users.id, s.user.id));
  await revokeUserSessions(deps, s.user.id);
  return startSession(deps, s.user.id, s.shopId);
}

/** Changes the login e-mail; every session ends and the user signs in again (SPEC section 8). */
export async function changeEmail(deps: Deps, s: SessionContext, email: string, password: string) {
  await checkPassword(deps, s.user.id, password);
  const taken = await deps.dbh.db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.email, email), ne(users.id, s.user.id)));
  if (taken.length) throw new AppError('errors.register.accountTaken', 409);
  try {
    await deps.dbh.db.update(users).set({ email }).where(eq(users.id, s.user.id));
  } catch (err) {
    // Another account took the address since the check above.
    if (uniqueViolation(err) !== null) throw new AppError('errors.register.accountTaken', 409);
    throw err;
  }
  await revokeUserSessions(deps, s.user.id);
}
