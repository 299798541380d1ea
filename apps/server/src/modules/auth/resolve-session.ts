import { type Db, sessions, shopMembers, users } from '@storecast/db';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Deps } from '../../deps.ts';
import { prepareOnce } from '../../db/prepare-once.ts';
import { hashToken } from './session-token.ts';

export interface SessionContext {
  sessionId: string;
  token: string;
  user: { id: string; email: string; mobile: string | null; name: string };
  /** The store the session acts on, or null before one is connected. */
  shopId: string | null;
  /** The user's role in that store; null when the membership is gone. */
  role: 'owner' | 'manager' | null;
}

// Every authenticated request runs this lookup.
const sessionQuery = prepareOnce((db: Db) =>
  db
    .select({
      sessionId: sessions.id,
      shopId: sessions.shopId,
      user: { id: users.id, email: users.email, mobile: users.mobile, name: users.name },
      role: shopMembers.role,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(shopMembers, and(eq(shopMembers.shopId, sessions.shopId), eq(shopMembers.userId, sessions.userId)))
    .where(and(
      eq(sessions.tokenHash, sql.placeholder('tokenHash')),
      isNull(sessions.revokedAt),
      gt(sessions.expiresAt, sql.placeholder('now')),
    ))
    .limit(1)
    .prepare('resolve_session'),
);

/** Finds a live session by its token, with the user's role in the session's store. */
export async function resolveSession(deps: Deps, token: string | undefined): Promise<SessionContext | null> {
  if (!token || token.length > 200) return null;
  // The clock is the server's, the same one that wrote `expires_at`.
  const rows = await sessionQuery(deps.dbh.db).execute({ tokenHash: hashToken(token), now: new Date().toISOString() });
  const row = rows[0];
  if (!row) return null;
  return { sessionId: row.sessionId, token, user: row.user, shopId: row.shopId, role: row.role ?? null };
}
