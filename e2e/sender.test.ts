import { type Locale, translateError } from '@storecast/contract';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DnsTestServer, startDnsTestServer } from '../apps/server/src/test/dns-test-server.ts';
import { launchBrowser, newContext, snap } from './support/browser.ts';
import { seedOwner, signInContext } from './support/seed-owner.ts';
import { type SinkMessage, startSmtpSink } from '../apps/server/src/test/smtp-sink.ts';
import { type RunningApp, startApp } from './support/start-app.ts';

/**
 * The sender story in the browser, once per language: add a sender address (an address off
 * the store's domain is refused first), the verification mail arrives over real SMTP, its link
 * verifies the address; then the domain page shows the two DNS records, a first check finds
 * them missing, and once they are published on a real DNS server the domain is verified.
 */
const CNAME_TARGET = 'bounces.storecast.test';
let app: RunningApp;
let browser: Browser;
let dns: DnsTestServer;
let smtp: Awaited<ReturnType<typeof startSmtpSink>>;

beforeAll(async () => {
  [dns, smtp, browser] = await Promise.all([startDnsTestServer(), startSmtpSink(), launchBrowser()]);
  app = await startApp({ smtpUrl: smtp.url(), dnsServers: [dns.address], mailCnameTarget: CNAME_TARGET });
});
afterAll(async () => {
  await browser?.close();
  await app?.close();
  await smtp?.close();
  await dns?.close();
});

/** Undoes quoted-printable soft breaks and escapes, enough to read the link out of a mail. */
const decodeQp = (s: string) => s.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16)));

async function mailTo(address: string): Promise<SinkMessage> {
  for (let i = 0; i < 100; i++) {
    const mail = smtp.messages.find((m) => m.to.includes(address));
    if (mail) return mail;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no mail to ${address}`);
}

describe.each<Locale>(['zh-CN', 'en-US'])('sender in %s', (lang) => {
  const err = (key: string, params: Record<string, string> = {}) => translateError(lang, key, params);
  const text = (s: string) => page.getByText(s, { exact: false }).first();
  const status = (testId: string) => page.getByTestId(testId).first().getAttribute('data-status');
  let page: Page;
  let domain: string;
  let address: string;

  beforeAll(async () => {
    const owner = await seedOwner(app, `Sender ${lang}`);
    domain = `sender${lang.replace('-', '').toLowerCase()}.example.com`;
    address = `news@${domain}`;
    const ctx = await newContext(browser, { locale: lang });
    await signInContext(ctx, owner.token, lang);
    page = await ctx.newPage();
  });

  it('refuses an address off the store domain with the server\'s sentence', async () => {
    await page.goto(`${app.baseUrl}/store/sender-info`);
    await page.getByTestId('sender-email').waitFor({ timeout: 90_000 });
    await page.getByTestId('sender-email').fill('news@other-shop.com');
    await page.getByTestId('sender-name').fill(`Sender ${lang}`);
    await page.getByTestId('sender-save').click();
    await text(err('errors.sender.domainMismatch', { domain: 'example.com' })).waitFor();
    await snap(page, lang, 'sender-01-domain-mismatch');
  });

  it('adds the sender; the mail arrives and its link verifies the address', async () => {
    await page.getByTestId('sender-email').fill(address);
    await page.getByTestId('sender-save').click();
    await page.locator('[data-testid="sender-status"][data-status="1"]').first().waitFor();
    // The resend button counts down first.
    expect(await page.getByTestId('sender-resend').isDisabled()).toBe(true);
    await snap(page, lang, 'sender-02-sent');

    const mail = await mailTo(address);
    const link = decodeQp(mail.raw.toString('utf8')).match(/https?:\/\/[^\s"<>]+\/api\/public\/sender\/confirm\?token=[\w-]+/)?.[0];
    expect(link, 'verification link in the mail').toBeTruthy();
    const u = new URL(link!);
    const confirm = await page.context().newPage();
    await confirm.goto(`${app.baseUrl}${u.pathname}${u.search}`);
    // Opening the link only asks: a mail scanner following it must not verify the address.
    await confirm.locator('[data-result="ask"]').waitFor();
    expect(await confirm.textContent('body')).toContain(address);
    await snap(confirm, lang, 'sender-03-link-asks');
    await confirm.getByTestId('sender-confirm-button').click();
    await confirm.locator('[data-result="verified"]').waitFor();
    expect(await confirm.textContent('body')).toContain(address);
    await snap(confirm, lang, 'sender-04-link-verified');
    await confirm.close();

    await page.reload();
    await page.locator('[data-testid="sender-status"][data-status="2"]').first().waitFor();
    expect(await page.getByTestId('sender-email-value').textContent()).toBe(address);
  });

  it('shows the domain records, finds them missing, then verifies them once published', async () => {
    await page.getByTestId('sender-domain-link').click();
    await page.waitForURL(/\/store\/verify-sender-domain$/);
    await page.getByTestId('domain-record-txt').waitFor();
    await page.getByTestId('domain-record-cname').waitFor();
    const txtHost = (await page.getByTestId('domain-host-txt').textContent())!.trim();
    const txtValue = (await page.getByTestId('domain-value-txt').textContent())!.trim();
    const cnameHost = (await page.getByTestId('domain-host-cname').textContent())!.trim();
    const cnameValue = (await page.getByTestId('domain-value-cname').textContent())!.trim();
    expect(txtHost).toMatch(new RegExp(`^sc[0-9a-f]{8}\\._domainkey\\.${domain.replace(/\./g, '\\.')}$`));
    expect(txtValue).toMatch(/^v=DKIM1; k=rsa; p=[A-Za-z0-9+/=]{300,}$/);
    expect(cnameHost).toBe(`sc-mail.${domain}`);
    expect(cnameValue).toBe(CNAME_TARGET);
    expect(await status('domain-result-txt')).toBe('unchecked');
    await snap(page, lang, 'sender-05-domain-records');

    await page.getByTestId('domain-verify').click();
    await page.locator('[data-testid="domain-result-txt"][data-status="missing"]').waitFor();
    expect(await status('domain-result-cname')).toBe('missing');
    expect(await status('domain-result-dmarc')).toBe('missing');
    await text(err('notices.sender.domainNotVerified')).waitFor();

    dns.set(txtHost, 'TXT', [txtValue]);
    dns.set(cnameHost, 'CNAME', [cnameValue]);
    dns.set(`_dmarc.${domain}`, 'TXT', ['v=DMARC1; p=none']);
    await page.getByTestId('domain-verify').click();
    await page.locator('[data-testid="domain-result-txt"][data-status="ok"]').waitFor();
    expect(await status('domain-result-cname')).toBe('ok');
    expect(await status('domain-result-dmarc')).toBe('ok');
    expect(await status('domain-result-spf')).toBe('missing');
    expect(await status('domain-status')).toBe('2');
    await page.getByTestId('domain-verified').waitFor();
    await snap(page, lang, 'sender-06-domain-verified');
  });
});
