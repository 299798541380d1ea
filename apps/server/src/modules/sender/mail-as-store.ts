import type { ShopScope } from '@storecast/db';
import type { Deps } from '../../deps.ts';
import type { OutgoingMail } from '../../messaging/mail-sender.ts';
import { findSendingIdentity } from './find-sending-identity.ts';

/**
 * Who a mail a store sends to one shopper (a sign-up's confirmation, a prize won) comes from. As
 * the store's marketing mail when its sender is verified (its name, address, DKIM key and return
 * path); otherwise from the product's own address under the store's name, as the store cannot
 * yet send as itself and the shopper still asked for the mail.
 */
export async function mailAsStore(deps: Deps, scope: ShopScope, storeName: string): Promise<Pick<OutgoingMail, 'from' | 'dkim' | 'envelopeFrom'>> {
  const identity = await findSendingIdentity(deps.dbh.db, scope);
  const own = identity?.emailVerified ? identity : null;
  if (!own) return { from: { name: storeName, address: deps.config.mailFrom }, dkim: deps.config.systemDkim };
  return { from: { name: own.fromName, address: own.fromEmail }, dkim: own.dkim, ...(own.returnPath ? { envelopeFrom: own.returnPath } : {}) };
}
