import { isUuid } from '@storecast/contract';
import { sessions, shopMembers, users } from '@storecast/db';
import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import type { Deps } from '../../deps.ts';
import { AppError, forbidden } from '../../http/app-error.ts';
import type { SessionContext } from '../auth/index.ts';
import { endLiveStreams } from '../liveview/index.ts';
import { requireOwnedStores } from './owned-stores.ts';

/**
 * Ends a manager's management of chosen stores of the caller. Every request joins the session
 * to its membership, so the manager's next request on such a store is refused; their sessions
 * on it are moved to a store they still have (or to none, which sends them to connect one), so
 * the admin does not keep showing a store they lost. Their open live streams of those stores
 * end at once.
 */
export async function revokeManager(deps: Deps, s: SessionContext, body: { user_id: string; shop_ids: string[] }) {
  const ids = await requireOwnedStores(deps, s.user.id, body.shop_ids);
  if (!isUuid(body.user_id)) throw new AppError('errors.access.notMember', 400);
  await deps.dbh.db.transaction(async (tx) => {
    const rows = await tx
      .select({ shopId: shopMembers.shopId, role: shopMembers.role })
      .from(shopMembers)
      .where(and(eq(shopMembers.userId, body.user_id), inArray(shopMembers.shopId, ids)));
    if (rows.some((r) => r.role === 'owner')) throw forbidden('errors.access.ownerCannotRevoke');
    if (rows.length !== ids.length) throw new AppError('errors.access.notMember', 400);
    await tx.delete(shopMembers).where(and(eq(shopMembers.userId, body.user_id), inArray(shopMembers.shopId, ids)));
    const [left] = await tx
      .select({ shopId: shopMembers.shopId })
      .from(shopMembers)
      .where(eq(shopMembers.userId, body.user_id))
      .orderBy(asc(shopMembers.createdAt))
      .limit(1);
    const next = left?.shopId ?? null;
    await tx.update(sessions).set({ shopId: next })
      .where(and(eq(sessions.userId, body.user_id), inArray(sessions.shopId, ids), isNull(sessions.revokedAt)));
    await tx.update(users).set({ lastShopId: next }).where(and(eq(users.id, body.user_id), inArray(users.lastShopId, ids)));
  });
  for (const shopId of ids) endLiveStreams(deps.dbh, { userId: body.user_id, shopId });
  return null;
}
