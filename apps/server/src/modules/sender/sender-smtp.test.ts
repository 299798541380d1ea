import { writeFileSync } from 'node:fs';
import { mkdtempSync } from 'node:fs';
import { Resolver } from 'node:dns/promises';
import os from 'node:os';
import path from 'node:path';
import { api } from '@storecast/contract';
import { authenticate } from 'mailauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import { startDnsTestServer, type DnsTestServer } from '../../test/dns-test-server.ts';
import { signUp } from '../../test/sign-up.ts';
import { startSmtpSink } from '../../test/smtp-sink.ts';
import { startTestApp, type TestApp } from '../../test/start-test-app.ts';
import { generateDkimKey } from './generate-dkim-key.ts';

let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtpSink>>;
let dns: DnsTestServer;
let publicKey: string;

beforeAll(async () => {
  // A real SMTP server on loopback: the verification mail goes over the wire, not to the outbox.
  smtp = await startSmtpSink();
  dns = await startDnsTestServer();
  // The product's own key, configured as an operator would: a PEM file named in the environment.
  const key = await generateDkimKey();
  publicKey = key.publicKey;
  const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'storecast-dkim-')), 'system-dkim.pem');
  writeFileSync(file, key.privateKey);
  const configured = loadConfig({
    PUBLIC_URL: 'https://app.storecast.test',
    MAIL_FROM: 'Verify@Storecast.test',
    SYSTEM_DKIM_DOMAIN: 'storecast.test',
    SYSTEM_DKIM_SELECTOR: 'sys2026',
    SYSTEM_DKIM_KEY: file,
  });
  t = await startTestApp({ smtpUrl: smtp.url(), publicUrl: configured.publicUrl, mailFrom: configured.mailFrom, systemDkim: configured.systemDkim });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
  await dns.close();
});

/** Undoes quoted-printable soft line breaks and escapes, enough to read a link out of the body. */
const decodeQp = (s: string) => s.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16)));

/** mailauth's DNS lookups, answered by the DNS test server over UDP. */
function resolverOf(server: DnsTestServer) {
  const r = new Resolver({ timeout: 2000, tries: 1 });
  r.setServers([server.address]);
  return (name: string, rr: string) => r.resolve(name, rr as 'TXT') as Promise<string[][]>;
}

describe('verification mail over SMTP', () => {
  it('arrives from the configured sender, DKIM-signed, and its link asks before it verifies', async () => {
    const { token } = await signUp(t);
    const home = (await t.call(api.shop.info, { token })).body.data.homepage_url;
    const address = `owner@${new URL(home).hostname}`;
    const res = await t.call(api.sender.add, { token, body: { email: address, name: 'Wire Shop' }, lang: 'zh-CN' });
    expect(res.body.code, res.body.msg).toBe(100);
    expect(res.body.msg).toBe('验证邮件已发送，请查收。');
    expect(smtp.messages).toHaveLength(1);
    const mail = { ...smtp.messages[0]!, raw: smtp.messages[0]!.raw.toString('utf8') };
    expect(mail.to).toEqual([address]);
    expect(mail.from).toBe('verify@storecast.test');
    expect(mail.raw).toMatch(/^From: Storecast <verify@storecast\.test>$/m);
    expect(mail.raw).toMatch(/^Subject: =\?UTF-8\?/m);

    // Signed with the configured key: a verifier finds the key in DNS and the signature passes.
    dns.set('sys2026._domainkey.storecast.test', 'TXT', [`v=DKIM1; k=rsa; p=${publicKey}`]);
    const auth = await authenticate(smtp.messages[0]!.raw, {
      ip: '127.0.0.1', helo: 'mx.storecast.test', sender: mail.from, mta: 'mx.test', resolver: resolverOf(dns),
    });
    const sig = auth.dkim.results[0]!;
    expect(sig.status.result).toBe('pass');
    expect(sig.signingDomain).toBe('storecast.test');
    expect(sig.selector).toBe('sys2026');

    const body = decodeQp(mail.raw);
    const link = body.match(/https:\/\/app\.storecast\.test\/api\/public\/sender\/confirm\?token=[\w-]+/)?.[0];
    expect(link).toBeTruthy();
    const u = new URL(link!);
    const page = await t.app.inject({ method: 'GET', url: `${u.pathname}${u.search}`, headers: { 'accept-language': 'en-US' } });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('data-result="ask"');
    expect((await t.call(api.auth.info, { token })).body.data.sender).toMatchObject({ email: address, verify_info: 1 });
    const done = await t.app.inject({
      method: 'POST', url: u.pathname, headers: { 'accept-language': 'en-US', 'content-type': 'application/x-www-form-urlencoded' },
      payload: `token=${u.searchParams.get('token')}`,
    });
    expect(done.statusCode).toBe(200);
    expect(done.body).toContain(`The sender email ${address} is verified.`);
    expect(done.body).toContain('https://app.storecast.test/store/sender-info');
    expect((await t.call(api.auth.info, { token })).body.data.sender).toMatchObject({ email: address, verify_info: 2 });
  });
});
