import { createPublicKey } from 'node:crypto';
import { api } from '@storecast/contract';
import { outboxMessages, senders, shopScope } from '@storecast/db';
import { desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedVerifiedSender } from '../../test/seed-verified-sender.ts';
import { signUp } from '../../test/sign-up.ts';
import { startTestApp, type TestApp } from '../../test/start-test-app.ts';
import { findSendingIdentity } from './find-sending-identity.ts';

let t: TestApp;
beforeAll(async () => void (t = await startTestApp()));
afterAll(() => t.close());

/** A store whose homepage is on `domain`, so its sender may use that domain. */
async function storeOn(domain: string) {
  const s = await signUp(t, { name: `Shop ${domain}` });
  const res = await t.call(api.shop.saveInfo, {
    token: s.token, body: { name: `Shop ${domain}`, homepage_url: `https://www.${domain}`, currency: 'USD', timezone: 'UTC' },
  });
  expect(res.body.code).toBe(100);
  return s;
}

/** The verification mails the outbox holds for an address, newest first. */
async function mailsTo(address: string) {
  return t.deps.dbh.db.select().from(outboxMessages).where(eq(outboxMessages.recipient, address)).orderBy(desc(outboxMessages.createdAt));
}

/** Path and query of the link in a verification mail (the app's public URL differs in tests). */
function linkOf(mail: { meta: Record<string, unknown>; body: string }) {
  const link = String(mail.meta.link);
  expect(mail.body).toContain(link);
  const u = new URL(link);
  return `${u.pathname}${u.search}`;
}

const openLink = (path: string, lang = 'en-US') => t.app.inject({ method: 'GET', url: path, headers: { 'accept-language': lang } });

/** What the page's button does: the token from the link, posted back as a form. */
const pressConfirm = (path: string, lang = 'en-US') => t.app.inject({
  method: 'POST', url: '/api/public/sender/confirm',
  headers: { 'accept-language': lang, 'content-type': 'application/x-www-form-urlencoded' },
  payload: `token=${encodeURIComponent(new URL(path, 'http://x').searchParams.get('token') ?? '')}`,
});

/** Lets the resend countdown run out without waiting a minute. */
const endCountdown = (shopId: string) =>
  t.deps.dbh.db.update(senders).set({ tokenSentAt: sql`now() - interval '61 seconds'` }).where(eq(senders.shopId, shopId));

