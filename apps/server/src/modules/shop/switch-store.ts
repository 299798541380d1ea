import { isUuid } from '@storecast/contract';
import { sessions, shopMembers, users } from '@storecast/db';
import { and, eq } from 'drizzle-orm';
import type { Deps } from '../../deps.ts';
import { forbidden } from '../../http/app-error.ts';
import type { SessionContext } from '../auth/index.ts';

/** Moves the session onto another store the user owns or manages. */
export async function switchStore(deps: Deps, s: SessionContext, shopId: string) {
  const { db } = deps.dbh;
  // Anything that is not a UUID would make PostgreSQL reject the query itself (a 500), so it is
  // refused like any store the user does not manage.
  const [member] = isUuid(shopId)
    ? await db
        .select({ shopId: shopMembers.shopId })
        .from(shopMembers)
        .where(and(eq(shopMembers.userId, s.user.id), eq(shopMembers.shopId, shopId)))
    : [];
  if (!member) throw forbidden('errors.store.notMember');
  await db.update(sessions).set({ shopId }).where(eq(sessions.id, s.sessionId));
  await db.update(users).set({ lastShopId: shopId }).where(eq(users.id, s.user.id));
  return { shop_id: shopId };
}
