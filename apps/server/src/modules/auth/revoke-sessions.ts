import { sessions } from '@storecast/db';
import { and, eq, isNull } from 'drizzle-orm';
import type { Deps } from '../../deps.ts';

/** Ends every live session of a user (password or e-mail change). */
export async function revokeUserSessions(deps: Deps, userId: string): Promise<void> {
  await deps.dbh.db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
}

export async function revokeSession(deps: Deps, sessionId: string): Promise<void> {
  await deps.dbh.db.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.id, sessionId));
}
