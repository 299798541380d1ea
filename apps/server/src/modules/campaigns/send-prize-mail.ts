import { escapeHtml, type Locale, parseHomepage, translateError } from '@storecast/contract';
import type { Deps } from '../../deps.ts';
import type { StorefrontStore } from '../../http/route-access.ts';
import { mailAsStore } from '../sender/index.ts';

/** What a winner's mail says: the prize as the shopper saw it, the code when it is a coupon. */
export interface PrizeMail {
  to: string;
  language: Locale;
  campaign: string;
  prize: string;
  coupon: { code: string; discount: number; description: string } | null;
  /** The store's homepage, where the mail's button leads; empty when the store has none. */
  homepage: string;
  themeColor: string | null;
}

const COLOUR = /^#[0-9a-f]{3}(?:[0-9a-f]{3})?$/i;

/**
 * The mail a shopper gets after winning a draw with their e-mail address: the prize, the coupon
 * code (the one shown on the page, the shopper's own when the campaign gives unique codes), and a
 * way back to the shop. It is the mail the shopper asked for by playing, not marketing: it goes
 * to an address that has not subscribed, and so carries no unsubscribe link and joins no list.
 * The draw's own limit (one per address per period) is what keeps the form from mailing one
 * inbox over and over.
 */
export async function sendPrizeMail(deps: Deps, store: StorefrontStore, m: PrizeMail): Promise<void> {
  const params = { store: store.name, campaign: m.campaign, prize: m.prize };
  const t = (key: string) => translateError(m.language, `notices.campaign.${key}`, params);
  const colour = m.themeColor && COLOUR.test(m.themeColor) ? m.themeColor : '#1677ff';
  // http(s) only: anything else leaves the button out.
  const shop = parseHomepage(m.homepage)?.href ?? null;
  const html: string[] = [`<p style="font-size:18px;font-weight:600">${escapeHtml(t('prizeHeadline'))}</p>`];
  const text: string[] = [t('prizeHeadline'), ''];
  if (m.coupon) {
    const detail = m.coupon.description ? ` (${m.coupon.description})` : '';
    html.push(`<p>${escapeHtml(t('prizeCode'))}${escapeHtml(detail)}</p>`,
      `<p style="display:inline-block;padding:10px 16px;border:2px dashed ${colour};border-radius:6px;font-family:monospace;font-size:20px;letter-spacing:2px">${escapeHtml(m.coupon.code)}</p>`,
      `<p>${escapeHtml(t('prizeCodeHint'))}</p>`);
    text.push(`${t('prizeCode')}${detail}: ${m.coupon.code}`, t('prizeCodeHint'));
  } else {
    html.push(`<p>${escapeHtml(t('prizeGiftHint'))}</p>`);
    text.push(t('prizeGiftHint'));
  }
  if (shop) {
    html.push(`<p><a href="${escapeHtml(shop)}" style="display:inline-block;padding:10px 18px;background:${colour};color:#fff;border-radius:6px;text-decoration:none">${escapeHtml(t('prizeShop'))}</a></p>`);
    text.push('', `${t('prizeShop')}: ${shop}`);
  }
  html.push(`<p style="color:#8c8c8c;font-size:12px">${escapeHtml(t('prizeWhy'))}</p>`);
  text.push('', t('prizeWhy'));
  await deps.mail.send({
    ...(await mailAsStore(deps, store.scope, store.name)),
    to: m.to,
    subject: t('prizeSubject'),
    html: `<!doctype html><html lang="${m.language}"><body style="font-family:sans-serif;line-height:1.5">\n${html.join('\n')}\n</body></html>`,
    text: `${text.join('\n')}\n`,
    shopId: store.scope.shopId,
    meta: { kind: 'prize', campaign: m.campaign, code: m.coupon?.code ?? null },
  });
}
