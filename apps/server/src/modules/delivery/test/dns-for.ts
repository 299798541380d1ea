/**
 * A mailauth `resolver` answering for one seeded sender domain: its DKIM key, a DMARC policy,
 * and SPF records allowing loopback for the domain and its return-path host. Anything else is
 * NXDOMAIN, so a check that depended on other names would fail.
 */
export function dnsFor(seed: { domain: string; selector: string; publicKey: string }) {
  const txt: Record<string, string> = {
    [`${seed.selector}._domainkey.${seed.domain}`]: `v=DKIM1; k=rsa; p=${seed.publicKey}`,
    [`_dmarc.${seed.domain}`]: 'v=DMARC1; p=reject; adkim=r; aspf=r',
    [seed.domain]: 'v=spf1 ip4:127.0.0.1 -all',
    [`sc-mail.${seed.domain}`]: 'v=spf1 ip4:127.0.0.1 -all',
  };
  return async (name: string, rr: string) => {
    const v = rr === 'TXT' ? txt[name.toLowerCase()] : undefined;
    if (v === undefined) throw Object.assign(new Error(`no ${rr} for ${name}`), { code: 'ENOTFOUND' });
    return [[v]];
  };
}
