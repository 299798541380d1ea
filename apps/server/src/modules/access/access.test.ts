import { api } from '@storecast/contract';
import { managerInvitations } from '@storecast/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readOutbox, signUp, startSignUp } from '../../test/sign-up.ts';
import { startTestApp, type TestApp } from '../../test/start-test-app.ts';

let t: TestApp;
beforeAll(async () => void (t = await startTestApp()));
afterAll(() => t.close());

let seq = 0;

/** An owner with two stores, the session on the second; returns both ids. */
async function ownerWithTwoStores(name = 'Alpha') {
  const o = await signUp(t, { name: `${name} One` });
  const c = await t.call(api.shop.connect, {
    token: o.token,
    body: { platform: 'custom', name: `${name} Two`, homepage_url: `https://${name.toLowerCase()}-two.example.com`, currency: 'USD', timezone: 'UTC' },
  });
  expect(c.body.code, c.body.msg).toBe(100);
  return { ...o, first: o.shopId, second: c.body.data.shop_id as string };
}

/** Invites `email` to `shopIds` and returns the link token read from the mail. */
async function invite(token: string, email: string, shopIds: string[], lang = 'en-US') {
  const res = await t.call(api.access.invite, { token, lang, body: { email, shop_ids: shopIds } });
  expect(res.body.code, res.body.msg).toBe(100);
  const mail = await readOutbox(t, 'email', email);
  const link = /\/invite\?token=([A-Za-z0-9_-]+)/.exec(mail!.body)?.[1];
  expect(link).toBeTruthy();
  return { invitation: res.body.data, token: link!, mail: mail!, msg: res.body.msg };
}

/** A new account for exactly `email` (sign-up proves the address); no store. */
async function signUpAs(email: string) {
  const password = 'secret123';
  const verify_code = await startSignUp(t, email, password, async () => {
    const reg = await t.call(api.auth.register, { body: { account: email, password, agree_terms: true } });
    expect(reg.body.code, reg.body.msg).toBe(100);
  });
  const done = await t.call(api.auth.registerConfirm, { body: { account: email, verify_code } });
  expect(done.body.code, done.body.msg).toBe(100);
  return done.body.data.token as string;
}

const fresh = () => `invitee${++seq}-${Date.now()}@example.com`;

