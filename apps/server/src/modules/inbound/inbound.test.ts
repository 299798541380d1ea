import { createHmac } from 'node:crypto';
import { createServer, type AddressInfo } from 'node:net';
import { api } from '@storecast/contract';
import { deliveries, pendingFeedback, subscribers } from '@storecast/db';
import { eq } from 'drizzle-orm';
import { authenticate } from 'mailauth';
import nodemailer from 'nodemailer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedVerifiedSender } from '../../test/seed-verified-sender.ts';
import { signUp } from '../../test/sign-up.ts';
import { type SinkMessage, startSmtpSink } from '../../test/smtp-sink.ts';
import { startTestApp, type TestApp } from '../../test/start-test-app.ts';
import { appSecret } from '../delivery/index.ts';
import { dnsFor } from '../delivery/test/dns-for.ts';
import { addSubscribers, ALL, DOC, headersOf, setVolume, waitFor } from '../delivery/test/fixtures.ts';

/**
 * Mail coming back: a small send goes out through a loopback SMTP sink with VERP envelope
 * senders; then bounces, a complaint and a mailto unsubscribe are delivered over SMTP to the
 * worker's inbound listener, and the rows, the subscribers and the report follow.
 */
let t: TestApp;
let sink: Awaited<ReturnType<typeof startSmtpSink>>;
let owner: { token: string; shopId: string };
let seed: Awaited<ReturnType<typeof seedVerifiedSender>>;
let inboundPort = 0;
let strategyId = '';
let returnHost = '';
/** Mail to this address is taken by the sink only when `releaseHeld` is called. */
const HELD = 'held0@inbox.example.org';
let releaseHeld = () => {};
const held = new Promise<void>((resolve) => { releaseHeld = resolve; });

async function freePort(): Promise<number> {
  const srv = createServer();
  await new Promise<void>((resolve) => srv.listen(0, '127.0.0.1', resolve));
  const { port } = srv.address() as AddressInfo;
  await new Promise<void>((resolve) => srv.close(() => resolve()));
  return port;
}

beforeAll(async () => {
  sink = await startSmtpSink({ hold: (to) => (to.includes(HELD) ? held : null) });
  inboundPort = await freePort();
  t = await startTestApp({
    smtpUrl: sink.url(2), publicUrl: 'https://mail.storecast.test', inboundSmtp: { host: '127.0.0.1', port: inboundPort },
  }, { worker: true });
  owner = await signUp(t, { name: 'Inbound Tea' });
  seed = await seedVerifiedSender(t.deps.dbh, owner.shopId);
  returnHost = `sc-mail.${seed.domain}`;
  await setVolume(t.deps.dbh, owner.shopId, 20);
  await addSubscribers(t.deps.dbh, owner.shopId, 6, 'in');
}, 60_000);
afterAll(async () => {
  releaseHeld();
  await t?.close();
  await sink?.close();
});

const messageTo = (email: string): SinkMessage => sink.messages.find((m) => m.to.includes(email))!;
const subscriberStatus = async (email: string) => (await t.deps.dbh.db.select().from(subscribers).where(eq(subscribers.email, email)))[0]!.status;
const deliveryTo = async (email: string) => (await t.deps.dbh.db.select().from(deliveries).where(eq(deliveries.email, email)))[0]!;

/** Hands a raw message to the inbound listener as another mail server would (null sender, like a DSN). */
async function deliverInbound(to: string, raw: string, from = '') {
  const tx = nodemailer.createTransport({ host: '127.0.0.1', port: inboundPort, secure: false, ignoreTLS: true });
  try {
    return await tx.sendMail({ envelope: { from, to }, raw });
  } finally {
    tx.close();
  }
}

/** The header section of a sent message, as a report quotes it. */
const headerSection = (m: SinkMessage) => m.raw.toString('latin1').split(/\r?\n\r?\n/)[0]!;

