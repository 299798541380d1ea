import { users } from '@storecast/db';
import { eq, or } from 'drizzle-orm';
import type { Deps } from '../../deps.ts';
import { uniqueViolation } from '../../db/unique-violation.ts';
import { AppError } from '../../http/app-error.ts';
import { hashPassword } from './hash-password.ts';
import { startSession } from './start-session.ts';

export async function registerAccount(
  deps: Deps,
  input: { account: string; password: string; mobile?: string },
): Promise<string> {
  const { db } = deps.dbh;
  const clash = await db
    .select({ email: users.email, mobile: users.mobile })
    .from(users)
    .where(input.mobile ? or(eq(users.email, input.account), eq(users.mobile, input.mobile)) : eq(users.email, input.account));
  if (clash.some((u) => u.email === input.account)) throw new AppError('errors.register.accountTaken', 409);
  if (clash.length) throw new AppError('errors.mobile.taken', 409);
  const passwordHash = await hashPassword(input.password);
  let user: { id: string } | undefined;
  try {
    [user] = await db
      .insert(users)
      .values({ email: input.account, mobile: input.mobile ?? null, name: input.account.split('@')[0]!, passwordHash })
      .returning({ id: users.id });
  } catch (err) {
    // Another request registered the same address or phone since the check above.
    const hit = uniqueViolation(err);
    if (hit === null) throw err;
    throw new AppError(hit.includes('mobile') ? 'errors.mobile.taken' : 'errors.register.accountTaken', 409);
  }
  return startSession(deps, user!.id, null);
}
