import { api } from '@storecast/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outboxMailSender } from '../../messaging/outbox-mail-sender.ts';
import { settleSentAfterAnswer } from '../../messaging/send-after-answer.ts';
import { signUp } from '../../test/sign-up.ts';
import { startTestApp, type TestApp } from '../../test/start-test-app.ts';

let t: TestApp;
beforeAll(async () => void (t = await startTestApp()));
afterAll(() => t.close());

/** The outbox as the admin of `token`'s store lists it, with each kept message opened. */
async function outboxOf(token: string) {
  await settleSentAfterAnswer();
  const list = await t.call(api.outbox.list, { token });
  expect(list.body.code, list.body.msg).toBe(100);
  return Promise.all(list.body.data.items.map(async (item) => {
    const one = await t.call(api.outbox.detail, { token, query: { id: item.id } });
    expect(one.body.code, one.body.msg).toBe(100);
    return one.body.data;
  }));
}

const inviteLinkIn = (html: string) => /\/invite\?token=[A-Za-z0-9_-]+/.exec(html)?.[0];

describe("the product's own mail in the local outbox", () => {
  it('shows an invitation to the store it names and to the invited account, never to another store', async () => {
    const owner = await signUp(t, { name: 'Outbox Owner' });
    const invitee = await signUp(t, { name: 'Invitee Own' });
    const stranger = await signUp(t, { name: 'Stranger' });
    const sent = await t.call(api.access.invite, { token: owner.token, lang: 'zh-CN', body: { email: invitee.account, shop_ids: [owner.shopId] } });
    expect(sent.body.code, sent.body.msg).toBe(100);

    // The owner reads the invitation they sent, link included, on their store's outbox.
    const ownerMail = (await outboxOf(owner.token)).filter((m) => m.recipient === invitee.account);
    expect(ownerMail).toHaveLength(1);
    const link = inviteLinkIn(ownerMail[0]!.html);
    expect(link).toBeTruthy();
    expect(ownerMail[0]!.text).toContain(link!);

    // The invited account reads the mail addressed to it, on its own store's outbox.
    const inviteeMail = (await outboxOf(invitee.token)).filter((m) => m.recipient === invitee.account);
    expect(inviteeMail.map((m) => inviteLinkIn(m.html))).toContain(link);

    // Another store sees neither the invitation nor the owner's sign-up mail, not even by id.
    const strangerMail = await outboxOf(stranger.token);
    expect(strangerMail.filter((m) => m.recipient === invitee.account || m.recipient === owner.account)).toEqual([]);
    const foreign = await t.call(api.outbox.detail, { token: stranger.token, query: { id: ownerMail[0]!.id } });
    expect([foreign.status, foreign.body.msg]).toEqual([404, 'The message does not exist.']);

    // A store the invitation does not name, though of the same owner, does not list it either.
    const other = await t.call(api.shop.connect, {
      token: owner.token,
      body: { platform: 'custom', name: 'Outbox Owner Two', homepage_url: 'https://outbox-two.example.com', currency: 'USD', timezone: 'UTC' },
    });
    expect(other.body.code, other.body.msg).toBe(100);
    const own = await outboxOf(owner.token);
    expect(own.filter((m) => m.recipient === invitee.account)).toEqual([]);
  });

  it('prints invitation and sender confirmation links in the server log while no SMTP is set', async () => {
    const lines: string[] = [];
    const keep = (...args: unknown[]) => void lines.push(JSON.stringify(args));
    const kept = t.deps.mail;
    t.deps.mail = outboxMailSender(t.deps.dbh, { info: keep });
    try {
      const owner = await signUp(t, { name: 'Log Owner' });
      const email = `log-invitee-${Date.now()}@example.com`;
      const sent = await t.call(api.access.invite, { token: owner.token, body: { email, shop_ids: [owner.shopId] } });
      expect(sent.body.code, sent.body.msg).toBe(100);
      await settleSentAfterAnswer();
      const invitation = (await outboxOf(owner.token)).find((m) => m.recipient === email)!;
      expect(lines.join('\n')).toContain(`${t.deps.config.publicUrl}${inviteLinkIn(invitation.html)!}`);

      const info = await t.call(api.shop.info, { token: owner.token });
      const address = `news@${new URL(info.body.data.homepage_url).hostname}`;
      const added = await t.call(api.sender.add, { token: owner.token, body: { email: address, name: 'Log Shop' } });
      expect(added.body.code, added.body.msg).toBe(100);
      const confirm = (await outboxOf(owner.token)).find((m) => m.recipient === address)!;
      const confirmLink = /https?:\/\/[^"\s]+\/api\/public\/sender\/confirm\?token=[A-Za-z0-9_-]+/.exec(confirm.html)?.[0];
      expect(confirmLink).toBeTruthy();
      expect(lines.join('\n')).toContain(confirmLink);
    } finally {
      t.deps.mail = kept;
    }
  });
});
