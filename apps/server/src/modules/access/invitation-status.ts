import type { managerInvitations } from '@storecast/db';

type Invitation = typeof managerInvitations.$inferSelect;

/** Days an invitation link stays valid. */
export const INVITE_TTL_DAYS = 7;

/** What an invitation is now: used, withdrawn, past its time, or still open. */
export function invitationStatus(inv: Invitation, now = new Date()): 'pending' | 'accepted' | 'expired' | 'canceled' {
  if (inv.acceptedAt) return 'accepted';
  if (inv.canceledAt) return 'canceled';
  if (inv.expiresAt.getTime() <= now.getTime()) return 'expired';
  return 'pending';
}
