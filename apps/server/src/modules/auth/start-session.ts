import { LIMITS } from '@storecast/contract';
import { sessions, shopMembers, users } from '@storecast/db';
import { and, asc, eq } from 'drizzle-orm';
import type { Deps } from '../../deps.ts';
import { hashToken, newSessionToken } from './session-token.ts';

/**
 * Opens a session for a user and returns its token. The session starts on the store the user
 * used last, if they still manage it, otherwise on their oldest store, otherwise on none.
 */
export async function startSession(deps: Deps, userId: string, shopId?: string | null): Promise<string> {
  const { db } = deps.dbh;
  const chosen = shopId !== undefined ? shopId : await pickStartShop(deps, userId);
  const token = newSessionToken();
  await db.insert(sessions).values({
    userId,
    tokenHash: hashToken(token),
    shopId: chosen,
    expiresAt: new Date(Date.now() + LIMITS.sessionTtlDays * 86_400_000),
  });
  return token;
}

async function pickStartShop(deps: Deps, userId: string): Promise<string | null> {
  const { db } = deps.dbh;
  const [user] = await db.select({ last: users.lastShopId }).from(users).where(eq(users.id, userId));
  if (user?.last) {
    const [m] = await db
      .select({ shopId: shopMembers.shopId })
      .from(shopMembers)
      .where(and(eq(shopMembers.userId, userId), eq(shopMembers.shopId, user.last)));
    if (m) return m.shopId;
  }
  const [first] = await db
    .select({ shopId: shopMembers.shopId })
    .from(shopMembers)
    .where(eq(shopMembers.userId, userId))
    .orderBy(asc(shopMembers.createdAt))
    .limit(1);
  return first?.shopId ?? null;
}