function dsn(recipient: string, original: SinkMessage, action: 'failed' | 'delayed', status: string) {
  return [
    `From: Mail Delivery System <MAILER-DAEMON@mx.inbox.example.org>`,
    `To: ${original.from}`,
    `Subject: ${action === 'failed' ? 'Undelivered Mail Returned to Sender' : 'Delayed Mail (still being retried)'}`,
    'Date: Sun, 22 Nov 2026 10:00:00 +0000',
    'Message-ID: <dsn-1@mx.inbox.example.org>',
    'Auto-Submitted: auto-replied',
    'MIME-Version: 1.0',
    'Content-Type: multipart/report; report-type=delivery-status; boundary="dsn-boundary"',
    '',
    '--dsn-boundary',
    'Content-Type: text/plain; charset=us-ascii',
    '',
    `Your message to <${recipient}> could not be delivered.`,
    '',
    '--dsn-boundary',
    'Content-Type: message/delivery-status',
    '',
    'Reporting-MTA: dns; mx.inbox.example.org',
    'Arrival-Date: Sun, 22 Nov 2026 09:59:58 +0000',
    '',
    `Final-Recipient: rfc822; ${recipient}`,
    `Original-Recipient: rfc822;${recipient}`,
    `Action: ${action}`,
    `Status: ${status}`,
    'Remote-MTA: dns; inbox.example.org',
    `Diagnostic-Code: smtp; ${status.startsWith('5') ? '550' : '451'} ${status} mailbox`,
    '  unavailable',
    '',
    '--dsn-boundary',
    'Content-Type: text/rfc822-headers',
    '',
    headerSection(original),
    '',
    '--dsn-boundary--',
    '',
  ].join('\r\n');
}

function arf(original: SinkMessage, feedbackType = 'abuse') {
  return [
    'From: Feedback Loop <fbl@isp.example.net>',
    `To: bounce@${returnHost}`,
    'Subject: FW: complaint',
    'Date: Sun, 22 Nov 2026 11:00:00 +0000',
    'MIME-Version: 1.0',
    'Content-Type: multipart/report; report-type=feedback-report; boundary="arf-boundary"',
    '',
    '--arf-boundary',
    'Content-Type: text/plain; charset=us-ascii',
    '',
    'This is an email abuse report for an email message received from IP 127.0.0.1.',
    '',
    '--arf-boundary',
    'Content-Type: message/feedback-report',
    '',
    `Feedback-Type: ${feedbackType}`,
    'User-Agent: ExampleFBL/1.0',
    'Version: 1',
    'Source-IP: 127.0.0.1',
    `Original-Mail-From: <${original.from}>`,
    '',
    '--arf-boundary',
    'Content-Type: message/rfc822',
    'Content-Disposition: inline',
    '',
    original.raw.toString('latin1').replace(/\r?\n$/, ''),
    '',
    '--arf-boundary--',
    '',
  ].join('\r\n');
}

