import { type Db, platformDiscounts, shopScope } from '@storecast/db';
import { sql } from 'drizzle-orm';
import type { Deps } from '../../deps.ts';
import type { Job } from '../../job.ts';
import { startPollingLoop } from '../../worker/polling-loop.ts';
import { appSecret } from '../delivery/index.ts';
import { createDiscountShoplazza, updateDiscountValueShoplazza } from './create-discount-shoplazza.ts';
import { createDiscountShopline, updateDiscountValueShopline } from './create-discount-shopline.ts';
import {
  createDiscountShopify, type DiscountCodeInput, DiscountRefusedError, updateDiscountValueShopify,
} from './create-discount-shopify.ts';
import { platformCredential } from './refresh-platform-token.ts';
import { shopifyAdmin } from './run-bulk-query.ts';
import { openSecret } from './seal-secret.ts';

/**
 * How soon a saved coupon preset exists on the platform: a pass every two seconds. The owner
 * saves a preset before a pop-up, a strategy or a flow can name it, so by the time a shopper is
 * shown the code it is on the platform.
 */
const POLL_MS = 2000;
/** Codes one pass creates before the loop looks again. */
const PASS_LIMIT = 20;
/** A failed code is tried again after 1, 2, 4 … minutes, at most every six hours. */
const retryDelayMs = (attempts: number) => Math.min(6 * 3600_000, 60_000 * 2 ** Math.min(attempts - 1, 12));

interface DueCode {
  shopId: string; platform: string; code: string; discount: number; description: string; shopDomain: string; sealedToken: string;
  attempts: number; platformId: string | null;
  /** A lucky draw winner's own code: used once, by one shopper. */
  single: boolean;
}

/**
 * The codes of stores connected to Shopify, Shoplazza or Shopline that are not yet a discount code
 * there, whose discount was changed since, or whose last try failed and is due again:
 * - the coupon presets (`coupons`), which pop-ups, strategies and flows give out, so every code
 *   they show goes through here; a preset of 0 % is no discount and stays the store's own;
 * - the codes lucky draws gave winners of their own (`campaign_draws.coupon_code`, made from the
 *   prize's preset): single use, and made once with the discount of their preset then; a later
 *   change of the preset does not change what a winner was promised.
 * Won codes are read with every pass, an anti-join against `platform_discounts` over the
 * connected stores' draws: fine at the tens of thousands of winners a store has, to be replaced
 * by a mark on the draw if stores reach millions.
 */
async function dueCodes(db: Db, limit: number): Promise<DueCode[]> {
  const { rows } = (await db.execute(sql`
    with wanted as (
      select c.shop_id, c.code, c.discount, c.description, false as single, c.updated_at as since
      from coupons c where c.discount > 0
      union all
      select d.shop_id, d.coupon_code, c.discount, c.description, true, d.created_at
      from campaign_draws d
      join campaign_prizes p on p.id = d.prize_id and p.shop_id = d.shop_id
      join coupons c on c.id = p.coupon_preset_id and c.shop_id = d.shop_id
      where d.coupon_code is not null and c.discount > 0
    )
    select w.shop_id as "shopId", pc.platform, w.code, w.discount, w.description, w.single, pc.shop_domain as "shopDomain",
      pc.sealed_token as "sealedToken", coalesce(pd.attempts, 0) as attempts, pd.platform_id as "platformId"
    from wanted w
    join platform_connections pc on pc.shop_id = w.shop_id and pc.platform in ('shopify', 'shoplazza', 'shopline')
      and pc.status = 'authorized' and pc.sealed_token <> ''
    left join platform_discounts pd on pd.shop_id = w.shop_id and pd.platform = pc.platform and pd.code = upper(w.code)
    where pd.id is null or (pd.status = 'failed' and pd.retry_at <= now())
      or (pd.status = 'created' and pd.discount <> w.discount and not w.single)
    order by w.since
    limit ${limit}`)) as unknown as { rows: DueCode[] };
  return rows;
}

/** One platform's discount calls, the same for the three (create-discount-shopify/-shoplazza/-shopline.ts). */
interface DiscountClient {
  create(input: DiscountCodeInput): Promise<{ id: string; created: boolean }>;
  /** False when the platform no longer has the discount. */
  updateValue(id: string, percentOff: number): Promise<boolean>;
}

