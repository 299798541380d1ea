import { escapeHtml, type Locale, popupContentSchema, translateError } from '@storecast/contract';
import { popupConfirmations, popups, shopScope, shops } from '@storecast/db';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { pageLocale, paragraph, sendPublicPage } from '../../http/send-public-page.ts';
import type { Deps } from '../../deps.ts';
import { revealCoupon } from './reveal-coupon.ts';
import { recordSignUp } from './record-sign-up.ts';
import { CONFIRM_PATH, hashConfirmToken } from './start-confirmation.ts';

/**
 * The double opt-in link's page, outside the contract (a page, not an envelope):
 *   GET  /api/public/storefront/confirm?t=…   asks, with a button; changes nothing, because mail
 *                                             scanners open links on their own
 *   POST /api/public/storefront/confirm?t=…   subscribes through the sign-up's one write path,
 *                                             the consent confirmed now; the link works once
 * Both answer in the shopper's language (`lang`, then Accept-Language), with no script.
 */
export function confirmPageRoutes(app: FastifyInstance, deps: Deps) {
  void app.register(async (pub) => {
    // The page's form posts urlencoded; everything it needs is in the link.
    pub.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 1024 }, (_req, body, done) => done(null, body));

    pub.get(CONFIRM_PATH, async (req, reply) => {
      const locale = pageLocale(req);
      const token = tokenOf(req);
      const pending = token ? await readPending(deps, token) : null;
      if (!pending) return sendPage(reply.status(404), locale, translateError(locale, 'notices.storefront.confirmExpired'));
      const action = `${CONFIRM_PATH}?t=${encodeURIComponent(token)}&lang=${locale}`;
      const form = `<form method="post" action="${escapeHtml(action)}"><button type="submit">${escapeHtml(translateError(locale, 'notices.storefront.confirmButton'))}</button></form>`;
      return sendPage(reply, locale, translateError(locale, 'notices.storefront.confirmBody', { store: pending.store }), form);
    });

    pub.post(CONFIRM_PATH, async (req, reply) => {
      const locale = pageLocale(req);
      const token = tokenOf(req);
      const done = token ? await confirm(deps, token, { ip: req.ip, userAgent: String(req.headers['user-agent'] ?? '').slice(0, 500) }) : null;
      if (!done) return sendPage(reply.status(404), locale, translateError(locale, 'notices.storefront.confirmExpired'));
      // As on the pop-up: its line in the page's language, else the preset's description as written.
      const line = done.coupon ? done.notes?.[locale] || done.coupon.description : '';
      const coupon = done.coupon ? `<p class="coupon">${escapeHtml(translateError(locale, 'notices.storefront.couponLabel', { code: done.coupon.code }))}</p>${line ? `<p>${escapeHtml(line)}</p>` : ''}` : '';
      return sendPage(reply, locale, translateError(locale, 'notices.storefront.confirmedBody', { store: done.store }), coupon,
        translateError(locale, 'notices.storefront.confirmedTitle'));
    });
  });
}

function tokenOf(req: FastifyRequest): string {
  const t = (req.query as { t?: unknown } | undefined)?.t;
  return typeof t === 'string' && /^[A-Za-z0-9_-]{20,100}$/.test(t) ? t : '';
}

async function readPending(deps: Deps, token: string) {
  const [row] = await deps.dbh.db.select({ store: shops.name }).from(popupConfirmations)
    .innerJoin(shops, eq(shops.id, popupConfirmations.shopId))
    .where(and(eq(popupConfirmations.tokenHash, hashConfirmToken(token)), isNull(popupConfirmations.confirmedAt), gt(popupConfirmations.expiresAt, sql`now()`)));
  return row ?? null;
}

/**
 * Spends the link and subscribes in one transaction: the UPDATE that marks it confirmed is the
 * only way in, so two clicks subscribe once, and a failed write leaves the link usable.
 */
async function confirm(deps: Deps, token: string, from: { ip: string; userAgent: string }) {
  const db = deps.dbh.db;
  return db.transaction(async (tx) => {
    const [row] = await tx.update(popupConfirmations).set({ confirmedAt: sql`now()` })
      .where(and(eq(popupConfirmations.tokenHash, hashConfirmToken(token)), isNull(popupConfirmations.confirmedAt), gt(popupConfirmations.expiresAt, sql`now()`)))
      .returning();
    if (!row || !row.popupId) return null;
    const scope = shopScope(row.shopId);
    const [popup] = await tx.select({ content: popups.content }).from(popups).where(scope.where(popups, eq(popups.id, row.popupId)));
    const [shop] = await tx.select({ name: shops.name }).from(shops).where(eq(shops.id, row.shopId));
    const r = row.request;
    await recordSignUp(tx, scope, {
      popupId: row.popupId, popupName: r.popupName, visitorId: row.visitorId, email: row.email, phone: row.phone,
      language: r.language === 'zh-CN' ? 'zh-CN' : 'en-US', wording: r.wording, ip: r.ip, userAgent: r.userAgent, pageUrl: r.pageUrl,
      confirmedAt: row.confirmedAt ?? new Date(), askedAt: row.createdAt, confirmedFrom: from,
    });
    const content = popupContentSchema.safeParse(popup?.content);
    if (!content.success) return { store: shop?.name ?? '', coupon: null, notes: null };
    const { texts } = content.data;
    return {
      store: shop?.name ?? '', coupon: await revealCoupon(tx, scope, content.data.coupon_preset_id),
      notes: { 'zh-CN': texts['zh-CN'].coupon_note, 'en-US': texts['en-US'].coupon_note },
    };
  });
}

/** A pop-up confirmation page: the text, then trusted `extra` markup (the button, or the coupon). */
function sendPage(reply: FastifyReply, locale: Locale, text: string, extra = '', heading?: string) {
  return sendPublicPage(reply, locale, { title: translateError(locale, 'notices.storefront.pageTitle'), heading, body: paragraph(text) + extra });
}