describe('inbound mail', () => {
  it('sends with a signed VERP envelope sender on the return-path host, still passing SPF and DMARC', async () => {
    const res = await t.call(api.strategy.save, {
      token: owner.token,
      body: { name: 'Inbound', title: 'Hello {{first_name|friend}}', segment_ids: [ALL], content: DOC, send_mode: 'now' },
    });
    expect(res.body.code, res.body.msg).toBe(100);
    strategyId = res.body.data.id;
    const done = await waitFor(async () => {
      const d = await t.call(api.strategy.detail, { token: owner.token, query: { id: strategyId } });
      return d.body.data.status === 'completed' && d.body.data;
    });
    expect(done.stats).toMatchObject({ recipients: 6, sent: 6, delivered: 6, bounced: 0, complaints: 0 });
    const froms = new Set(sink.messages.map((m) => m.from));
    expect(froms.size).toBe(6);
    for (const from of froms) expect(from).toMatch(new RegExp(`^bounce\\+[0-9a-f]{32}\\.[0-9a-f]{20}@sc-mail\\.${seed.domain.replace(/\./g, '\\.')}$`));
    const m = messageTo('in0@inbox.example.org');
    const r = await authenticate(m.raw, { ip: '127.0.0.1', helo: 'mail.storecast.test', sender: m.from, mta: 'mx.test', resolver: dnsFor(seed) });
    expect(r.spf && r.spf.status.result).toBe('pass');
    expect(r.dmarc && r.dmarc.status.result).toBe('pass');
    // The listener reads unsubscribe@, so the mailto form is offered beside the https link, signed.
    expect(headersOf(m.raw).get('list-unsubscribe')).toMatch(new RegExp(`^<https://mail\\.storecast\\.test/api/public/unsubscribe/[^>]+>, <mailto:unsubscribe@${returnHost.replace(/\./g, '\\.')}\\?subject=unsubscribe-[^>]+>$`));
    expect(r.dkim.results[0]!.status.result).toBe('pass');
    expect(String(headersOf(m.raw).get('dkim-signature')).replace(/\s+/g, '').toLowerCase()).toMatch(/h=[^;]*list-unsubscribe:/);
  });

  it('bounces a delivery on a permanent DSN, once, and ignores a delayed one', async () => {
    const failed = messageTo('in0@inbox.example.org');
    await deliverInbound(failed.from, dsn('in0@inbox.example.org', failed, 'failed', '5.1.1'));
    const d = await waitFor(async () => { const x = await deliveryTo('in0@inbox.example.org'); return x.status === 'bounced' && x; });
    expect(d.error).toContain('5.1.1');
    expect(d.sentAt).not.toBeNull();
    expect(await subscriberStatus('in0@inbox.example.org')).toBe('error');
    // The same report again changes nothing.
    await deliverInbound(failed.from, dsn('in0@inbox.example.org', failed, 'failed', '5.1.1'));
    expect((await deliveryTo('in0@inbox.example.org')).error).toBe(d.error);

    const slow = messageTo('in1@inbox.example.org');
    await deliverInbound(slow.from, dsn('in1@inbox.example.org', slow, 'delayed', '4.4.7'));
    expect((await deliveryTo('in1@inbox.example.org')).status).toBe('sent');
    expect(await subscriberStatus('in1@inbox.example.org')).toBe('subscribed');
  });

  it('records an ARF abuse report sent to the plain return path, naming the delivery by the quoted mail', async () => {
    const original = messageTo('in2@inbox.example.org');
    // Feedback other than abuse is no complaint.
    await deliverInbound(`bounce@${returnHost}`, arf(original, 'not-spam'), 'fbl@isp.example.net');
    expect((await deliveryTo('in2@inbox.example.org')).complainedAt).toBeNull();
    await deliverInbound(`bounce@${returnHost}`, arf(original), 'fbl@isp.example.net');
    const first = (await deliveryTo('in2@inbox.example.org')).complainedAt;
    expect(first).not.toBeNull();
    expect(await subscriberStatus('in2@inbox.example.org')).toBe('complaint');
    await deliverInbound(`bounce@${returnHost}`, arf(original), 'fbl@isp.example.net');
    expect((await deliveryTo('in2@inbox.example.org')).complainedAt).toEqual(first);
  });

  it('unsubscribes on a mail to the List-Unsubscribe mailto address', async () => {
    const header = headersOf(messageTo('in3@inbox.example.org').raw).get('list-unsubscribe')!;
    const [, to, subject] = /<mailto:([^?>]+)\?subject=([^>]+)>/.exec(header)!;
    await deliverInbound(to!, `From: in3@inbox.example.org\r\nTo: ${to}\r\nSubject: ${subject}\r\n\r\nThis message was automatically generated by Gmail.\r\n`, 'in3@inbox.example.org');
    expect((await deliveryTo('in3@inbox.example.org')).unsubscribedAt).not.toBeNull();
    expect(await subscriberStatus('in3@inbox.example.org')).toBe('unsubscribed');
    // A token changed by hand unsubscribes nobody; the mail is taken and dropped.
    const other = /\?subject=([^>]+)>/.exec(headersOf(messageTo('in4@inbox.example.org').raw).get('list-unsubscribe')!)![1]!;
    const forged = other.replace(/.(?=.{3}$)/, (c) => (c === 'A' ? 'B' : 'A'));
    await deliverInbound(to!, `From: in4@inbox.example.org\r\nTo: ${to}\r\nSubject: ${forged}\r\n\r\nhi\r\n`, 'in4@inbox.example.org');
    expect((await deliveryTo('in4@inbox.example.org')).unsubscribedAt).toBeNull();
    expect(await subscriberStatus('in4@inbox.example.org')).toBe('subscribed');
  });

  it('refuses other recipients, forged VERP tokens and oversized mail', async () => {
    const refused = async (to: string, raw = 'Subject: hi\r\n\r\nhi\r\n') => {
      const err = await deliverInbound(to, raw, 'someone@example.net').then(() => null, (e: { responseCode?: number }) => e);
      return err?.responseCode;
    };
    expect(await refused(`postmaster@${returnHost}`)).toBe(550);
    expect(await refused('bounce@sc-mail.not-ours.example')).toBe(550);
    const verp = messageTo('in4@inbox.example.org').from;
    expect(await refused(verp.replace(/^bounce\+\w/, (s) => (s.endsWith('a') ? 'bounce+b' : 'bounce+a')))).toBe(550);
    // The format older versions wrote (`<delivery id base 36>.<HMAC>`), even well signed, is refused.
    const id = (await deliveryTo('in4@inbox.example.org')).id.toString(36);
    const oldMac = createHmac('sha256', await appSecret(t.deps.config, t.deps.dbh)).update(`delivery:${id}`).digest().subarray(0, 16).toString('hex');
    expect(await refused(`bounce+${id}.${oldMac}@${returnHost}`)).toBe(550);
    // A server that folds the address to upper case still reaches us.
    expect(await refused(verp.toUpperCase())).toBeUndefined();
    // An auto-reply to the return path is ours to take, and nothing to act on.
    const auto = await deliverInbound(`bounce@${returnHost}`, `From: in5@inbox.example.org\r\nSubject: Out of office\r\n\r\nBack on Monday.\r\n`, 'in5@inbox.example.org');
    expect(auto.accepted).toEqual([`bounce@${returnHost}`]);
    expect(await refused(`bounce@${returnHost}`, `Subject: big\r\n\r\n${'x'.repeat(76)}\r\n`.repeat(15_000))).toBe(552);
    expect(await subscriberStatus('in4@inbox.example.org')).toBe('subscribed');
    expect(await subscriberStatus('in5@inbox.example.org')).toBe('subscribed');
  });

  it('reports delivered as sent minus bounced, with bounces, complaints and unsubscribes', async () => {
    const report = await t.call(api.strategy.report, { token: owner.token, query: { id: strategyId } });
    expect(report.body.code, report.body.msg).toBe(100);
    expect(report.body.data.strategy.stats).toMatchObject({ recipients: 6, sent: 6, delivered: 5, bounced: 1, complaints: 1, unsubscribed: 1 });
  });

  it('holds a DSN that arrives while its delivery is still being sent, and applies it with the outcome', async () => {
    await addSubscribers(t.deps.dbh, owner.shopId, 1, 'held');
    const res = await t.call(api.strategy.save, {
      token: owner.token, body: { name: 'Held', title: 'Hello again', segment_ids: [ALL], content: DOC, send_mode: 'now' },
    });
    expect(res.body.code, res.body.msg).toBe(100);
    // The sink has the mail but has not answered yet: the delivery is leased, `sending`.
    const original = await waitFor(async () => sink.messages.find((m) => m.to.includes(HELD)));
    expect((await deliveryTo(HELD)).status).toBe('sending');
    const r = await deliverInbound(original.from, dsn(HELD, original, 'failed', '5.1.1'));
    expect(r.accepted).toEqual([original.from]);
    // A complaint quoting that mail waits too (found by the unsubscribe link it quotes).
    await deliverInbound(`bounce@${returnHost}`, arf(original), 'fbl@isp.example.net');
    const pending = await t.deps.dbh.db.select().from(pendingFeedback);
    expect(pending.map((p) => p.kind).sort()).toEqual(['bounce', 'complaint']);
    expect((await deliveryTo(HELD)).status).toBe('sending');
    expect((await deliveryTo(HELD)).complainedAt).toBeNull();
    expect(await subscriberStatus(HELD)).toBe('subscribed');
    // The relay answers; the worker records `sent`, and the held report with it.
    releaseHeld();
    const d = await waitFor(async () => { const x = await deliveryTo(HELD); return x.status !== 'sending' && x; });
    expect(d.status).toBe('bounced');
    expect(d.error).toContain('5.1.1');
    expect(d.sentAt).not.toBeNull();
    expect(d.complainedAt).not.toBeNull();
    expect(await subscriberStatus(HELD)).toBe('error');
    expect(await t.deps.dbh.db.select().from(pendingFeedback)).toEqual([]);
    const done = await waitFor(async () => {
      const x = await t.call(api.strategy.detail, { token: owner.token, query: { id: res.body.data.id } });
      return x.body.data.status === 'completed' && x.body.data;
    });
    expect(done.stats).toMatchObject({ sent: 4, delivered: 3, bounced: 1, complaints: 1 });
  });
});
