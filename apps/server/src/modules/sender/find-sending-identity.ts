import { emailDomain, parseHomepage } from '@storecast/contract';
import { senderFitsHomepage } from './registrable-domain.ts';
import { type Db, senderDomains, senders, shops, type ShopScope } from '@storecast/db';
import { eq } from 'drizzle-orm';
import type { DkimKey } from '../../messaging/mail-sender.ts';

export interface SendingIdentity {
  fromName: string;
  fromEmail: string;
  emailVerified: boolean;
  domain: string | null;
  domainVerified: boolean;
  /** Set when the domain is verified. */
  dkim: DkimKey | null;
  /** Envelope sender (bounce address) when the CNAME is verified, else null. */
  returnPath: string | null;
}

/** Local part of the envelope sender on the store's return-path host. */
export const BOUNCE_LOCAL_PART = 'bounce';

/**
 * What the store's marketing mail is sent as. Null when the store has no sender. A sender whose
 * address no longer belongs to the store's homepage domain (the homepage changed after it was
 * verified) counts as unverified, address and domain alike: SPEC 5 resets it, and the admin
 * shows the warning.
 */
export async function findSendingIdentity(db: Db, scope: ShopScope): Promise<SendingIdentity | null> {
  const [sender] = await db.select().from(senders).where(scope.where(senders));
  if (!sender) return null;
  const [shop] = await db.select({ homepageUrl: shops.homepageUrl }).from(shops).where(eq(shops.id, scope.shopId));
  const matches = senderFitsHomepage(sender.email, parseHomepage(shop?.homepageUrl ?? '')?.hostname ?? '');
  const [domainRow] = await db.select().from(senderDomains).where(scope.where(senderDomains));
  // The domain row belongs to the address's own domain; after an edit to another domain it is stale.
  const domain = domainRow && domainRow.domain === emailDomain(sender.email) ? domainRow : undefined;
  const domainVerified = matches && !!domain?.verifiedAt;
  return {
    fromName: sender.name,
    fromEmail: sender.email,
    emailVerified: matches && sender.status === 'verified',
    domain: domain?.domain ?? emailDomain(sender.email),
    domainVerified,
    dkim: domainVerified && domain
      ? { domainName: domain.domain, keySelector: domain.selector, privateKey: domain.privateKey }
      : null,
    returnPath: domainVerified && domain?.cnameCheck?.status === 'ok' ? `${BOUNCE_LOCAL_PART}@${domain.returnHost}` : null,
  };
}
