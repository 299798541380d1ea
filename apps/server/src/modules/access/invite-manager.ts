import { createHash, randomBytes } from 'node:crypto';
import type { Locale } from '@storecast/contract';
import { managerInvitations, shops } from '@storecast/db';
import { and, eq, gt, inArray, isNull } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Deps } from '../../deps.ts';
import { AppError } from '../../http/app-error.ts';
import { sendAfterAnswer } from '../../messaging/send-after-answer.ts';
import type { SessionContext } from '../auth/index.ts';
import { INVITE_TTL_DAYS } from './invitation-status.ts';
import { requireOwnedStores } from './owned-stores.ts';
import { sendInviteMail } from './send-invite-mail.ts';

/** Only the SHA-256 of a link token is kept, as for sessions. */
export const hashInviteToken = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * Invites `email` to manage chosen stores of the caller. An open invitation of the same caller to
 * the same address that names one of these stores is withdrawn, so only the newest link works.
 * The link leaves after the answer, in the caller's language.
 */
export async function inviteManager(
  deps: Deps, s: SessionContext, body: { email: string; shop_ids: string[] }, locale: Locale, log: FastifyBaseLogger,
) {
  const ids = await requireOwnedStores(deps, s.user.id, body.shop_ids);
  if (body.email === s.user.email.toLowerCase()) throw new AppError('errors.access.selfInvite', 400);
  const token = randomBytes(32).toString('base64url');
  const now = new Date();
  const { db } = deps.dbh;
  const row = await db.transaction(async (tx) => {
    const open = await tx
      .select({ id: managerInvitations.id, shopIds: managerInvitations.shopIds })
      .from(managerInvitations)
      .where(and(
        eq(managerInvitations.inviterId, s.user.id), eq(managerInvitations.email, body.email),
        isNull(managerInvitations.acceptedAt), isNull(managerInvitations.canceledAt), gt(managerInvitations.expiresAt, now),
      ));
    const replaced = open.filter((o) => o.shopIds.some((id) => ids.includes(id))).map((o) => o.id);
    if (replaced.length) await tx.update(managerInvitations).set({ canceledAt: now }).where(inArray(managerInvitations.id, replaced));
    const [created] = await tx.insert(managerInvitations).values({
      inviterId: s.user.id, email: body.email, shopIds: ids, tokenHash: hashInviteToken(token),
      expiresAt: new Date(now.getTime() + INVITE_TTL_DAYS * 86_400_000),
    }).returning();
    return created!;
  });
  const stores = await db.select({ id: shops.id, name: shops.name }).from(shops).where(inArray(shops.id, ids));
  const ordered = ids.map((id) => stores.find((st) => st.id === id)!);
  const inviter = s.user.name ? `${s.user.name} (${s.user.email})` : s.user.email;
  sendAfterAnswer(
    () => sendInviteMail(deps, { to: body.email, token, inviter, stores: ordered, locale }),
    (err) => log.error({ err, to: body.email }, 'invitation mail not sent'),
  );
  return {
    id: row.id, email: row.email, stores: ordered, created_at: row.createdAt.toISOString(),
    expires_at: row.expiresAt.toISOString(), status: 'pending' as const,
  };
}