describe('inviting a manager', () => {
  it('mails a link that an existing account accepts; the manager then sees and uses only that store', async () => {
    const owner = await ownerWithTwoStores('Alpha');
    const m = await signUp(t, { name: 'Manager Own' });
    const { invitation, token, mail, msg } = await invite(owner.token, m.account, [owner.first], 'zh-CN');
    expect(msg).toBe(`邀请已发送至 ${m.account}。`);
    expect(invitation).toMatchObject({ email: m.account, stores: [{ id: owner.first, name: 'Alpha One' }], status: 'pending' });
    // The mail speaks the inviter's language and links to the admin's invitation page.
    expect(mail.body).toContain('Alpha One');
    expect(mail.body).toContain(`${t.deps.config.publicUrl}/invite?token=`);
    expect(JSON.stringify(mail)).toContain('邀请你在 Storecast 管理');
    // The database keeps only the token's hash.
    const [row] = await t.deps.dbh.db.select().from(managerInvitations).where(eq(managerInvitations.id, invitation.id));
    expect(row!.tokenHash).not.toContain(token);

    const info = await t.call(api.access.inviteInfo, { query: { token } });
    expect(info.body.data).toEqual({ email: m.account, inviter: expect.stringContaining(owner.account), stores: ['Alpha One'], status: 'pending' });

    const accepted = await t.call(api.access.acceptInvite, { token: m.token, body: { token } });
    expect(accepted.body).toMatchObject({ code: 100, msg: 'You now manage the store.', data: { shop_ids: [owner.first] } });
    expect((await t.call(api.access.inviteInfo, { query: { token } })).body.data.status).toBe('accepted');
    // A link works once.
    expect((await t.call(api.access.acceptInvite, { token: m.token, body: { token } })).body.msg).toBe('This invitation link is invalid or has expired.');

    const list = await t.call(api.shop.list, { token: m.token });
    expect(list.body.data.map((s: { name: string; role: string }) => [s.name, s.role])).toEqual([['Manager Own', 'owner'], ['Alpha One', 'manager']]);
    // The session stayed on the manager's own store; switching works for the granted store only.
    expect((await t.call(api.shop.switchStore, { token: m.token, body: { shop_id: owner.second } })).status).toBe(403);
    expect((await t.call(api.shop.switchStore, { token: m.token, body: { shop_id: owner.first } })).body.code).toBe(100);
    const info2 = await t.call(api.shop.info, { token: m.token });
    expect(info2.body.data).toMatchObject({ shop_id: owner.first, role: 'manager' });
    const user = await t.call(api.auth.info, { token: m.token });
    expect(user.body.data.manager_info.manager_role).toBe('manager');
    // Ordinary features work, the owner's do not.
    expect((await t.call(api.audience.tagSave, { token: m.token, body: { name: 'Made by manager' } })).body.code).toBe(100);
    const refused = await t.call(api.access.memberList, { token: m.token, lang: 'zh-CN' });
    expect(refused.status).toBe(403);
    expect(refused.body.msg).toBe('只有店铺所有者可以进行此操作。');

    // The owner sees the manager with their store, and the invitation as accepted.
    const members = await t.call(api.access.memberList, { token: owner.token });
    expect(members.body.data.stores.map((s: { name: string }) => s.name)).toEqual(['Alpha One', 'Alpha Two']);
    const byEmail = Object.fromEntries(members.body.data.members.map((x: { email: string; stores: unknown }) => [x.email, x.stores]));
    expect(byEmail[m.account]).toEqual([{ id: owner.first, name: 'Alpha One', role: 'manager' }]);
    expect(byEmail[owner.account]).toHaveLength(2);
    expect(members.body.data.members[0]!.email).toBe(owner.account);
    expect(members.body.data.invitations[0]).toMatchObject({ id: invitation.id, status: 'accepted' });
  });

  it('a new account signs up with the invited address and accepts; its session moves onto the store', async () => {
    const owner = await ownerWithTwoStores('Bravo');
    const email = fresh();
    const { token } = await invite(owner.token, email, [owner.second, owner.first]);
    const newToken = await signUpAs(email);
    expect((await t.call(api.auth.info, { token: newToken })).body.data.shop_id).toBe('');
    const accepted = await t.call(api.access.acceptInvite, { token: newToken, body: { token } });
    expect(accepted.body.data.shop_ids).toEqual([owner.second, owner.first]);
    const user = await t.call(api.auth.info, { token: newToken });
    expect(user.body.data).toMatchObject({ shop_id: owner.second, shop: 'Bravo Two', manager_info: { manager_role: 'manager' } });
    expect((await t.call(api.shop.list, { token: newToken })).body.data).toHaveLength(2);
  });

  it('refuses another account, expired, withdrawn and unknown links', async () => {
    const owner = await signUp(t, { name: 'Charlie' });
    const other = await signUp(t, { store: false });
    const email = fresh();
    const { token, invitation } = await invite(owner.token, email, [owner.shopId]);
    const wrong = await t.call(api.access.acceptInvite, { token: other.token, body: { token }, lang: 'zh-CN' });
    expect(wrong.status).toBe(403);
    expect(wrong.body.msg).toBe(`此邀请发给 ${email}，请用该邮箱登录后接受。`);
    expect((await t.call(api.shop.list, { token: other.token })).body.data).toEqual([]);

    // Withdrawn.
    const cancel = await t.call(api.access.cancelInvite, { token: owner.token, body: { id: invitation.id } });
    expect(cancel.body).toMatchObject({ code: 100, msg: 'Invitation withdrawn.' });
    expect((await t.call(api.access.cancelInvite, { token: owner.token, body: { id: invitation.id } })).status).toBe(404);
    const invitee = await signUpAs(email);
    const canceled = await t.call(api.access.acceptInvite, { token: invitee, body: { token } });
    expect(canceled.body.msg).toBe('This invitation link is invalid or has expired.');
    expect((await t.call(api.access.inviteInfo, { query: { token } })).body.data.status).toBe('canceled');

    // Expired.
    const second = await invite(owner.token, email, [owner.shopId]);
    await t.deps.dbh.db.update(managerInvitations).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(managerInvitations.id, second.invitation.id));
    expect((await t.call(api.access.inviteInfo, { query: { token: second.token } })).body.data.status).toBe('expired');
    const expired = await t.call(api.access.acceptInvite, { token: invitee, body: { token: second.token }, lang: 'zh-CN' });
    expect(expired.body.msg).toBe('邀请链接无效或已过期。');
    expect((await t.call(api.shop.list, { token: invitee })).body.data).toEqual([]);

    // Unknown.
    const unknown = await t.call(api.access.inviteInfo, { query: { token: 'x'.repeat(43) } });
    expect(unknown.status).toBe(404);
    expect(unknown.body.msg).toBe('This invitation link is invalid or has expired.');
    expect((await t.call(api.access.acceptInvite, { token: invitee, body: { token: 'nope' } })).status).toBe(404);
  });

  it('replaces an open invitation of the same address for the same store', async () => {
    const owner = await signUp(t, { name: 'Delta' });
    const email = fresh();
    const first = await invite(owner.token, email, [owner.shopId]);
    const second = await invite(owner.token, email, [owner.shopId]);
    expect(first.token).not.toBe(second.token);
    const list = (await t.call(api.access.memberList, { token: owner.token })).body.data.invitations;
    expect(list.map((i: { id: string; status: string }) => [i.id, i.status])).toEqual([[second.invitation.id, 'pending'], [first.invitation.id, 'canceled']]);
  });

  it('checks the form as SPEC section 5 says, in both languages', async () => {
    const owner = await signUp(t, { name: 'Echo' });
    const cases: [Record<string, unknown>, string, string][] = [
      [{ email: '', shop_ids: [owner.shopId] }, '请输入管理邮箱。', 'Please enter the management email.'],
      [{ email: '   ', shop_ids: [owner.shopId] }, '请输入管理邮箱。', 'Please enter the management email.'],
      [{ shop_ids: [owner.shopId] }, '请输入管理邮箱。', 'Please enter the management email.'],
      [{ email: 'not-an-address', shop_ids: [owner.shopId] }, '账号格式不正确。', 'Account format is not correct.'],
      [{ email: fresh(), shop_ids: [] }, '请选择店铺。', 'Please choose a store.'],
      [{ email: fresh() }, '请选择店铺。', 'Please choose a store.'],
    ];
    for (const [body, zh, en] of cases) {
      const z = await t.call(api.access.invite, { token: owner.token, body, lang: 'zh-CN' });
      expect([z.status, z.body.code, z.body.msg]).toEqual([400, 103, zh]);
      expect((await t.call(api.access.invite, { token: owner.token, body, lang: 'en-US' })).body.msg).toBe(en);
    }
    const self = await t.call(api.access.invite, { token: owner.token, body: { email: owner.account.toUpperCase(), shop_ids: [owner.shopId] }, lang: 'zh-CN' });
    expect(self.body.msg).toBe('不能邀请自己。');
    expect((await t.call(api.access.memberList, { token: owner.token })).body.data.invitations).toEqual([]);
  });
});

