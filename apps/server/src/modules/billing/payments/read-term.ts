import { chargeCurrency, membershipUsdCents, type MembershipTerm, priceIn } from '@storecast/contract';
import type { Deps } from '../../../deps.ts';

export interface MembershipTarget { level: number; months: number }

interface TermRow { level: number; months: number; begin_at: Date | null; end_at: Date | null; paid_minor: number; shop_currency: string }

/** The store's currency for charges and its membership term, as one row. */
export async function readTerm(deps: Deps, shopId: string) {
  const { rows } = await deps.dbh.query<TermRow>(
    `select coalesce(v.level, 0) as level, coalesce(v.months, 0) as months, v.begin_at, v.end_at,
       coalesce(v.paid_minor, 0) as paid_minor, s.currency as shop_currency
     from shops s left join vip_services v on v.shop_id = s.id where s.id = $1`,
    [shopId],
  );
  const row = rows[0];
  const currency = chargeCurrency(row?.shop_currency);
  const begin = row?.begin_at ? new Date(row.begin_at) : null;
  const end = row?.end_at ? new Date(row.end_at) : null;
  return { level: row?.level ?? 0, months: row?.months ?? 0, begin, end, paid: row?.paid_minor ?? 0, currency };
}

/** A membership term's list price in a currency. */
export function membershipPrice(target: MembershipTarget, currency: string): number {
  return priceIn(membershipUsdCents(target.level as 1 | 2 | 3, target.months as MembershipTerm), currency);
}