describe('sender e-mail', () => {
  it('starts as not added, in the sender page and the session user', async () => {
    const { token, shopId } = await storeOn('plain-tea.com');
    const res = await t.call(api.sender.lists, { token });
    expect(res.body.code).toBe(100);
    expect(res.body.data).toMatchObject({
      sender: { status: 0, email: '', name: '', resend_after: 0 }, domain: { status: 0, records: [] },
      homepage_domain: 'plain-tea.com', domain_mismatch: false,
    });
    const user = (await t.call(api.auth.info, { token })).body.data;
    expect(user.sender).toEqual({ email: '', verify_info: 0, verify_domain: 0 });
    expect(await findSendingIdentity(t.deps.dbh.db, shopScope(shopId))).toBeNull();
  });

  it('refuses a missing or malformed address and a name that is too long, in the caller\'s language', async () => {
    const { token } = await storeOn('rules-tea.com');
    const empty = await t.call(api.sender.add, { token, body: { email: ' ', name: 'Rules' }, lang: 'zh-CN' });
    expect(empty.body.code).toBe(103);
    expect(JSON.stringify(empty.body)).toContain('请输入发件人邮箱');
    const bad = await t.call(api.sender.add, { token, body: { email: 'news@rules-tea', name: 'Rules' } });
    expect(bad.body.code).toBe(103);
    expect(JSON.stringify(bad.body)).toContain('Email format is not correct.');
    const long = await t.call(api.sender.add, { token, body: { email: 'news@rules-tea.com', name: 'x'.repeat(65) } });
    expect(long.body.code).toBe(103);
    expect((await t.call(api.sender.lists, { token })).body.data.sender.status).toBe(0);
  });

  it('refuses an address off the homepage domain, naming the domain to use, and stores nothing', async () => {
    const { token } = await storeOn('green-tea.com');
    const res = await t.call(api.sender.add, { token, body: { email: 'news@other-shop.com', name: 'Green' } });
    expect(res.status).toBe(400);
    expect(res.body.msg).toBe('The sender email domain differs from the homepage domain (green-tea.com). Please use an address of your store domain.');
    const zh = await t.call(api.sender.add, { token, body: { email: 'news@green-tea.co', name: 'Green' }, lang: 'zh-CN' });
    expect(zh.body.msg).toContain('发件人邮箱域名与主页域名（green-tea.com）不一致');
    expect((await t.call(api.sender.lists, { token })).body.data.sender.status).toBe(0);
    expect(await mailsTo('news@other-shop.com')).toHaveLength(0);
    // A subdomain of the store's domain is the store's own.
    const sub = await t.call(api.sender.add, { token, body: { email: 'News@Mail.Green-Tea.com', name: 'Green' } });
    expect(sub.body.code, sub.body.msg).toBe(100);
    expect(sub.body.data.sender.email).toBe('news@mail.green-tea.com');
  });

  it('adds the sender, mails the link, and the link verifies it', async () => {
    const { token, shopId } = await storeOn('oolong.com');
    const res = await t.call(api.sender.add, { token, body: { email: 'hello@oolong.com', name: 'Oolong House' } });
    expect(res.body.code, res.body.msg).toBe(100);
    expect(res.body.msg).toBe('Verification email sent, please check the inbox.');
    expect(res.body.data.sender).toMatchObject({ status: 1, email: 'hello@oolong.com', name: 'Oolong House', verified_at: '' });
    expect(res.body.data.sender.resend_after).toBeGreaterThan(55);
    expect(Math.abs(Date.parse(res.body.data.sender.sent_at) - Date.now())).toBeLessThan(30_000);
    const user = (await t.call(api.auth.info, { token })).body.data;
    expect(user.sender).toEqual({ email: 'hello@oolong.com', verify_info: 1, verify_domain: 0 });
    expect(user.sender_name).toBe('Oolong House');

    const [mail] = await mailsTo('hello@oolong.com');
    expect(mail!.subject).toBe('Verify your sender email for Shop oolong.com');
    expect(mail!.shopId).toBe(shopId);
    const path = linkOf(mail!);
    expect(path).toMatch(/^\/api\/public\/sender\/confirm\?token=[\w-]{40,}$/);
    // Only the token's hash is stored.
    const [row] = await t.deps.dbh.db.select().from(senders).where(eq(senders.shopId, shopId));
    expect(row!.tokenHash).not.toContain(new URL(path, 'http://x').searchParams.get('token')!);

    // Opening the link (as a mail scanner would) only asks: nothing is verified yet.
    const page = await openLink(path);
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('data-result="ask"');
    expect(page.body).toContain('Confirm that hello@oolong.com may send marketing emails for Shop oolong.com.');
    expect(page.body).toMatch(/<form method="post" action="\/api\/public\/sender\/confirm">/);
    expect(page.body).not.toContain('<script');
    expect((await openLink(path)).statusCode).toBe(200);
    expect((await t.call(api.sender.lists, { token })).body.data.sender.status).toBe(1);

    const done = await pressConfirm(path);
    expect(done.statusCode).toBe(200);
    expect(done.body).toContain('The sender email hello@oolong.com is verified.');
    expect(done.body).toContain('data-result="verified"');
    const after = (await t.call(api.sender.lists, { token })).body.data.sender;
    expect(after).toMatchObject({ status: 2, resend_after: 0 });
    expect(after.verified_at).not.toBe('');
    expect((await t.call(api.auth.info, { token })).body.data.sender.verify_info).toBe(2);
    // The link works once: pressed or opened again it says so, in the reader's language.
    const again = await pressConfirm(path, 'zh-CN');
    expect(again.statusCode).toBe(404);
    expect(again.body).toContain('验证链接已失效');
    expect(again.body).toContain('data-result="invalid"');
    const reopened = await openLink(path);
    expect(reopened.statusCode).toBe(404);
    expect(reopened.body).toContain('This verification link is no longer valid');
    expect(reopened.body).not.toContain('<form');
    // Nothing more to verify.
    const resend = await t.call(api.sender.verifyEmail, { token, body: {} });
    expect(resend.body.msg).toBe('This sender email is already verified.');
    const identity = await findSendingIdentity(t.deps.dbh.db, shopScope(shopId));
    expect(identity).toMatchObject({ fromName: 'Oolong House', fromEmail: 'hello@oolong.com', emailVerified: true, domain: 'oolong.com', domainVerified: false, dkim: null, returnPath: null });
  });

  it('answers unknown and expired links with a page that says so', async () => {
    const bogus = await openLink('/api/public/sender/confirm?token=not-a-real-token');
    expect(bogus.statusCode).toBe(404);
    expect(bogus.body).toContain('This verification link is no longer valid');
    expect((await openLink('/api/public/sender/confirm')).statusCode).toBe(404);
    expect((await pressConfirm('/api/public/sender/confirm?token=not-a-real-token')).statusCode).toBe(404);

    const { token, shopId } = await storeOn('expired-tea.com');
    await t.call(api.sender.add, { token, body: { email: 'a@expired-tea.com', name: 'Expired' } });
    await t.deps.dbh.db.update(senders).set({ tokenExpiresAt: sql`now() - interval '1 minute'` }).where(eq(senders.shopId, shopId));
    const page = await openLink(linkOf((await mailsTo('a@expired-tea.com'))[0]!), 'zh-CN');
    expect(page.statusCode).toBe(410);
    expect(page.body).toContain('验证链接已过期');
    expect((await pressConfirm(linkOf((await mailsTo('a@expired-tea.com'))[0]!))).statusCode).toBe(410);
    expect((await t.call(api.sender.lists, { token })).body.data.sender.status).toBe(1);
  });

  it('resends only after the countdown; the new link replaces the old one', async () => {
    const { token, shopId } = await storeOn('resend-tea.com');
    await t.call(api.sender.add, { token, body: { email: 'a@resend-tea.com', name: 'Resend' } });
    const early = await t.call(api.sender.verifyEmail, { token, body: {}, lang: 'zh-CN' });
    expect(early.status).toBe(429);
    expect(early.body.msg).toMatch(/^请等待 \d+ 秒后再发送验证邮件。$/);
    expect(await mailsTo('a@resend-tea.com')).toHaveLength(1);

    await endCountdown(shopId);
    const [ok1, ok2] = await Promise.all([
      t.call(api.sender.verifyEmail, { token, body: {} }),
      t.call(api.sender.verifyEmail, { token, body: {} }),
    ]);
    // Two clicks at once send one mail: the countdown is claimed atomically.
    expect([ok1.status, ok2.status].sort()).toEqual([200, 429]);
    const mails = await mailsTo('a@resend-tea.com');
    expect(mails).toHaveLength(2);
    const oldLink = linkOf(mails[1]!);
    expect((await openLink(oldLink)).statusCode).toBe(404);
    expect((await pressConfirm(oldLink)).statusCode).toBe(404);
    expect((await t.call(api.sender.lists, { token })).body.data.sender.status).toBe(1);
    expect((await pressConfirm(linkOf(mails[0]!))).statusCode).toBe(200);
    expect((await t.call(api.sender.lists, { token })).body.data.sender.status).toBe(2);
  });

  it('editing the name keeps verification; editing the address starts it over', async () => {
    const { token, shopId } = await storeOn('edit-tea.com');
    await seedVerifiedSender(t.deps.dbh, shopId, { email: 'old@edit-tea.com', name: 'Old' });
    const renamed = await t.call(api.sender.edit, { token, body: { email: 'old@edit-tea.com', name: 'New Name' } });
    expect(renamed.body.msg).toBe('Sender saved.');
    expect(renamed.body.data.sender).toMatchObject({ status: 2, name: 'New Name' });
    expect(renamed.body.data.domain.status).toBe(2);
    expect(await mailsTo('old@edit-tea.com')).toHaveLength(0);

    const moved = await t.call(api.sender.edit, { token, body: { email: 'new@news.edit-tea.com', name: 'New Name' } });
    expect(moved.body.code, moved.body.msg).toBe(100);
    expect(moved.body.msg).toBe('Verification email sent, please check the inbox.');
    expect(moved.body.data.sender).toMatchObject({ status: 1, email: 'new@news.edit-tea.com', verified_at: '' });
    // A new domain needs its own records: the old domain's key is gone.
    expect(moved.body.data.domain).toMatchObject({ domain: 'news.edit-tea.com', status: 0, records: [] });
    expect(await mailsTo('new@news.edit-tea.com')).toHaveLength(1);
    expect((await t.call(api.auth.info, { token })).body.data.sender).toEqual({ email: 'new@news.edit-tea.com', verify_info: 1, verify_domain: 0 });
    const identity = await findSendingIdentity(t.deps.dbh.db, shopScope(shopId));
    expect(identity).toMatchObject({ emailVerified: false, domainVerified: false, dkim: null });

    // Adding when a sender exists edits it instead of failing.
    const readd = await t.call(api.sender.add, { token, body: { email: 'new@news.edit-tea.com', name: 'Third' } });
    expect(readd.body.code).toBe(100);
    expect(readd.body.data.sender).toMatchObject({ status: 1, name: 'Third' });
    const none = await t.call(api.sender.edit, { token: (await storeOn('no-sender.com')).token, body: { email: 'a@no-sender.com', name: 'A' } });
    expect(none.body.msg).toBe('Please add the sender email first.');
  });

  it('a homepage moved to another domain resets the sender with a warning until it is edited', async () => {
    const { token, shopId } = await storeOn('moving-tea.com');
    await seedVerifiedSender(t.deps.dbh, shopId, { email: 'news@moving-tea.com' });
    expect((await findSendingIdentity(t.deps.dbh.db, shopScope(shopId)))?.domainVerified).toBe(true);
    await t.call(api.shop.saveInfo, { token, body: { name: 'Moved', homepage_url: 'https://moved-tea.net', currency: 'USD', timezone: 'UTC' } });
    const lists = (await t.call(api.sender.lists, { token })).body.data;
    expect(lists).toMatchObject({ domain_mismatch: true, homepage_domain: 'moved-tea.net', sender: { status: 1, verified_at: '' }, domain: { status: 1 } });
    expect((await t.call(api.auth.info, { token })).body.data.sender).toEqual({ email: 'news@moving-tea.com', verify_info: 1, verify_domain: 1 });
    expect(await findSendingIdentity(t.deps.dbh.db, shopScope(shopId)))
      .toMatchObject({ emailVerified: false, domainVerified: false, dkim: null, returnPath: null });
    const resend = await t.call(api.sender.verifyDomain, { token, body: {} });
    expect(resend.body.msg).toContain('(moved-tea.net)');
  });

  it('seedVerifiedSender writes a verified identity whose DKIM key pair matches', async () => {
    const { shopId } = await storeOn('seeded-tea.co.uk');
    const seeded = await seedVerifiedSender(t.deps.dbh, shopId, { name: 'Seeded' });
    expect(seeded.domain).toBe('seeded-tea.co.uk');
    const id = (await findSendingIdentity(t.deps.dbh.db, shopScope(shopId)))!;
    expect(id).toMatchObject({
      fromName: 'Seeded', fromEmail: 'news@seeded-tea.co.uk', emailVerified: true, domain: 'seeded-tea.co.uk', domainVerified: true,
      returnPath: 'bounce@sc-mail.seeded-tea.co.uk',
    });
    expect(id.dkim).toMatchObject({ domainName: 'seeded-tea.co.uk', keySelector: seeded.selector });
    const pub = createPublicKey(id.dkim!.privateKey).export({ type: 'spki', format: 'der' }).toString('base64');
    expect(pub).toBe(seeded.publicKey);
    expect(createPublicKey(id.dkim!.privateKey).asymmetricKeyDetails?.modulusLength).toBe(2048);
  });
});
