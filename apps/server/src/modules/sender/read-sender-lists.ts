import {
  emailDomain, parseHomepage, SENDER_RESEND_SECONDS, type SenderDomainInfo, type SenderLists,
} from '@storecast/contract';
import { registrableDomainOf, senderFitsHomepage } from './registrable-domain.ts';
import { type Db, type DnsRecordCheck, senderDomains, senders, shops, type ShopScope } from '@storecast/db';
import { eq } from 'drizzle-orm';
import { dkimRecordValue } from './generate-dkim-key.ts';

type SenderRow = typeof senders.$inferSelect;
type DomainRow = typeof senderDomains.$inferSelect;

/** Host name of the store homepage, or '' when it cannot be parsed. */
export async function homepageHost(db: Db, scope: ShopScope): Promise<string> {
  const [shop] = await db.select({ homepageUrl: shops.homepageUrl }).from(shops).where(eq(shops.id, scope.shopId));
  return parseHomepage(shop?.homepageUrl ?? '')?.hostname ?? '';
}

export const readSender = async (db: Db, scope: ShopScope) =>
  (await db.select().from(senders).where(scope.where(senders)))[0];

export const readDomain = async (db: Db, scope: ShopScope) =>
  (await db.select().from(senderDomains).where(scope.where(senderDomains)))[0];

const iso = (d: Date | null | undefined) => (d ? d.toISOString() : '');
const unchecked = { status: 'unchecked' as const, found: [] as string[] };
const result = (c: DnsRecordCheck | null) => (c ? { status: c.status, found: c.found } : unchecked);

/** Seconds until another verification mail may go out. */
export function resendAfter(sender: SenderRow | undefined, now = Date.now()): number {
  if (!sender?.tokenSentAt || sender.status === 'verified') return 0;
  const left = sender.tokenSentAt.getTime() + SENDER_RESEND_SECONDS * 1000 - now;
  return left > 0 ? Math.ceil(left / 1000) : 0;
}

export function domainInfo(domain: string, row: DomainRow | undefined): SenderDomainInfo {
  if (!row) return { domain, status: 0, records: [], advice: [], checked_at: '', verified_at: '' };
  const dkimHost = `${row.selector}._domainkey.${row.domain}`;
  const label = (host: string) => host.slice(0, -(row.domain.length + 1));
  return {
    domain: row.domain,
    status: row.verifiedAt ? 2 : 1,
    records: [
      { type: 'txt', host: dkimHost, host_label: label(dkimHost), value: dkimRecordValue(row.publicKey), ...result(row.dkimCheck) },
      { type: 'cname', host: row.returnHost, host_label: label(row.returnHost), value: row.cnameTarget, ...result(row.cnameCheck) },
    ],
    advice: [
      // Include of the CNAME target lets receivers that check SPF on the From domain pass too.
      { type: 'spf', host: row.domain, ...result(row.spfCheck), suggestion: `v=spf1 include:${row.cnameTarget} ~all` },
      { type: 'dmarc', host: `_dmarc.${row.domain}`, ...result(row.dmarcCheck), suggestion: `v=DMARC1; p=none; rua=mailto:dmarc@${row.domain}` },
    ],
    checked_at: iso(row.checkedAt),
    verified_at: iso(row.verifiedAt),
  };
}

/**
 * The sender page's data. A sender that no longer fits the homepage domain is reported as not
 * verified with `domain_mismatch`, so the page warns and the store edits it (SPEC 5).
 */
export async function readSenderLists(db: Db, scope: ShopScope): Promise<SenderLists> {
  const host = await homepageHost(db, scope);
  const sender = await readSender(db, scope);
  const mismatch = !!sender && !senderFitsHomepage(sender.email, host);
  const domainName = sender ? emailDomain(sender.email) : '';
  const domainRow = await readDomain(db, scope);
  const domain = domainInfo(domainName, domainRow && domainRow.domain === domainName ? domainRow : undefined);
  if (mismatch && domain.status === 2) domain.status = 1;
  return {
    sender: {
      status: !sender ? 0 : sender.status === 'verified' && !mismatch ? 2 : 1,
      email: sender?.email ?? '',
      name: sender?.name ?? '',
      sent_at: iso(sender?.tokenSentAt),
      resend_after: resendAfter(sender),
      verified_at: mismatch ? '' : iso(sender?.verifiedAt),
    },
    domain,
    homepage_domain: host ? registrableDomainOf(host) : '',
    domain_mismatch: mismatch,
  };
}
