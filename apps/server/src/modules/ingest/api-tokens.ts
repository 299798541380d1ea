import { randomBytes } from 'node:crypto';
import { apiTokens, type Db, type ShopScope, shopScope } from '@storecast/db';
import { and, desc, eq, isNull, lt, or } from 'drizzle-orm';
import { hashToken } from '../auth/index.ts';

/** Characters of a token shown in the list so the owner can tell tokens apart. */
const PREFIX_LENGTH = 10;
/** last_used_at is written at most this often, so a busy integration does not write per call. */
const TOUCH_EVERY_MS = 60_000;

/**
 * Creates a store API token: `sk_` and 32 random bytes. Only its SHA-256 and its first
 * characters are kept; the full token is returned this once.
 */
export async function createApiToken(db: Db, scope: ShopScope, name: string): Promise<{ id: string; token: string }> {
  const token = `sk_${randomBytes(32).toString('base64url')}`;
  const [row] = await db.insert(apiTokens).values(scope.values({
    name, prefix: token.slice(0, PREFIX_LENGTH), tokenHash: hashToken(token),
  })).returning({ id: apiTokens.id });
  return { id: row!.id, token };
}

export async function listApiTokens(db: Db, scope: ShopScope) {
  const rows = await db.select().from(apiTokens).where(scope.where(apiTokens)).orderBy(desc(apiTokens.createdAt));
  return rows.map((r) => ({
    id: r.id, name: r.name, prefix: r.prefix, created_at: new Date(r.createdAt).toISOString(),
    last_used_at: r.lastUsedAt ? new Date(r.lastUsedAt).toISOString() : null, revoked: r.revokedAt !== null,
  }));
}

/** Revokes a token at once; an unknown or already revoked id is not an error. */
export async function revokeApiToken(db: Db, scope: ShopScope, id: string): Promise<null> {
  if (!/^[0-9a-f-]{36}$/i.test(id)) return null;
  await db.update(apiTokens).set({ revokedAt: new Date() })
    .where(scope.where(apiTokens, eq(apiTokens.id, id), isNull(apiTokens.revokedAt)));
  return null;
}

/** The store a live token belongs to, or null for a missing, wrong or revoked token. */
export async function resolveApiToken(db: Db, token: string | undefined): Promise<ShopScope | null> {
  if (!token || !token.startsWith('sk_') || token.length > 200) return null;
  const hash = hashToken(token);
  const [row] = await db.select({ id: apiTokens.id, shopId: apiTokens.shopId }).from(apiTokens)
    .where(and(eq(apiTokens.tokenHash, hash), isNull(apiTokens.revokedAt)));
  if (!row) return null;
  const stale = new Date(Date.now() - TOUCH_EVERY_MS);
  await db.update(apiTokens).set({ lastUsedAt: new Date() })
    .where(and(eq(apiTokens.id, row.id), or(isNull(apiTokens.lastUsedAt), lt(apiTokens.lastUsedAt, stale))));
  return shopScope(row.shopId);
}
