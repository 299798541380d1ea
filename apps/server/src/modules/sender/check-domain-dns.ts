import { Resolver } from 'node:dns/promises';
import type { DnsRecordCheck } from '@storecast/db';

/**
 * A resolver on the configured servers (`host` or `host:port`, as node's `setServers` takes
 * them), or the system's when none are configured. Short timeouts: the admin waits for the answer.
 */
export function makeResolver(servers: string[]): Resolver {
  const resolver = new Resolver({ timeout: 3000, tries: 2 });
  if (servers.length) resolver.setServers(servers);
  return resolver;
}

// Codes that mean "the name or this record type does not exist", as opposed to a failed lookup.
const ABSENT = new Set(['ENOTFOUND', 'ENODATA', 'ENONAME', 'NXDOMAIN']);

async function lookup(fn: () => Promise<string[]>): Promise<{ found: string[]; failed: boolean }> {
  try {
    return { found: await fn(), failed: false };
  } catch (err) {
    const code = (err as { code?: string }).code ?? '';
    return { found: [], failed: !ABSENT.has(code) };
  }
}

/** TXT records of a name, each record's strings joined (long DKIM keys are split into chunks). */
const txt = (r: Resolver, host: string) => lookup(async () => (await r.resolveTxt(host)).map((chunks) => chunks.join('')));

const check = (status: DnsRecordCheck['status'], found: string[]): DnsRecordCheck => ({
  status, found, checkedAt: new Date().toISOString(),
});

/** Tags of a DKIM/DMARC record: `v=DKIM1; k=rsa; p=AB CD` -> { v: 'DKIM1', k: 'rsa', p: 'ABCD' }. */
function tags(record: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const part of record.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    out[part.slice(0, eq).trim().toLowerCase()] = part.slice(eq + 1).replace(/\s+/g, '');
  }
  return out;
}

/** The DKIM TXT record is right when one record carries our public key (other tags may vary). */
export async function checkDkim(r: Resolver, host: string, publicKey: string): Promise<DnsRecordCheck> {
  const { found, failed } = await txt(r, host);
  if (failed) return check('error', found);
  if (!found.length) return check('missing', found);
  return check(found.some((v) => tags(v).p === publicKey) ? 'ok' : 'wrong', found);
}

/** The CNAME is right when it points to the target (case and a trailing dot do not matter). */
export async function checkCname(r: Resolver, host: string, target: string): Promise<DnsRecordCheck> {
  const { found, failed } = await lookup(() => r.resolveCname(host));
  if (failed) return check('error', found);
  if (!found.length) return check('missing', found);
  const norm = (h: string) => h.toLowerCase().replace(/\.$/, '');
  return check(found.some((h) => norm(h) === norm(target)) ? 'ok' : 'wrong', found);
}

const spfRecords = (found: string[]) => found.filter((v) => /^v=spf1(\s|$)/i.test(v.trim()));

/**
 * SPF: exactly one `v=spf1` TXT record at the domain (two make SPF fail with a permerror). When
 * it delegates to our mail host (`include:<mailHost>`), that host must publish an SPF record of
 * its own, or the include is a permerror at the receiver: then the check is `wrong`, and `found`
 * says which host lacks its record (the installation's operator publishes it, not the store).
 */
export async function checkSpf(r: Resolver, domain: string, mailHost?: string): Promise<DnsRecordCheck> {
  const { found, failed } = await txt(r, domain);
  if (failed) return check('error', found);
  const spf = spfRecords(found);
  if (!spf.length) return check('missing', spf);
  if (spf.length !== 1) return check('wrong', spf);
  const host = mailHost?.toLowerCase().replace(/\.$/, '');
  const includes = spf[0]!.toLowerCase().split(/\s+/).some((term) => term.replace(/^[+?~-]/, '') === `include:${host}`);
  if (!host || !includes) return check('ok', spf);
  const included = await txt(r, host);
  if (included.failed) return check('error', [...spf, `${host}: DNS lookup failed`]);
  if (spfRecords(included.found).length !== 1) return check('wrong', [...spf, `${host}: no SPF record (v=spf1) published`]);
  return check('ok', spf);
}

/** DMARC: a `v=DMARC1` record with a policy at `_dmarc.<domain>` (p=none is enough for Gmail and Yahoo). */
export async function checkDmarc(r: Resolver, domain: string): Promise<DnsRecordCheck> {
  const { found, failed } = await txt(r, `_dmarc.${domain}`);
  if (failed) return check('error', found);
  const dmarc = found.filter((v) => /^v=DMARC1/i.test(v.trim()));
  if (!dmarc.length) return check('missing', dmarc);
  return check(dmarc.length === 1 && /^(none|quarantine|reject)$/i.test(tags(dmarc[0]!).p ?? '') ? 'ok' : 'wrong', dmarc);
}
