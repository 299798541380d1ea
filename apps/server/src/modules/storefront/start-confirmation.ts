import { createHash, randomBytes } from 'node:crypto';
import { escapeHtml, translateError } from '@storecast/contract';
import { popupConfirmations } from '@storecast/db';
import { and, count, eq, gt, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Deps } from '../../deps.ts';
import type { StorefrontStore } from '../../http/route-access.ts';
import { mailAsStore } from '../sender/index.ts';
import { sendAfterAnswer } from '../../messaging/send-after-answer.ts';
import type { SignUp } from './record-sign-up.ts';

/** Path of the page the confirmation link opens (confirm-page.ts). */
export const CONFIRM_PATH = '/api/public/storefront/confirm';
const VALID_DAYS = 3;
/** Confirmation mails one address gets from one store a day: the form cannot flood an inbox. */
const MAILS_PER_DAY = 5;

export const hashConfirmToken = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * Double opt-in: keeps the sign-up as asked for (only the token's hash stored, valid three days)
 * and mails the link after the answer. Past the day's allowance for the address nothing is
 * mailed, and the shopper is answered alike.
 */
export async function startConfirmation(deps: Deps, store: StorefrontStore, r: SignUp, log: FastifyBaseLogger): Promise<void> {
  const db = deps.dbh.db;
  const { scope } = store;
  const email = r.email!;
  const [sent] = await db.select({ n: count() }).from(popupConfirmations)
    .where(scope.where(popupConfirmations, and(eq(popupConfirmations.email, email), gt(popupConfirmations.createdAt, sql`now() - interval '1 day'`))));
  if (Number(sent?.n ?? 0) >= MAILS_PER_DAY) return;
  const token = randomBytes(32).toString('base64url');
  await db.insert(popupConfirmations).values(scope.values({
    popupId: r.popupId, tokenHash: hashConfirmToken(token), email, phone: r.phone, visitorId: r.visitorId,
    request: { language: r.language, wording: r.wording, ip: r.ip, userAgent: r.userAgent, pageUrl: r.pageUrl, popupName: r.popupName },
    expiresAt: new Date(Date.now() + VALID_DAYS * 86_400_000),
  }));
  sendAfterAnswer(
    () => sendConfirmationMail(deps, store, email, token, r.language),
    (err) => log.error({ err, shopId: scope.shopId }, 'pop-up confirmation mail failed'),
  );
}

/** From the store as its mail to one shopper is (`mailAsStore`). */
async function sendConfirmationMail(deps: Deps, store: StorefrontStore, to: string, token: string, language: SignUp['language']) {
  const params = { store: store.name };
  const t = (key: string) => translateError(language, `notices.storefront.${key}`, params);
  const link = `${deps.config.publicUrl}${CONFIRM_PATH}?t=${token}&lang=${language}`;
  await deps.mail.send({
    ...(await mailAsStore(deps, store.scope, store.name)),
    to,
    subject: t('confirmSubject'),
    html: `<!doctype html><html lang="${language}"><body style="font-family:sans-serif;line-height:1.5">
<p>${escapeHtml(t('confirmBody'))}</p>
<p><a href="${escapeHtml(link)}" style="display:inline-block;padding:10px 18px;background:#1677ff;color:#fff;border-radius:6px;text-decoration:none">${escapeHtml(t('confirmButton'))}</a></p>
</body></html>`,
    text: `${t('confirmBody')}\n\n${link}\n`,
    shopId: store.scope.shopId,
    meta: { kind: 'popup-confirmation', link },
  });
}
