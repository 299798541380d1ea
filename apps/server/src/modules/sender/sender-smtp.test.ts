import { api } from '@storecast/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp } from '../../test/sign-up.ts';
import { startSmtpSink } from '../../test/smtp-sink.ts';
import { startTestApp, type TestApp } from '../../test/start-test-app.ts';

let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtpSink>>;

beforeAll(async () => {
  // A real SMTP server on loopback: the verification mail goes over the wire, not to the outbox.
  smtp = await startSmtpSink();
  t = await startTestApp({ smtpUrl: smtp.url(), publicUrl: 'https://app.storecast.test', mailFrom: 'verify@storecast.test' });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

/** Undoes quoted-printable soft line breaks and escapes, enough to read a link out of the body. */
const decodeQp = (s: string) => s.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16)));

describe('verification mail over SMTP', () => {
  it('arrives at the sender address and its link verifies the sender', async () => {
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
    const body = decodeQp(mail.raw);
    const link = body.match(/https:\/\/app\.storecast\.test\/api\/public\/sender\/confirm\?token=[\w-]+/)?.[0];
    expect(link).toBeTruthy();

    const u = new URL(link!);
    const page = await t.app.inject({ method: 'GET', url: `${u.pathname}${u.search}`, headers: { 'accept-language': 'en-US' } });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(`The sender email ${address} is verified.`);
    expect(page.body).toContain('https://app.storecast.test/store/sender-info');
    expect((await t.call(api.auth.info, { token })).body.data.sender).toMatchObject({ email: address, verify_info: 2 });
  });
});
