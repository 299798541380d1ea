import {
  chargeCurrency, currencyDecimals, isTopPlan, isUpgradeTarget, type MembershipTerm, membershipUsdCents, priceIn, quoteUpgrade, USD_RATES,
} from '@storecast/contract';
import type { RawConnection } from '@storecast/db';
import { AppError } from '../../../http/app-error.ts';

export interface MembershipTarget { level: 1 | 2 | 3; months: MembershipTerm }

export interface UpgradeQuote {
  /** What the store pays now: the upgrade cost less the credit, never below zero. */
  price: number;
  upgradeCost: number;
  credit: number;
  termDays: number;
  daysRemaining: number;
  currency: string;
}

interface VipRow {
  level: number;
  months: number;
  begin_at: Date | string | null;
  end_at: Date | string | null;
  paid_minor: number;
  currency: string;
  shop_currency: string;
}

/** Minor units of one currency in another, at the price book's list rates (a store that changed currency). */
function convertMinor(minor: number, from: string, to: string): number {
  if (from === to) return minor;
  const usd = minor / 10 ** currencyDecimals(from) / (USD_RATES[from] ?? 1);
  return Math.floor(usd * (USD_RATES[to] ?? 1) * 10 ** currencyDecimals(to));
}

/**
 * SPEC section 9's upgrade quote of the store's running membership to `target`, in the store's
 * charge currency. Refuses (errors.billing.cannotUpgrade) without a running paid term or on the
 * top plan (SPEC 4: level 3 with 12 months; level 3 monthly may still move to yearly), and
 * (errors.billing.notHigher) when the target is not an upgrade (`isUpgradeTarget`: a higher level
 * for a term at least as long, or the same level for a longer term). `q` is a connection or the handle: the payment flow quotes
 * inside its own transaction (and may lock the term with `lock`).
 */
export async function quoteMembershipUpgrade(
  q: Pick<RawConnection, 'query'>, shopId: string, target: MembershipTarget, now = new Date(), lock = false,
): Promise<UpgradeQuote> {
  const { rows } = await q.query<VipRow>(
    `select v.level, v.months, v.begin_at, v.end_at, v.paid_minor, v.currency, s.currency as shop_currency
     from vip_services v join shops s on s.id = v.shop_id where v.shop_id = $1${lock ? ' for update of v' : ''}`,
    [shopId],
  );
  const vip = rows[0];
  const end = vip?.end_at ? new Date(vip.end_at) : null;
  const begin = vip?.begin_at ? new Date(vip.begin_at) : null;
  const level = vip?.level ?? 0;
  const expired = level > 0 && (!end || end.getTime() <= now.getTime());
  if (!vip || level === 0 || !begin || !end || expired
    || isTopPlan({ vip_service_level: level, current_month_number: vip.months, is_expire: expired })) {
    throw new AppError('errors.billing.cannotUpgrade', 409);
  }
  if (!isUpgradeTarget({ level, months: vip.months }, target)) {
    throw new AppError('errors.billing.notHigher', 409);
  }
  const currency = chargeCurrency(vip.shop_currency);
  const upgradeCost = priceIn(membershipUsdCents(target.level, target.months), currency);
  const paid = convertMinor(vip.paid_minor, vip.currency, currency);
  const quote = quoteUpgrade({ paid, begin, end }, upgradeCost, now);
  return { ...quote, currency };
}
