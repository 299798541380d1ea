import { managerInvitations, shopMembers, shops, users } from '@storecast/db';
import { asc, desc, eq, inArray } from 'drizzle-orm';
import type { Deps } from '../../deps.ts';
import type { SessionContext } from '../auth/index.ts';
import { invitationStatus } from './invitation-status.ts';
import { listOwnedStores } from './owned-stores.ts';

/** Invitations shown: the newest few, the rest are history nobody acts on. */
const INVITATIONS_SHOWN = 50;

/**
 * The caller's own stores, everyone with a role in any of them (the caller too, as owner) with
 * their roles per store, and the caller's newest invitations with their state.
 */
export async function listMembers(deps: Deps, s: SessionContext) {
  const { db } = deps.dbh;
  const stores = await listOwnedStores(deps, s.user.id);
  const ids = stores.map((st) => st.id);
  const rows = ids.length
    ? await db
        .select({ shopId: shopMembers.shopId, role: shopMembers.role, userId: users.id, email: users.email, name: users.name })
        .from(shopMembers)
        .innerJoin(users, eq(users.id, shopMembers.userId))
        .where(inArray(shopMembers.shopId, ids))
        .orderBy(asc(shopMembers.createdAt))
    : [];
  const members = new Map<string, { user_id: string; email: string; name: string; stores: { id: string; name: string; role: 'owner' | 'manager' }[] }>();
  for (const r of rows) {
    const m = members.get(r.userId) ?? { user_id: r.userId, email: r.email, name: r.name, stores: [] };
    m.stores.push({ id: r.shopId, name: stores.find((st) => st.id === r.shopId)!.name, role: r.role });
    members.set(r.userId, m);
  }
  // The caller first, then in the order people joined.
  const list = [...members.values()].sort((a, b) => Number(b.user_id === s.user.id) - Number(a.user_id === s.user.id));
  const invitations = await db
    .select()
    .from(managerInvitations)
    .where(eq(managerInvitations.inviterId, s.user.id))
    .orderBy(desc(managerInvitations.createdAt))
    .limit(INVITATIONS_SHOWN);
  const named = [...new Set(invitations.flatMap((i) => i.shopIds))];
  const names = named.length ? await db.select({ id: shops.id, name: shops.name }).from(shops).where(inArray(shops.id, named)) : [];
  const now = new Date();
  return {
    stores,
    members: list,
    invitations: invitations.map((i) => ({
      id: i.id,
      email: i.email,
      stores: i.shopIds.flatMap((id) => names.filter((n) => n.id === id)),
      created_at: i.createdAt.toISOString(),
      expires_at: i.expiresAt.toISOString(),
      status: invitationStatus(i, now),
    })),
  };
}
