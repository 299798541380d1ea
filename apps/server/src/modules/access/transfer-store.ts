import { isUuid } from '@storecast/contract';
import { shopMembers } from '@storecast/db';
import { and, eq } from 'drizzle-orm';
import type { Deps } from '../../deps.ts';
import { AppError } from '../../http/app-error.ts';
import type { SessionContext } from '../auth/index.ts';
import { endLiveStreams } from '../liveview/index.ts';
import { requireOwnedStores } from './owned-stores.ts';

/**
 * Makes a manager of one of the caller's stores its owner. In one transaction the caller steps
 * down to manager, so they keep access to the store but no longer its owner's rights. Both
 * their live streams of the store end, to reopen under the roles they now have.
 */
export async function transferStore(deps: Deps, s: SessionContext, body: { shop_id: string; user_id: string }) {
  const [shopId] = await requireOwnedStores(deps, s.user.id, [body.shop_id]);
  if (!isUuid(body.user_id)) throw new AppError('errors.access.notMember', 400);
  await deps.dbh.db.transaction(async (tx) => {
    const promoted = await tx
      .update(shopMembers)
      .set({ role: 'owner' })
      .where(and(eq(shopMembers.shopId, shopId!), eq(shopMembers.userId, body.user_id), eq(shopMembers.role, 'manager')))
      .returning({ userId: shopMembers.userId });
    if (!promoted.length) throw new AppError('errors.access.notMember', 400);
    await tx.update(shopMembers).set({ role: 'manager' })
      .where(and(eq(shopMembers.shopId, shopId!), eq(shopMembers.userId, s.user.id), eq(shopMembers.role, 'owner')));
  });
  for (const userId of [s.user.id, body.user_id]) endLiveStreams(deps.dbh, { userId, shopId: shopId! });
  return null;
}