/** The platform's discount calls for one due code, as its link's token allows. */
async function discountClient(deps: Deps, secret: Buffer, d: DueCode, sleep?: (ms: number) => Promise<void>): Promise<DiscountClient> {
  if (d.platform === 'shoplazza' || d.platform === 'shopline') {
    // The credential refreshes an expiring token, and marks the store not authorised when refused.
    const { credential } = await platformCredential(deps, d.shopId, d.platform);
    const app = deps.config.platformApps[d.platform];
    if (!app) throw new Error(`no ${d.platform} app on this server`);
    if (d.platform === 'shoplazza') {
      const c = { app, shop: d.shopDomain, token: credential };
      // Its updates send the rule whole; the preset's title stands in for one the rule lacks.
      const title = d.description.trim() || d.code;
      return { create: (i) => createDiscountShoplazza(c, i), updateValue: (id, p) => updateDiscountValueShoplazza(c, id, p, { title }) };
    }
    const c = { app, handle: d.shopDomain.replace(/\.myshopline\.com$/, ''), token: credential };
    return { create: (i) => createDiscountShopline(c, i), updateValue: (id, p) => updateDiscountValueShopline(c, id, p) };
  }
  const app = deps.config.platformApps.shopify;
  const token = openSecret(secret, d.sealedToken, `${d.shopId}:shopify`);
  // Waits for throttling are capped so one store's bucket cannot hold the pass for long.
  const admin = shopifyAdmin({ shop: d.shopDomain, accessToken: token, apiKey: app?.apiKey, apiSecret: app?.apiSecret, sleep, maxWaits: 10 });
  return { create: (i) => createDiscountShopify(admin, i), updateValue: (id, p) => updateDiscountValueShopify(admin, id, p) };
}

/** Creates each due code on its store's platform and records the outcome; returns how many it tried. */
export async function createDueDiscountCodes(deps: Deps, limit = PASS_LIMIT, sleep?: (ms: number) => Promise<void>): Promise<number> {
  const db = deps.dbh.db;
  const due = await dueCodes(db, limit);
  if (due.length === 0) return 0;
  const secret = await appSecret(deps.config, deps.dbh);
  for (const d of due) {
    const scope = shopScope(d.shopId);
    const key = { shopId: d.shopId, platform: d.platform, code: d.code.toUpperCase() };
    let outcome: { status: 'created'; platformId: string } | { status: 'failed'; error: string };
    try {
      const client = await discountClient(deps, secret, d, sleep);
      const percentOff = Math.min(100, Number(d.discount));
      // A code made before (its discount since changed) is updated; one the platform lost is made again.
      if (d.platformId && await client.updateValue(d.platformId, percentOff)) {
        outcome = { status: 'created', platformId: d.platformId };
      } else {
        const made = await client.create({
          code: d.code, title: d.description.trim() || d.code, percentOff,
          // A preset is one code many shoppers are given: each may use it once. A winner's own code is used once in all.
          oncePerCustomer: true, usageLimit: d.single ? 1 : null, startsAt: new Date(),
        });
        // A code the store already had on the platform now takes off what the preset promises.
        if (!made.created) await client.updateValue(made.id, percentOff);
        outcome = { status: 'created', platformId: made.id };
      }
    } catch (err) {
      const why = err instanceof DiscountRefusedError ? `refused: ${err.message}` : (err as Error).message;
      outcome = { status: 'failed', error: why.slice(0, 500) };
    }
    const attempts = d.attempts + 1;
    const discount = Number(d.discount);
    const retryAt = new Date(Date.now() + retryDelayMs(attempts));
    const fields = outcome.status === 'created'
      ? { status: 'created' as const, platformId: outcome.platformId, error: null, retryAt: null, discount, attempts }
      : { status: 'failed' as const, error: outcome.error, retryAt, discount, attempts };
    await db.insert(platformDiscounts).values(scope.values({ ...key, ...fields }))
      .onConflictDoUpdate({
        target: [platformDiscounts.shopId, platformDiscounts.platform, platformDiscounts.code], set: { ...fields, updatedAt: new Date() },
      });
  }
  return due.length;
}

/** Keeps the coupon presets of platform stores as discount codes on their platform (`platform_discounts`). */
export const discountCodesJob: Job = {
  name: 'platform-discount-codes',
  async start(deps, log) {
    return startPollingLoop({
      pass: async () => (await createDueDiscountCodes(deps)) === PASS_LIMIT,
      periodMs: POLL_MS,
      what: 'creating platform discount codes',
    }, log);
  },
};
