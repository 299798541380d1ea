import { randomInt, randomUUID } from 'node:crypto';
import { type drawBody, localDay, translateError } from '@storecast/contract';
import { campaignDailyStats, type campaignPrizes, type Db, type ShopScope } from '@storecast/db';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import { AppError, notFound } from '../../http/app-error.ts';
import { readCoupon } from '../brand/index.ts';
import { choosePrize, WEIGHT_TOTAL } from './choose-prize.ts';
import { claimKeys, periodKey } from './claim-keys.ts';
import { findRunningDraw } from './find-running-draw.ts';
import type { PrizeMail } from './send-prize-mail.ts';

type Body = z.output<typeof drawBody>;
type Prize = typeof campaignPrizes.$inferSelect;
const CODE_CHARS = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/**
 * A draw is one statement without a transaction around it (one round trip instead of three, what
 * lets a hot wheel keep up). When an identity was already claimed, the statement must fail so its
 * other claims are undone with it: casting this text to an integer is that failure, read back here.
 */
const REFUSED = 'campaign draw already claimed ';
const errorCode = (err: unknown): string | undefined => {
  for (let e = err as { code?: unknown; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
    if (typeof e.code === 'string') return e.code;
  }
  return undefined;
};
// The database's own error (22P02, invalid text for an integer), not the driver's wrapper, whose
// message lists the statement's parameters and so holds the marker whatever went wrong.
const isRefusal = (err: unknown): boolean => {
  for (let e = err as { code?: unknown; message?: string; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
    if (e.code === '22P02' && typeof e.message === 'string' && e.message.includes(REFUSED.trim())) return true;
  }
  return false;
};

const publicPrize = (p: Prize | undefined, language: Body['language']) => p
  ? { id: p.id, kind: p.kind, label: p.label[language] ?? '' }
  : { id: '', kind: 'none' as const, label: translateError(language, 'notices.campaign.noPrize') };

/**
 * One draw, decided here and never in the browser. The prize is rolled by its stated odds first;
 * then one statement claims the shopper's identities for the period (the claims' primary key
 * refuses a second draw, even one arriving at the same moment), takes one of the rolled prize's
 * stock with `UPDATE … WHERE stock_left > 0` (PostgreSQL rechecks that condition on the newest
 * row after waiting for a concurrent taker, so stock never goes below zero) and records the draw.
 * When no stock is left the roll becomes "no prize", so the other prizes keep their odds.
 * A filled honeypot is answered "no prize" and spends nothing. A prize won with an e-mail given
 * comes with the prize mail to send after the answer (`sendPrizeMail`).
 */
export async function playDraw(db: Db, scope: ShopScope, body: Body) {
  const { row, prizes, timezone, homepage } = await findRunningDraw(db, scope, body.campaign_id);
  const none = prizes.find((p) => p.kind === 'none');
  if (body.website !== '') return { answer: { prize: publicPrize(none, body.language), coupon: null }, mail: null };
  const keys = claimKeys(row.drawIdentity ?? 'visitor', body);
  const period = periodKey(row.drawPeriod ?? 'once', new Date(), timezone);
  const rolled = prizes[choosePrize(prizes.map((p) => p.weight), randomInt(WEIGHT_TOTAL))];
  const limited = rolled && rolled.kind !== 'none' ? rolled : undefined;
  const preset = limited?.kind === 'coupon' && limited.couponPresetId ? await readCoupon(db, scope, limited.couponPresetId) : null;
  const unique = (row.settings as { unique_codes?: boolean }).unique_codes === true;
  const code = preset && (unique ? `${preset.code}-${Array.from({ length: 8 }, () => CODE_CHARS[randomInt(CODE_CHARS.length)]).join('')}` : preset.code);
  const drawId = randomUUID();
  const shop = scope.shopId;
  let takenId: string | null;
  try {
    const { rows } = (await db.execute(sql`
      with claimed as (
        insert into campaign_draw_claims (shop_id, campaign_id, period_key, identity_key, draw_id)
        select ${shop}::uuid, ${row.id}::uuid, ${period}::text, k, ${drawId}::uuid
        from unnest(array[${sql.join(keys.map((k) => sql`${k}::text`), sql`, `)}]) as k
        on conflict do nothing returning 1
      ), fair as (select count(*) = ${keys.length} as ok from claimed),
      taken as (
        update campaign_prizes set stock_left = stock_left - 1, won = won + 1
        where id = ${limited?.id ?? null}::uuid and shop_id = ${shop}::uuid and stock_left > 0 and (select ok from fair)
        returning id
      ), drawn as (
        insert into campaign_draws (id, shop_id, campaign_id, prize_id, prize_kind, visitor_id, email, phone, coupon_code)
        select ${drawId}::uuid, ${shop}::uuid, ${row.id}::uuid,
          coalesce((select id from taken), (select id from campaign_prizes where id = ${none?.id ?? null}::uuid and shop_id = ${shop}::uuid)),
          case when exists (select 1 from taken) then ${limited?.kind ?? 'none'}::text else 'none' end,
          ${body.visitor_id}::text, ${body.email || null}::text, ${body.phone || null}::text,
          case when exists (select 1 from taken) and ${unique}::boolean then ${code}::text end
        where (select ok from fair)
        returning prize_id
      )
      select (select id from taken) as taken,
        case when (select ok from fair) then 0 else (select ${REFUSED}::text || count(*) from claimed)::int end as refused`,
    )) as unknown as { rows: { taken: string | null }[] };
    takenId = rows[0]?.taken ?? null;
  } catch (err) {
    if (isRefusal(err)) throw new AppError('errors.campaign.alreadyDrawn', 409);
    // The campaign was deleted after it was read (its cached copy is up to a second old).
    if (errorCode(err) === '23503') throw notFound('errors.campaign.notRunning');
    throw err;
  }
  const won = takenId ? limited : rolled?.kind === 'none' ? rolled : none;
  const coupon = takenId && preset && code ? { code, discount: preset.discount, description: preset.description } : null;
  const prize = publicPrize(won, body.language);
  const mail: PrizeMail | null = takenId && body.email ? {
    to: body.email, language: body.language, campaign: row.name, prize: prize.label, coupon, homepage,
    themeColor: (row.settings as { theme_color?: string }).theme_color ?? null,
  } : null;
  return { answer: { prize, coupon }, mail };
}

/**
 * What the storefront shows before the draw: the look and the prizes, never their odds or stock.
 * Each showing counts as a view of the campaign on the store's day (the report's views).
 */
export async function readDrawInfo(db: Db, scope: ShopScope, id: string, language: Body['language']) {
  const { row, prizes, timezone } = await findRunningDraw(db, scope, id);
  try {
    await db.insert(campaignDailyStats).values(scope.values({ campaignId: row.id, day: localDay(new Date(), timezone), views: 1 }))
      .onConflictDoUpdate({ target: [campaignDailyStats.campaignId, campaignDailyStats.day], set: { views: sql`${campaignDailyStats.views} + 1` } });
  } catch (err) {
    // The campaign was deleted after it was read (its cached copy is up to a second old).
    if (errorCode(err) === '23503') throw notFound('errors.campaign.notRunning');
    throw err;
  }
  const s = row.settings as { theme_color?: string; font_color?: string; banner_url?: string };
  return {
    id: row.id, name: row.name, form: row.form, identity: (row.drawIdentity ?? 'visitor') as 'email' | 'phone' | 'visitor',
    theme_color: s.theme_color ?? '#1677ff', font_color: s.font_color ?? '#ffffff', banner_url: s.banner_url ?? '',
    prizes: prizes.map((p) => publicPrize(p, language)),
  };
}
