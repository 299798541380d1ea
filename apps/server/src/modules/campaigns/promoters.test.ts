import { api, type EmailDoc } from '@storecast/contract';
import { campaignLinks } from '@storecast/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp } from '../../test/sign-up.ts';
import { startTestApp, type TestApp } from '../../test/start-test-app.ts';
import { discount, enabledCampaign, ok } from './test/campaign-fixtures.ts';

let t: TestApp;
let a: { token: string; shopId: string };
let b: { token: string; shopId: string };

const DOC: EmailDoc = { version: 1, blocks: [{ type: 'header', id: 'h', align: 'center' }, { type: 'footer', id: 'f', text: '', address: '' }] };
const sendOf = async (owner: { token: string }, name: string) =>
  ok(await t.call(api.strategy.save, { token: owner.token, body: { name, title: name, content: DOC, send_mode: 'draft' } })).id;
const flowsOf = async (owner: { token: string }) => ok(await t.call(api.automation.flows, { token: owner.token })).flows;
const promote = (id: string, body: { strategies?: string[]; flows?: string[] }, token = a.token, lang = 'en-US') =>
  t.call(api.campaign.promoters, { token, lang, body: { id, ...body } });

beforeAll(async () => {
  t = await startTestApp();
  a = await signUp(t, { name: 'Promote A' });
  b = await signUp(t, { name: 'Promote B' });
});
afterAll(() => t.close());

describe('what promotes a campaign', () => {
  it('names the store\'s own sends and flows, replaces them on the next save, and closing says what it affected', async () => {
    const id = await enabledCampaign(t, a.token, discount({ name: 'Summer tea' }));
    const spring = await sendOf(a, 'Spring letter');
    const summer = await sendOf(a, 'Summer letter');
    const [welcome] = await flowsOf(a);
    const named = ok(await promote(id, { strategies: [spring, summer, spring], flows: [welcome!.id] }));
    expect(named.map((u) => [u.kind, u.name]).sort()).toEqual([['flow', welcome!.kind], ['strategy', 'Spring letter'], ['strategy', 'Summer letter']]);
    // The next save replaces the set.
    expect(ok(await promote(id, { strategies: [summer] })).map((u) => u.name)).toEqual(['Summer letter']);
    expect(ok(await t.call(api.campaign.usage, { token: a.token, query: { id } })).map((u) => u.id)).toEqual([summer]);
    const closed = ok(await t.call(api.campaign.close, { token: a.token, body: { id } }));
    expect(closed.affected).toEqual([{ kind: 'strategy', id: summer, name: 'Summer letter' }]);
    expect(await t.deps.dbh.db.select().from(campaignLinks).where(eq(campaignLinks.campaignId, id))).toEqual([]);
    // A closed campaign promotes nothing.
    const late = await promote(id, { strategies: [spring] }, a.token, 'zh-CN');
    expect([late.status, late.body.msg]).toEqual([409, '已关闭的活动不能再推广。']);
  });

  it('refuses another store\'s send or flow on its field and writes nothing', async () => {
    const id = await enabledCampaign(t, a.token, discount({ name: 'Guarded' }));
    const own = await sendOf(a, 'Own letter');
    ok(await promote(id, { strategies: [own] }));
    const theirs = await sendOf(b, 'Their letter');
    const [theirFlow] = await flowsOf(b);
    const refused: [string, { strategies?: string[]; flows?: string[] }][] = [
      ['strategies', { strategies: [own, theirs] }], ['flows', { flows: [theirFlow!.id] }], ['strategies', { strategies: ['not-a-uuid'] }],
    ];
    for (const [field, body] of refused) {
      const res = await promote(id, body);
      expect(res.status).toBe(400);
      expect((res.body.data as unknown as { fields: Record<string, string> }).fields).toEqual({ [field]: 'A chosen send or flow no longer exists; choose again.' });
    }
    expect(ok(await t.call(api.campaign.usage, { token: a.token, query: { id } })).map((u) => u.name)).toEqual(['Own letter']);
    // Nor can another store name sends for this store's campaign.
    expect((await promote(id, { strategies: [theirs] }, b.token)).status).toBe(404);
  });
});
