import { api, type SenderLists } from '@storecast/contract';
import { senderDomains, shopScope } from '@storecast/db';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DnsTestServer, startDnsTestServer } from '../../test/dns-test-server.ts';
import { signUp } from '../../test/sign-up.ts';
import { startTestApp, type TestApp } from '../../test/start-test-app.ts';
import { findSendingIdentity } from './find-sending-identity.ts';
import { recheckSenderDomains } from './recheck-sender-domains.ts';

let t: TestApp;
let dns: DnsTestServer;
beforeAll(async () => {
  dns = await startDnsTestServer();
  t = await startTestApp({ dnsServers: [dns.address], mailCnameTarget: 'bounces.storecast.test' });
});
afterAll(async () => {
  await t.close();
  await dns.close();
});

async function storeWithSender(domain: string) {
  const s = await signUp(t);
  await t.call(api.shop.saveInfo, { token: s.token, body: { name: 'DNS Shop', homepage_url: `https://${domain}`, currency: 'USD', timezone: 'UTC' } });
  const add = await t.call(api.sender.add, { token: s.token, body: { email: `news@${domain}`, name: 'DNS Shop' } });
  expect(add.body.code, add.body.msg).toBe(100);
  return s;
}

const record = (d: SenderLists, type: 'txt' | 'cname') => d.domain.records.find((r) => r.type === type)!;
const advice = (d: SenderLists, type: 'spf' | 'dmarc') => d.domain.advice.find((r) => r.type === type)!;

