import { users } from '@storecast/db';
import { eq } from 'drizzle-orm';
import type { Deps } from '../../deps.ts';
import { AppError } from '../../http/app-error.ts';
import { hashPassword, verifyPassword } from './hash-password.ts';
import { startSession } from './start-session.ts';

// Verifying against a dummy hash when the account is unknown keeps the response time the same,
// so timing does not tell which accounts exist.
let dummyHash: Promise<string> | undefined;

export async function loginWithPassword(deps: Deps, account: string, password: string): Promise<string> {
  const [user] = await deps.dbh.db
    .select({ id: users.id, hash: users.passwordHash })
    .from(users)
    .where(eq(users.email, account));
  dummyHash ??= hashPassword('not-a-real-password-1');
  const ok = await verifyPassword(user?.hash ?? (await dummyHash), password);
  if (!user || !ok) throw new AppError('errors.login.failed', 401);
  return startSession(deps, user.id);
}
