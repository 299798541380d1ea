import { sessions } from '@storecast/db';
import { and, eq, isNull } from 'drizzle-orm';
import type { Deps } from '../../deps.ts';
import { endLiveStreams } from '../liveview/index.ts';

/** Ends every live session of a user (password or e-mail change), and the streams they hold open. */
export async function revokeUserSessions(deps: Deps, userId: string): Promise<void> {
  await deps.dbh.db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
  endLiveStreams(deps.dbh, { userId });
}

export async function revokeSession(deps: Deps, sessionId: string): Promise<void> {
  await deps.dbh.db.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.id, sessionId));
  endLiveStreams(deps.dbh, { sessionId });
}
