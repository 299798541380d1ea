import { emailDomain } from '@storecast/contract';
import { registrableDomainOf, senderFitsHomepage } from './registrable-domain.ts';
import { senderDomains, type ShopScope } from '@storecast/db';
import { eq, sql } from 'drizzle-orm';
import type { Deps } from '../../deps.ts';
import { AppError } from '../../http/app-error.ts';
import { checkCname, checkDkim, checkDmarc, checkSpf, makeResolver } from './check-domain-dns.ts';
import { generateDkimKey } from './generate-dkim-key.ts';
import { homepageHost, readDomain, readSender } from './read-sender-lists.ts';

/** Label of the return-path / tracking host under the sender domain. */
export const RETURN_HOST_LABEL = 'sc-mail';

async function senderDomainOf(deps: Deps, scope: ShopScope): Promise<string> {
  const sender = await readSender(deps.dbh.db, scope);
  if (!sender) throw new AppError('errors.sender.none', 404);
  const host = await homepageHost(deps.dbh.db, scope);
  if (!senderFitsHomepage(sender.email, host)) {
    throw new AppError('errors.sender.domainMismatch', 400, undefined, { domain: host ? registrableDomainOf(host) : '' });
  }
  return emailDomain(sender.email);
}

/**
 * Issues the two records for the sender's domain: a DKIM key (TXT) and the return-path host
 * (CNAME). Asking again keeps the key already issued for the same domain, so records the store
 * has published stay right.
 */
export async function issueDomainRecords(deps: Deps, scope: ShopScope) {
  const domain = await senderDomainOf(deps, scope);
  const db = deps.dbh.db;
  const existing = await readDomain(db, scope);
  if (existing?.domain === domain) return existing;
  const key = await generateDkimKey();
  const row = {
    domain, selector: key.selector, privateKey: key.privateKey, publicKey: key.publicKey,
    returnHost: `${RETURN_HOST_LABEL}.${domain}`, cnameTarget: deps.config.mailCnameTarget,
    dkimCheck: null, cnameCheck: null, spfCheck: null, dmarcCheck: null, checkedAt: null, verifiedAt: null,
  };
  // One domain per store: a row for another domain (left from an older address) is replaced.
  const [saved] = await db
    .insert(senderDomains)
    .values(scope.values(row))
    .onConflictDoUpdate({ target: senderDomains.shopId, set: row, setWhere: sql`${senderDomains.domain} <> ${domain}` })
    .returning();
  return saved ?? (await readDomain(db, scope))!;
}

/**
 * Looks both records up in DNS (and SPF and DMARC as advice) and stores the results. The
 * domain is verified while both required records are right; a later check that finds them
 * gone takes verification back, since mail would then fail DKIM.
 */
export async function completeDomainVerification(deps: Deps, scope: ShopScope): Promise<boolean> {
  const row = await issueDomainRecords(deps, scope);
  const resolver = makeResolver(deps.config.dnsServers);
  const [dkim, cname, spf, dmarc] = await Promise.all([
    checkDkim(resolver, `${row.selector}._domainkey.${row.domain}`, row.publicKey),
    checkCname(resolver, row.returnHost, row.cnameTarget),
    checkSpf(resolver, row.domain, row.cnameTarget),
    checkDmarc(resolver, row.domain),
  ]);
  const verified = dkim.status === 'ok' && cname.status === 'ok';
  await deps.dbh.db
    .update(senderDomains)
    .set({
      dkimCheck: dkim, cnameCheck: cname, spfCheck: spf, dmarcCheck: dmarc, checkedAt: sql`now()`,
      verifiedAt: verified ? (row.verifiedAt ?? sql`now()`) : null,
    })
    .where(scope.where(senderDomains, eq(senderDomains.id, row.id)));
  return verified;
}
