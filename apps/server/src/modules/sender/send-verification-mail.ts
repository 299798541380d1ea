import { createHash, randomBytes } from 'node:crypto';
import { escapeHtml, type Locale, SENDER_LINK_HOURS, SENDER_RESEND_SECONDS, translateError } from '@storecast/contract';
import { senders, shops, type ShopScope } from '@storecast/db';
import { and, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import type { Deps } from '../../deps.ts';
import { AppError, tooMany } from '../../http/app-error.ts';
import { readSender, resendAfter } from './read-sender-lists.ts';

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** Path of the public page the verification link opens. */
export const CONFIRM_PATH = '/api/public/sender/confirm';

/**
 * Mails a fresh verification link to the store's sender address, in the caller's language.
 * The countdown is claimed in the same UPDATE that stores the new token, so two quick clicks
 * send one mail. A failed send releases the countdown so the store can try again at once.
 */
export async function sendVerificationMail(deps: Deps, scope: ShopScope, locale: Locale): Promise<void> {
  const db = deps.dbh.db;
  const sender = await readSender(db, scope);
  if (!sender) throw new AppError('errors.sender.none');
  if (sender.status === 'verified') throw new AppError('errors.sender.alreadyVerified');
  const token = randomBytes(32).toString('base64url');
  const [claimed] = await db
    .update(senders)
    .set({
      tokenHash: hashToken(token),
      tokenSentAt: sql`now()`,
      tokenExpiresAt: sql`now() + ${`${SENDER_LINK_HOURS} hours`}::interval`,
    })
    .where(scope.where(
      senders,
      eq(senders.id, sender.id),
      eq(senders.status, 'sent'),
      or(isNull(senders.tokenSentAt), lt(senders.tokenSentAt, sql`now() - ${`${SENDER_RESEND_SECONDS} seconds`}::interval`)),
    ))
    .returning();
  if (!claimed) {
    const seconds = Math.max(1, resendAfter(sender));
    throw tooMany(seconds * 1000, 'errors.sender.resendWait', { seconds });
  }

  const [shop] = await db.select({ name: shops.name }).from(shops).where(eq(shops.id, scope.shopId));
  const params = { store: shop?.name ?? '', email: claimed.email, hours: SENDER_LINK_HOURS };
  const t = (key: string) => translateError(locale, `notices.sender.mail.${key}`, params);
  const link = `${deps.config.publicUrl}${CONFIRM_PATH}?token=${token}`;
  try {
    await deps.mail.send({
      from: { name: 'Storecast', address: deps.config.mailFrom },
      // The product's own key, not the store's: the store's domain is not verified yet.
      dkim: deps.config.systemDkim,
      to: claimed.email,
      subject: t('subject'),
      html: `<!doctype html><html lang="${locale}"><body style="font-family:sans-serif;line-height:1.5">
<p>${escapeHtml(t('intro'))}</p>
<p><a href="${link}" style="display:inline-block;padding:10px 18px;background:#1677ff;color:#fff;border-radius:6px;text-decoration:none">${escapeHtml(t('button'))}</a></p>
<p style="color:#666">${escapeHtml(t('expiry'))}<br>${escapeHtml(t('ignore'))}</p>
</body></html>`,
      text: `${t('intro')}\n\n${link}\n\n${t('expiry')}\n${t('ignore')}\n`,
      shopId: scope.shopId,
      meta: { kind: 'sender-verification', link },
    });
  } catch (err) {
    await db.update(senders).set({ tokenSentAt: null }).where(scope.where(senders, eq(senders.id, sender.id)));
    throw Object.assign(new AppError('errors.sender.mailFailed', 502), { cause: err });
  }
}

/** What a link stands for, without using it: the page asks before anything changes. */
export async function readConfirmToken(deps: Deps, token: string): Promise<
  { result: 'pending'; email: string; store: string } | { result: 'expired' | 'invalid' }
> {
  if (!token || token.length > 200) return { result: 'invalid' };
  const [row] = await deps.dbh.db
    .select({ email: senders.email, status: senders.status, expiresAt: senders.tokenExpiresAt, store: shops.name })
    .from(senders).innerJoin(shops, eq(shops.id, senders.shopId))
    .where(eq(senders.tokenHash, hashToken(token)));
  if (!row || row.status !== 'sent') return { result: 'invalid' };
  if (!row.expiresAt || row.expiresAt.getTime() < Date.now()) return { result: 'expired' };
  return { result: 'pending', email: row.email, store: row.store };
}

/**
 * Marks the sender whose link this is verified, and spends the token in the same UPDATE, so a
 * link works once: opened again (or replaced by a newer one) it is no longer valid. Works
 * without a session: the mailbox owner clicks it.
 */
export async function confirmSenderEmail(deps: Deps, token: string): Promise<
  { result: 'verified'; email: string } | { result: 'expired' | 'invalid' }
> {
  const found = await readConfirmToken(deps, token);
  if (found.result !== 'pending') return found;
  const [done] = await deps.dbh.db
    .update(senders)
    .set({ status: 'verified', verifiedAt: sql`now()`, tokenHash: null, tokenExpiresAt: null })
    .where(and(eq(senders.tokenHash, hashToken(token)), eq(senders.status, 'sent'), gt(senders.tokenExpiresAt, sql`now()`)))
    .returning();
  return done ? { result: 'verified', email: done.email } : { result: 'invalid' };
}
