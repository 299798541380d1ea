import { isUuid } from '@storecast/contract';
import { managerInvitations } from '@storecast/db';
import { and, eq, isNull } from 'drizzle-orm';
import type { Deps } from '../../deps.ts';
import { notFound } from '../../http/app-error.ts';
import type { SessionContext } from '../auth/index.ts';

/** Withdraws one of the caller's invitations that has not been accepted or withdrawn yet. */
export async function cancelInvite(deps: Deps, s: SessionContext, id: string) {
  const done = isUuid(id)
    ? await deps.dbh.db
        .update(managerInvitations)
        .set({ canceledAt: new Date() })
        .where(and(
          eq(managerInvitations.id, id), eq(managerInvitations.inviterId, s.user.id),
          isNull(managerInvitations.acceptedAt), isNull(managerInvitations.canceledAt),
        ))
        .returning({ id: managerInvitations.id })
    : [];
  if (!done.length) throw notFound('errors.access.invitationNotFound');
  return null;
}
