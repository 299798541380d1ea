import { type Db, sessions, shopMembers, users } from '@storecast/db';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Deps } from '../../deps.ts';
import { prepareOnce } from '../../db/prepare-once.ts';
import type { SessionContext } from '../../http/route-access.ts';
import { hashToken } from './session-token.ts';

/** The route layer's shape of a session, filled here. */
export type { SessionContext };

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
