import {
  chargeCurrency, featuresOfLevel, MEMBERSHIP_TERMS, membershipUsdCents, PACK_OFFERS, priceIn,
} from '@storecast/contract';
import { shops } from '@storecast/db';
import { eq } from 'drizzle-orm';
import type { Deps } from '../../../deps.ts';

/** The ISO code the store pays in (its own currency when the price book has it, else USD). */
export async function readChargeCurrency(deps: Deps, shopId: string): Promise<string> {
  const [shop] = await deps.dbh.db.select({ currency: shops.currency }).from(shops).where(eq(shops.id, shopId));
  return chargeCurrency(shop?.currency);
}

/** Whether the card form can be shown: without Stripe nothing can be bought, but prices still list. */
export function paymentConfig(deps: Deps) {
  const stripe = deps.config.stripe;
  return { configured: stripe != null, publishable_key: stripe?.publishableKey ?? '', js_url: stripe?.jsUrl ?? '' };
}

/** Packs on sale, priced in `currency`. */
export function listPackOffers(currency: string) {
  return PACK_OFFERS.map((o) => ({
    id: o.id,
    quantity: o.quantity,
    validity_days: o.validityDays,
    price: { amount_minor: priceIn(o.usdCents, currency), currency },
  }));
}

/** Every paid level for each term, priced in `currency`, with what the level unlocks. */
export function listMembershipOffers(currency: string) {
  return ([1, 2, 3] as const).flatMap((level) =>
    MEMBERSHIP_TERMS.map((months) => ({
      level,
      months,
      price: { amount_minor: priceIn(membershipUsdCents(level, months), currency), currency },
      features: featuresOfLevel(level),
    })));
}

/**
 * The cheapest price of one e-mail among the packs on sale, as minor units per thousand mails
 * (the header's unit price). Rounded to two decimals: a thousand mails of a zero-decimal currency
 * can cost a fraction of its unit.
 */
export function cheapestPerThousand(currency: string): number {
  const perThousand = PACK_OFFERS.map((o) => (priceIn(o.usdCents, currency) * 1000) / o.quantity);
  return Math.round(Math.min(...perThousand) * 100) / 100;
}
