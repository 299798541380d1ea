import { randomInt, randomUUID } from 'node:crypto';
import { type drawBody, isUuid, translateError } from '@storecast/contract';
import { campaignDrawClaims, campaignDraws, campaignPrizes, campaigns, type Db, type ShopScope } from '@storecast/db';
import { and, asc, eq, gt, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { AppError, notFound } from '../../http/app-error.ts';
import { readCoupon } from '../brand/index.ts';
import { choosePrize, WEIGHT_TOTAL } from './choose-prize.ts';
import { claimKeys, periodKey } from './claim-keys.ts';

type Body = z.output<typeof drawBody>;
type Prize = typeof campaignPrizes.$inferSelect;
const CODE_CHARS = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** The store's running lucky draw: enabled, and inside its time window when it has one. */
export async function findRunningDraw(db: Db, scope: ShopScope, id: string, now = new Date()) {
  if (!isUuid(id)) throw notFound('errors.campaign.notRunning');
  const [row] = await db.select().from(campaigns)
    .where(scope.where(campaigns, eq(campaigns.id, id), eq(campaigns.type, 'lucky_draw'), eq(campaigns.status, 'enabled')));
  if (!row || (row.startsAt && row.startsAt > now) || (row.endsAt && row.endsAt <= now)) throw notFound('errors.campaign.notRunning');
  const prizes = await db.select().from(campaignPrizes)
    .where(scope.where(campaignPrizes, eq(campaignPrizes.campaignId, row.id))).orderBy(asc(campaignPrizes.position));
  return { row, prizes };
}

const publicPrize = (p: Prize | undefined, language: Body['language']) => p
  ? { id: p.id, kind: p.kind, label: p.label[language] ?? '' }
  : { id: '', kind: 'none' as const, label: translateError(language, 'notices.campaign.noPrize') };

/**
 * One draw, decided here and never in the browser. The prize is rolled by its stated odds first;
 * then, in one transaction, the shopper's identities are claimed for the period (the claims'
 * primary key refuses a second draw, even one arriving at the same moment), and a prize with
 * stock is taken by `UPDATE … WHERE stock_left > 0`, which PostgreSQL runs one at a time per
 * row: when it finds none left, the roll becomes "no prize", so the other prizes keep their odds.
 * A filled honeypot is answered "no prize" and spends nothing.
 */
export async function playDraw(db: Db, scope: ShopScope, body: Body) {
  const { row, prizes } = await findRunningDraw(db, scope, body.campaign_id);
  const none = prizes.find((p) => p.kind === 'none');
  if (body.website !== '') return { prize: publicPrize(none, body.language), coupon: null };
  const keys = claimKeys(row.drawIdentity ?? 'visitor', body);
  const period = periodKey(row.drawPeriod ?? 'once', new Date());
  const rolled = prizes[choosePrize(prizes.map((p) => p.weight), randomInt(WEIGHT_TOTAL))];
  const settings = row.settings as { unique_codes?: boolean };
  const drawId = randomUUID();
  return db.transaction(async (tx) => {
    const claimed = await tx.insert(campaignDrawClaims)
      .values(keys.map((identityKey) => scope.values({ campaignId: row.id, periodKey: period, identityKey, drawId })))
      .onConflictDoNothing().returning({ key: campaignDrawClaims.identityKey });
    if (claimed.length < keys.length) throw new AppError('errors.campaign.alreadyDrawn', 409);
    let won = rolled?.kind === 'none' ? rolled : undefined;
    if (rolled && rolled.kind !== 'none') {
      const [taken] = await tx.update(campaignPrizes)
        .set({ stockLeft: sql`${campaignPrizes.stockLeft} - 1`, won: sql`${campaignPrizes.won} + 1` })
        .where(scope.where(campaignPrizes, and(eq(campaignPrizes.id, rolled.id), gt(campaignPrizes.stockLeft, 0))))
        .returning({ id: campaignPrizes.id });
      won = taken ? rolled : none;
    }
    const preset = won?.kind === 'coupon' && won.couponPresetId ? await readCoupon(tx as unknown as Db, scope, won.couponPresetId) : null;
    const coupon = preset && {
      code: settings.unique_codes ? `${preset.code}-${Array.from({ length: 8 }, () => CODE_CHARS[randomInt(CODE_CHARS.length)]).join('')}` : preset.code,
      discount: preset.discount, description: preset.description,
    };
    await tx.insert(campaignDraws).values(scope.values({
      id: drawId, campaignId: row.id, prizeId: won?.id ?? null, prizeKind: won?.kind ?? 'none', visitorId: body.visitor_id,
      email: body.email || null, phone: body.phone || null, couponCode: coupon && settings.unique_codes ? coupon.code : null,
    }));
    return { prize: publicPrize(won, body.language), coupon };
  });
}

/** What the storefront shows before the draw: the look and the prizes, never their odds or stock. */
export async function readDrawInfo(db: Db, scope: ShopScope, id: string, language: Body['language']) {
  const { row, prizes } = await findRunningDraw(db, scope, id);
  const s = row.settings as { theme_color?: string; font_color?: string; banner_url?: string };
  return {
    id: row.id, name: row.name, form: row.form, identity: (row.drawIdentity ?? 'visitor') as 'email' | 'phone' | 'visitor',
    theme_color: s.theme_color ?? '#1677ff', font_color: s.font_color ?? '#ffffff', banner_url: s.banner_url ?? '',
    prizes: prizes.map((p) => publicPrize(p, language)),
  };
}
