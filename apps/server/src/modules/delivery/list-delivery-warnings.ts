import { type Locale, translateError } from '@storecast/contract';
import { shops, type ShopScope } from '@storecast/db';
import { eq } from 'drizzle-orm';
import type { Deps } from '../../deps.ts';
import { publicUrlIsHttps } from '../../list-config-warnings.ts';

/**
 * What a send confirmation shows before the owner sends: things that do not stop a send but
 * make its mail fail the mailbox providers' bulk-sender rules. Message keys with their sentence
 * in the caller's language. The same for every source's marketing mail.
 */
export async function listDeliveryWarnings(deps: Deps, scope: ShopScope, locale: Locale) {
  const keys: string[] = [];
  const [shop] = await deps.dbh.db.select({ address: shops.postalAddress }).from(shops).where(eq(shops.id, scope.shopId));
  // CAN-SPAM and Gmail/Yahoo's rules: every marketing mail carries the sender's postal address.
  if (!shop?.address.trim()) keys.push('errors.strategy.noPostalAddress');
  // RFC 8058 one-click unsubscribe must be https; the links take their scheme from PUBLIC_URL.
  if (!publicUrlIsHttps(deps.config.publicUrl)) keys.push('errors.strategy.httpLinks');
  return { warnings: keys.map((key) => ({ key, msg: translateError(locale, key) })) };
}
