import { managerInvitations, shops, users } from '@storecast/db';
import { eq, inArray } from 'drizzle-orm';
import type { Deps } from '../../deps.ts';
import { notFound } from '../../http/app-error.ts';
import { hashInviteToken } from './invite-manager.ts';
import { invitationStatus } from './invitation-status.ts';

/** The invitation a link token names, or "invalid" (404) for a token nobody issued. */
export async function findInvitation(deps: Deps, token: string) {
  const [row] = await deps.dbh.db
    .select()
    .from(managerInvitations)
    .where(eq(managerInvitations.tokenHash, hashInviteToken(token)))
    .limit(1);
  if (!row) throw notFound('errors.access.inviteInvalid');
  return row;
}

/**
 * What the invitation page shows before anyone signs in: the invited address, who invites and
 * the stores' names. Nothing else of the inviter or the stores is told.
 */
export async function readInvitation(deps: Deps, token: string) {
  const inv = await findInvitation(deps, token);
  const { db } = deps.dbh;
  const [inviter] = await db.select({ name: users.name, email: users.email }).from(users).where(eq(users.id, inv.inviterId));
  const stores = inv.shopIds.length
    ? await db.select({ id: shops.id, name: shops.name }).from(shops).where(inArray(shops.id, inv.shopIds))
    : [];
  return {
    email: inv.email,
    inviter: inviter ? (inviter.name ? `${inviter.name} (${inviter.email})` : inviter.email) : '',
    stores: inv.shopIds.flatMap((id) => stores.filter((st) => st.id === id).map((st) => st.name)),
    status: invitationStatus(inv),
  };
}