describe('revoking and transferring', () => {
  it('a revoked manager is refused on their next request, and their session leaves the store', async () => {
    const owner = await ownerWithTwoStores('Foxtrot');
    const email = fresh();
    const { token } = await invite(owner.token, email, [owner.first, owner.second]);
    const m = await signUpAs(email);
    await t.call(api.access.acceptInvite, { token: m, body: { token } });
    const userId = (await t.call(api.auth.info, { token: m })).body.data.manager_info.manager_id;
    expect((await t.call(api.shop.info, { token: m })).body.data.shop_id).toBe(owner.first);

    // A second session of the manager, on the same store, is refused at once too.
    const login = await t.call(api.auth.login, { body: { login_method: 'password', account: email, password: 'secret123' } });
    const m2 = login.body.data.token as string;
    expect((await t.call(api.shop.info, { token: m2 })).body.data.shop_id).toBe(owner.first);

    const res = await t.call(api.access.revoke, { token: owner.token, body: { user_id: userId, shop_ids: [owner.first] } });
    expect(res.body).toMatchObject({ code: 100, msg: 'Their management was revoked.' });
    for (const session of [m, m2]) {
      const info = await t.call(api.shop.info, { token: session });
      expect(info.body.data.shop_id).toBe(owner.second);
      expect((await t.call(api.shop.switchStore, { token: session, body: { shop_id: owner.first } })).status).toBe(403);
    }
    // Revoking the last store leaves the manager without any: shop routes answer "not connected".
    await t.call(api.access.revoke, { token: owner.token, body: { user_id: userId, shop_ids: [owner.second] } });
    const gone = await t.call(api.audience.tagList, { token: m });
    expect(gone.status).toBe(403);
    expect(gone.body.msg).toBe('The current authorization has not been completed.');
    expect((await t.call(api.shop.list, { token: m })).body.data).toEqual([]);

    // Not a member any more; the owner cannot be revoked.
    const again = await t.call(api.access.revoke, { token: owner.token, body: { user_id: userId, shop_ids: [owner.first] }, lang: 'zh-CN' });
    expect(again.body.msg).toBe('该用户不是所选店铺的成员。');
    const ownerId = (await t.call(api.auth.info, { token: owner.token })).body.data.manager_info.manager_id;
    const self = await t.call(api.access.revoke, { token: owner.token, body: { user_id: ownerId, shop_ids: [owner.first] } });
    expect([self.status, self.body.msg]).toEqual([403, "A store's owner cannot be revoked; transfer the store first."]);
    expect((await t.call(api.access.revoke, { token: owner.token, body: { user_id: 'nope', shop_ids: [owner.first] } })).status).toBe(400);
  });

  it('a store transferred to a manager: the new owner invites and revokes, the old one stays as manager', async () => {
    const owner = await ownerWithTwoStores('Golf');
    const ownerId = (await t.call(api.auth.info, { token: owner.token })).body.data.manager_info.manager_id;
    const email = fresh();
    const { token } = await invite(owner.token, email, [owner.first]);
    const heir = await signUpAs(email);
    await t.call(api.access.acceptInvite, { token: heir, body: { token } });
    const heirId = (await t.call(api.auth.info, { token: heir })).body.data.manager_info.manager_id;

    // Only a manager of that store can take it over.
    const stranger = await signUp(t, { store: false });
    const strangerId = (await t.call(api.auth.info, { token: stranger.token })).body.data.manager_info.manager_id;
    expect((await t.call(api.access.transfer, { token: owner.token, body: { shop_id: owner.first, user_id: strangerId } })).body.msg)
      .toBe('This user is not a member of the chosen store.');

    const done = await t.call(api.access.transfer, { token: owner.token, body: { shop_id: owner.first, user_id: heirId } });
    expect(done.body).toMatchObject({ code: 100, msg: 'The store was transferred.' });
    expect((await t.call(api.shop.info, { token: heir })).body.data.role).toBe('owner');
    // The old owner keeps the store as a manager and owns only the other one now.
    const left = await t.call(api.access.memberList, { token: owner.token });
    expect(left.body.data.stores.map((s: { id: string }) => s.id)).toEqual([owner.second]);
    const lost = await t.call(api.access.revoke, { token: owner.token, body: { user_id: heirId, shop_ids: [owner.first] } });
    expect([lost.status, lost.body.msg]).toEqual([403, 'You do not own every store chosen.']);
    await t.call(api.shop.switchStore, { token: owner.token, body: { shop_id: owner.first } });
    expect((await t.call(api.shop.info, { token: owner.token })).body.data.role).toBe('manager');

    // The new owner runs the store's access now.
    const newcomer = fresh();
    expect((await t.call(api.access.invite, { token: heir, body: { email: newcomer, shop_ids: [owner.first] } })).body.code).toBe(100);
    const members = await t.call(api.access.memberList, { token: heir });
    expect(members.body.data.members.find((x: { user_id: string }) => x.user_id === ownerId)!.stores).toEqual([{ id: owner.first, name: 'Golf One', role: 'manager' }]);
    const revoked = await t.call(api.access.revoke, { token: heir, body: { user_id: ownerId, shop_ids: [owner.first] } });
    expect(revoked.body.code).toBe(100);
    expect((await t.call(api.shop.info, { token: owner.token })).body.data.shop_id).toBe(owner.second);
  });
});

