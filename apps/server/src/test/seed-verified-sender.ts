import { emailDomain, parseHomepage } from '@storecast/contract';
import { registrableDomainOf } from '../modules/sender/registrable-domain.ts';
import { type DbHandle, senderDomains, senders, shops } from '@storecast/db';
import { eq } from 'drizzle-orm';
import { generateDkimKey } from '../modules/sender/generate-dkim-key.ts';

/**
 * Writes a verified sender and a verified sender domain for a store, with a freshly generated
 * DKIM key, as if the owner had clicked the link and published both records. The address
 * defaults to `news@` the store homepage's registrable domain. Tests of sending verify DKIM
 * signatures against the returned public key.
 */
export async function seedVerifiedSender(
  dbh: DbHandle,
  shopId: string,
  opts: { email?: string; name?: string } = {},
): Promise<{ domain: string; selector: string; publicKey: string }> {
  const [shop] = await dbh.db.select().from(shops).where(eq(shops.id, shopId));
  if (!shop) throw new Error(`seedVerifiedSender: no store ${shopId}`);
  const email = (opts.email ?? `news@${registrableDomainOf(parseHomepage(shop.homepageUrl)!.hostname)}`).toLowerCase();
  const domain = emailDomain(email);
  const key = await generateDkimKey();
  const now = new Date();
  const ok = { status: 'ok' as const, found: [], checkedAt: now.toISOString() };
  await dbh.db.delete(senders).where(eq(senders.shopId, shopId));
  await dbh.db.delete(senderDomains).where(eq(senderDomains.shopId, shopId));
  await dbh.db.insert(senders).values({
    shopId, email, name: opts.name ?? shop.name, status: 'verified', verifiedAt: now,
  });
  await dbh.db.insert(senderDomains).values({
    shopId, domain, selector: key.selector, privateKey: key.privateKey, publicKey: key.publicKey,
    returnHost: `sc-mail.${domain}`, cnameTarget: 'bounces.storecast.test',
    dkimCheck: ok, cnameCheck: ok, spfCheck: ok, dmarcCheck: ok, checkedAt: now, verifiedAt: now,
  });
  return { domain, selector: key.selector, publicKey: key.publicKey };
}
