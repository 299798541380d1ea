import { isUuid } from '@storecast/contract';
import { shopMembers, shops } from '@storecast/db';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Deps } from '../../deps.ts';
import { forbidden } from '../../http/app-error.ts';

/** The stores a user owns, oldest first, with their names. */
export async function listOwnedStores(deps: Deps, userId: string) {
  return deps.dbh.db
    .select({ id: shops.id, name: shops.name })
    .from(shopMembers)
    .innerJoin(shops, eq(shops.id, shopMembers.shopId))
    .where(and(eq(shopMembers.userId, userId), eq(shopMembers.role, 'owner')))
    .orderBy(asc(shopMembers.createdAt));
}

/**
 * Refuses unless the user owns every store named. An id that is not a UUID names no store the
 * user owns, so it is refused the same way (never handed to PostgreSQL as a uuid).
 */
export async function requireOwnedStores(deps: Deps, userId: string, shopIds: string[]): Promise<string[]> {
  const ids = [...new Set(shopIds)];
  if (!ids.every(isUuid)) throw forbidden('errors.access.notOwner');
  const owned = await deps.dbh.db
    .select({ shopId: shopMembers.shopId })
    .from(shopMembers)
    .where(and(eq(shopMembers.userId, userId), eq(shopMembers.role, 'owner'), inArray(shopMembers.shopId, ids)));
  if (owned.length !== ids.length) throw forbidden('errors.access.notOwner');
  return ids;
}