describe('owners act only on their own stores', () => {
  it('refuses another owner’s store in every access call', async () => {
    const a = await signUp(t, { name: 'Hotel' });
    const b = await signUp(t, { name: 'India' });
    const email = fresh();
    const { invitation, token } = await invite(a.token, email, [a.shopId]);
    const bId = (await t.call(api.auth.info, { token: b.token })).body.data.manager_info.manager_id;
    const refusals = [
      await t.call(api.access.invite, { token: b.token, body: { email: fresh(), shop_ids: [b.shopId, a.shopId] } }),
      await t.call(api.access.invite, { token: b.token, body: { email: fresh(), shop_ids: ['not-a-uuid'] } }),
      await t.call(api.access.revoke, { token: b.token, body: { user_id: bId, shop_ids: [a.shopId] } }),
      await t.call(api.access.transfer, { token: b.token, body: { shop_id: a.shopId, user_id: bId } }),
    ];
    for (const r of refusals) expect([r.status, r.body.code, r.body.msg]).toEqual([403, 105, 'You do not own every store chosen.']);
    expect((await t.call(api.access.cancelInvite, { token: b.token, body: { id: invitation.id } })).status).toBe(404);
    expect((await t.call(api.access.inviteInfo, { query: { token } })).body.data.status).toBe('pending');
    const bList = (await t.call(api.access.memberList, { token: b.token })).body.data;
    expect(bList.stores).toEqual([{ id: b.shopId, name: 'India' }]);
    expect(bList.members.map((m: { email: string }) => m.email)).toEqual([b.account]);
    expect(bList.invitations).toEqual([]);
  });

  it('grants only what the inviter still owns when the link is used', async () => {
    const owner = await ownerWithTwoStores('Juliet');
    const heirEmail = fresh();
    const h = await invite(owner.token, heirEmail, [owner.first]);
    const heir = await signUpAs(heirEmail);
    await t.call(api.access.acceptInvite, { token: heir, body: { token: h.token } });
    const heirId = (await t.call(api.auth.info, { token: heir })).body.data.manager_info.manager_id;
    const email = fresh();
    const { token } = await invite(owner.token, email, [owner.first, owner.second]);
    await t.call(api.access.transfer, { token: owner.token, body: { shop_id: owner.first, user_id: heirId } });
    const m = await signUpAs(email);
    const accepted = await t.call(api.access.acceptInvite, { token: m, body: { token } });
    expect(accepted.body.data.shop_ids).toEqual([owner.second]);
  });
});