describe('sender domain verification', () => {
  it('needs a sender first', async () => {
    const { token } = await signUp(t);
    const res = await t.call(api.sender.verifyDomain, { token, body: {} });
    expect(res.body.msg).toBe('Please add the sender email first.');
  });

  it('issues a DKIM TXT record and a return-path CNAME, and keeps them when asked again', async () => {
    const { token } = await storeWithSender('issue-tea.com');
    const res = await t.call(api.sender.verifyDomain, { token, body: {} });
    expect(res.body.code, res.body.msg).toBe(100);
    const d = res.body.data;
    expect(d.domain).toMatchObject({ domain: 'issue-tea.com', status: 1, checked_at: '' });
    const txt = record(d, 'txt');
    expect(txt.host).toMatch(/^sc[0-9a-f]{8}\._domainkey\.issue-tea\.com$/);
    expect(txt.host_label).toBe(txt.host.replace('.issue-tea.com', ''));
    expect(txt.value).toMatch(/^v=DKIM1; k=rsa; p=[A-Za-z0-9+/]{300,}={0,2}$/);
    expect(txt).toMatchObject({ status: 'unchecked', found: [] });
    expect(record(d, 'cname')).toMatchObject({ host: 'sc-mail.issue-tea.com', host_label: 'sc-mail', value: 'bounces.storecast.test' });
    expect(advice(d, 'dmarc')).toMatchObject({ host: '_dmarc.issue-tea.com', suggestion: 'v=DMARC1; p=none; rua=mailto:dmarc@issue-tea.com' });
    expect(advice(d, 'spf').suggestion).toBe('v=spf1 include:bounces.storecast.test ~all');
    const again = await t.call(api.sender.verifyDomain, { token, body: {} });
    expect(again.body.data.domain.records).toEqual(d.domain.records);
    expect((await t.call(api.auth.info, { token })).body.data.sender.verify_domain).toBe(1);
  });

  it('reports missing, wrong and right records from real DNS lookups, and verifies when both are right', async () => {
    const { token, shopId } = await storeWithSender('dns-tea.com');
    const issued = (await t.call(api.sender.verifyDomain, { token, body: {} })).body.data;
    const txt = record(issued, 'txt');
    const cname = record(issued, 'cname');

    // Nothing published.
    let res = await t.call(api.sender.completeVerifyDomain, { token, body: {} });
    expect(res.body.code).toBe(100);
    expect(res.body.msg).toContain('Some DNS records are missing or wrong.');
    expect(res.body.data.domain.status).toBe(1);
    expect(record(res.body.data, 'txt')).toMatchObject({ status: 'missing', found: [] });
    expect(record(res.body.data, 'cname')).toMatchObject({ status: 'missing', found: [] });
    expect(advice(res.body.data, 'spf').status).toBe('missing');
    expect(advice(res.body.data, 'dmarc').status).toBe('missing');
    expect(res.body.data.domain.checked_at).not.toBe('');

    // Wrong values: an old key and a CNAME to somewhere else; two SPF records.
    dns.set(txt.host, 'TXT', ['v=DKIM1; k=rsa; p=MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEAold']);
    dns.set(cname.host, 'CNAME', ['elsewhere.example.net']);
    dns.set('dns-tea.com', 'TXT', ['v=spf1 -all', 'v=spf1 include:_spf.example.com ~all', 'google-site-verification=abc']);
    res = await t.call(api.sender.completeVerifyDomain, { token, body: {}, lang: 'zh-CN' });
    expect(res.body.msg).toContain('部分 DNS 记录缺失或不正确');
    expect(record(res.body.data, 'txt')).toMatchObject({ status: 'wrong', found: ['v=DKIM1; k=rsa; p=MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEAold'] });
    expect(record(res.body.data, 'cname')).toMatchObject({ status: 'wrong', found: ['elsewhere.example.net'] });
    expect(advice(res.body.data, 'spf')).toMatchObject({ status: 'wrong', found: ['v=spf1 -all', 'v=spf1 include:_spf.example.com ~all'] });
    expect(res.body.data.domain.status).toBe(1);

    // Only the DKIM key right: still not verified (the CNAME is required too).
    dns.set(txt.host, 'TXT', [txt.value]);
    res = await t.call(api.sender.completeVerifyDomain, { token, body: {} });
    expect(record(res.body.data, 'txt').status).toBe('ok');
    expect(res.body.data.domain.status).toBe(1);
    expect((await findSendingIdentity(t.deps.dbh.db, shopScope(shopId)))?.domainVerified).toBe(false);

    // SPF delegating to the mail host is only as good as that host's own SPF record.
    dns.set('dns-tea.com', 'TXT', ['v=spf1 include:bounces.storecast.test ~all']);
    res = await t.call(api.sender.completeVerifyDomain, { token, body: {} });
    expect(advice(res.body.data, 'spf')).toMatchObject({
      status: 'wrong', found: ['v=spf1 include:bounces.storecast.test ~all', 'bounces.storecast.test: no SPF record (v=spf1) published'],
    });

    // Both right (the long key travels in 255-byte chunks), SPF and DMARC fixed.
    dns.set(cname.host, 'CNAME', ['Bounces.Storecast.Test.']);
    dns.set('bounces.storecast.test', 'TXT', ['v=spf1 ip4:127.0.0.1 -all']);
    dns.set('_dmarc.dns-tea.com', 'TXT', ['v=DMARC1; p=none']);
    res = await t.call(api.sender.completeVerifyDomain, { token, body: {} });
    expect(res.body.msg).toBe('Sender domain verified.');
    expect(res.body.data.domain.status).toBe(2);
    expect(res.body.data.domain.verified_at).not.toBe('');
    expect(res.body.data.domain.records.map((r) => r.status)).toEqual(['ok', 'ok']);
    expect(res.body.data.domain.advice.map((r) => r.status)).toEqual(['ok', 'ok']);
    expect((await t.call(api.auth.info, { token })).body.data.sender.verify_domain).toBe(2);
    const id = (await findSendingIdentity(t.deps.dbh.db, shopScope(shopId)))!;
    expect(id).toMatchObject({ domain: 'dns-tea.com', domainVerified: true, returnPath: 'bounce@sc-mail.dns-tea.com' });
    expect(id.dkim).toMatchObject({ domainName: 'dns-tea.com', keySelector: txt.host.split('.')[0] });

    // The key taken out of DNS later: verification is taken back at the next check.
    dns.set(txt.host, 'TXT', []);
    res = await t.call(api.sender.completeVerifyDomain, { token, body: {} });
    expect(res.body.data.domain.status).toBe(1);
    expect(record(res.body.data, 'txt').status).toBe('missing');
    expect((await findSendingIdentity(t.deps.dbh.db, shopScope(shopId)))).toMatchObject({ domainVerified: false, dkim: null, returnPath: null });
  });

  it('the worker re-checks domains checked over a day ago and takes verification back when records are gone', async () => {
    const stale = await storeWithSender('stale-tea.com');
    const fresh = await storeWithSender('fresh-tea.com');
    for (const s of [stale, fresh]) {
      const d = (await t.call(api.sender.verifyDomain, { token: s.token, body: {} })).body.data;
      dns.set(record(d, 'txt').host, 'TXT', [record(d, 'txt').value]);
      dns.set(record(d, 'cname').host, 'CNAME', [record(d, 'cname').value]);
      expect((await t.call(api.sender.completeVerifyDomain, { token: s.token, body: {} })).body.data.domain.status).toBe(2);
      dns.set(record(d, 'txt').host, 'TXT', []);
    }
    await t.deps.dbh.db.update(senderDomains).set({ checkedAt: sql`now() - interval '25 hours'` }).where(eq(senderDomains.shopId, stale.shopId));
    expect(await recheckSenderDomains(t.deps)).toBe(1);
    const staleNow = (await t.call(api.sender.lists, { token: stale.token })).body.data.domain;
    expect(staleNow.status).toBe(1);
    expect(staleNow.records.map((r) => r.status)).toEqual(['missing', 'ok']);
    // Checked within the day: left alone until its turn.
    expect((await t.call(api.sender.lists, { token: fresh.token })).body.data.domain.status).toBe(2);
    expect(await recheckSenderDomains(t.deps)).toBe(0);
  });

  it('reports a failed lookup as an error, not as a missing record', async () => {
    const broken = await startTestApp({ dnsServers: ['127.0.0.1:9'] });
    try {
      const s = await signUp(broken);
      const add = await broken.call(api.sender.add, { token: s.token, body: { email: `news@${new URL((await broken.call(api.shop.info, { token: s.token })).body.data.homepage_url).hostname}`, name: 'X' } });
      expect(add.body.code, add.body.msg).toBe(100);
      const res = await broken.call(api.sender.completeVerifyDomain, { token: s.token, body: {} });
      expect(res.body.code).toBe(100);
      expect(res.body.data.domain.records.map((r) => r.status)).toEqual(['error', 'error']);
      expect(res.body.data.domain.status).toBe(1);
    } finally {
      await broken.close();
    }
  }, 30_000);
});
