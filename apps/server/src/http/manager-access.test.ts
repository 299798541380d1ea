import { api, type RouteDef } from '@storecast/contract';
import { sampleInput } from '@storecast/contract/testing/sample-input';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipartBody } from '../test/multipart-body.ts';
import { readOutbox, signUp } from '../test/sign-up.ts';
import { startTestApp, type TestApp } from '../test/start-test-app.ts';
import { REGISTERED } from './register-route.ts';

/**
 * What a manager may do on a store they manage, proved on every registered `shop` route: routes
 * marked `ownerOnly` refuse them before anything runs, the others never refuse them for being a
 * manager. And the flag is where it must be: every delete and revoke, every billing write and the
 * access routes (but the invitation's own two), so a new delete route without it fails here.
 */

const OWNER_ONLY = { status: 403, code: 105, msg: 'Only the store owner can do this.' };

let t: TestApp;
let manager = '';
let shopRoutes: RouteDef[] = [];
const key = (r: RouteDef) => `${r.method} ${r.path}`;

/** The route's own sample input: what a manager's request to it would carry. */
function request(route: RouteDef) {
  const query = route.query
    ? Object.fromEntries(Object.entries(sampleInput(route.query).value as Record<string, unknown>).map(([k, v]) => [k, String(v)]))
    : undefined;
  // Uploads are multipart; their sample is a small CSV.
  const body = route.path === '/import/upload' ? multipartBody('m.csv', 'email\nm@example.com\n') : route.body ? (sampleInput(route.body).value as Record<string, unknown>) : undefined;
  return { query, body };
}

beforeAll(async () => {
  t = await startTestApp();
  const owner = await signUp(t, { name: 'Owned Store' });
  const m = await signUp(t, { store: false });
  const invited = await t.call(api.access.invite, { token: owner.token, body: { email: m.account, shop_ids: [owner.shopId] } });
  expect(invited.body.code, invited.body.msg).toBe(100);
  const token = /\/invite\?token=([A-Za-z0-9_-]+)/.exec((await readOutbox(t, 'email', m.account))!.body)![1]!;
  const accepted = await t.call(api.access.acceptInvite, { token: m.token, body: { token } });
  expect(accepted.body.code, accepted.body.msg).toBe(100);
  manager = m.token;
  expect((await t.call(api.shop.info, { token: manager })).body.data).toMatchObject({ shop_id: owner.shopId, role: 'manager' });
  shopRoutes = t.app[REGISTERED].filter((r) => r.access === 'shop');
});

afterAll(() => t?.close());

describe('a manager on every store route', () => {
  it('marks every delete, revoke, billing write and access route owner-only', () => {
    expect(shopRoutes.length).toBeGreaterThan(60);
    const invitation = new Set(['/access/invite-info', '/access/accept-invite']);
    const mustBeOwners = t.app[REGISTERED].filter((r) =>
      /delete|revoke/.test(r.path)
      || (r.tag === 'billing' && r.method === 'POST')
      || (r.path.startsWith('/access/') && !invitation.has(r.path)));
    expect(mustBeOwners.map(key)).toEqual(expect.arrayContaining(['POST /tag/delete', 'POST /access/revoke', 'POST /vip-service/purchase']));
    expect(mustBeOwners.filter((r) => !r.ownerOnly || r.access !== 'shop').map(key)).toEqual([]);
    // The invitation's own routes are for the invited person, who owns nothing yet.
    expect(t.app[REGISTERED].filter((r) => invitation.has(r.path) && r.ownerOnly).map(key)).toEqual([]);
  });

  it('refuses the owner-only routes with FORBIDDEN and the owner-only message', { timeout: 120_000 }, async () => {
    const ownerOnly = shopRoutes.filter((r) => r.ownerOnly);
    expect(ownerOnly.length).toBeGreaterThan(15);
    const wrong: string[] = [];
    for (const route of ownerOnly) {
      const res = await t.call(route, { token: manager, ...request(route) });
      const got = { status: res.status, code: res.body.code, msg: res.body.msg };
      if (JSON.stringify(got) !== JSON.stringify(OWNER_ONLY)) wrong.push(`${key(route)}: ${JSON.stringify(got)}`);
    }
    expect(wrong).toEqual([]);
    const zh = await t.call(api.billing.invoiceList, { token: manager, lang: 'zh-CN' });
    expect(zh.body.msg).toBe('只有店铺所有者可以进行此操作。');
  });

  it('never refuses the other routes for being a manager', { timeout: 300_000 }, async () => {
    const refused: string[] = [];
    let ok = 0;
    for (const route of shopRoutes.filter((r) => !r.ownerOnly)) {
      const res = await t.call(route, { token: manager, ...request(route) });
      if (res.body.msg === OWNER_ONLY.msg) refused.push(key(route));
      if (res.body.code === 100) ok += 1;
    }
    expect(refused).toEqual([]);
    // The samples reach the handlers: most routes answer them.
    expect(ok).toBeGreaterThan(shopRoutes.length / 3);
  });
});
