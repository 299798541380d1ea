import { ResultCode } from '@storecast/contract';
import { managerInvitations, sessions, shopMembers, users } from '@storecast/db';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { Deps } from '../../deps.ts';
import { AppError, notFound } from '../../http/app-error.ts';
import type { SessionContext } from '../auth/index.ts';
import { invitationStatus } from './invitation-status.ts';
import { findInvitation } from './read-invitation.ts';

/**
 * Accepts an invitation with the signed-in account, whose login e-mail must be the invited one
 * (sign-up proved it). Only the stores the inviter still owns are granted: a store transferred
 * meanwhile is not given away by an old link. A member already there keeps their role (an owner
 * stays owner). A session without a store moves onto the first store granted.
 */
export async function acceptInvite(deps: Deps, s: SessionContext, token: string) {
  const inv = await findInvitation(deps, token);
  if (invitationStatus(inv) !== 'pending') throw notFound('errors.access.inviteInvalid');
  if (inv.email.toLowerCase() !== s.user.email.toLowerCase()) {
    throw new AppError('errors.access.inviteOtherEmail', 403, ResultCode.FORBIDDEN, { email: inv.email });
  }
  const granted = await deps.dbh.db.transaction(async (tx) => {
    // Spent first, guarded by its state, so two accepts of one link grant once.
    const spent = await tx
      .update(managerInvitations)
      .set({ acceptedAt: new Date(), acceptedBy: s.user.id })
      .where(and(eq(managerInvitations.id, inv.id), isNull(managerInvitations.acceptedAt), isNull(managerInvitations.canceledAt)))
      .returning({ id: managerInvitations.id });
    if (!spent.length) throw notFound('errors.access.inviteInvalid');
    const owned = await tx
      .select({ shopId: shopMembers.shopId })
      .from(shopMembers)
      .where(and(eq(shopMembers.userId, inv.inviterId), eq(shopMembers.role, 'owner'), inArray(shopMembers.shopId, inv.shopIds)));
    const ids = inv.shopIds.filter((id) => owned.some((o) => o.shopId === id));
    // Nothing left to grant: the link is as good as invalid, and stays unspent (the throw rolls back).
    if (!ids.length) throw notFound('errors.access.inviteInvalid');
    await tx.insert(shopMembers).values(ids.map((shopId) => ({ shopId, userId: s.user.id, role: 'manager' as const }))).onConflictDoNothing();
    if (!s.shopId || !s.role) {
      await tx.update(sessions).set({ shopId: ids[0]! }).where(eq(sessions.id, s.sessionId));
      await tx.update(users).set({ lastShopId: ids[0]! }).where(eq(users.id, s.user.id));
    }
    return ids;
  });
  return { shop_ids: granted };
}
