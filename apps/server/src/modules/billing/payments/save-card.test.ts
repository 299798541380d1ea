import { api } from '@storecast/contract';
import { outboxMessages, sessions, shopMembers } from '@storecast/db';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CARD_OK, CARD_THREE_DS } from '../../../test/fake-stripe/start-fake-stripe.ts';
import { signUp } from '../../../test/sign-up.ts';
import { startTestApp } from '../../../test/start-test-app.ts';
import { type PaymentsKit, saveCard, startPayments } from './test/payment-kit.ts';

let k: PaymentsKit;
beforeAll(async () => void (k = await startPayments()));
afterAll(() => k.close());

describe('saving a card', () => {
  it('keeps the card a finished setup intent saved, and answers it', async () => {
    const { token, shopId } = await signUp(k.t);
    expect((await k.t.call(api.billing.getPaymentMethod, { token })).body.data).toBeNull();

    const setup = await k.t.call(api.billing.getSetupIntent, { token });
    expect(setup.body.data).toMatchObject({ publishable_key: 'pk_test_fake', js_url: k.fake.config.jsUrl });
    const setiId = setup.body.data.client_secret.split('_secret_')[0]!;
    // Before the card form finished, nothing is saved.
    const early = await k.t.call(api.billing.setPaymentMethod, { token, body: { setup_intent_id: setiId } });
    expect(early.body.msg).toBe('The card was not saved: please complete the card form first.');

    await k.fake.confirmCardSetupDirect(setiId, CARD_OK, { exp_month: 7, exp_year: 2040 });
    const saved = await k.t.call(api.billing.setPaymentMethod, { token, body: { setup_intent_id: setiId } });
    expect(saved.body).toMatchObject({ code: 100, data: { brand: 'visa', last4: '4242', exp_month: 7, exp_year: 2040, expired: false } });
    expect((await k.t.call(api.billing.getPaymentMethod, { token })).body.data).toEqual(saved.body.data);
    // The customer's default card is the saved one, at the provider too.
    const [account] = (await k.t.deps.dbh.query<{ customer_id: string; payment_method_id: string }>(
      'select customer_id, payment_method_id from billing_accounts where shop_id = $1', [shopId],
    )).rows;
    const customer = k.fake.get(account!.customer_id) as unknown as { invoice_settings: { default_payment_method: string } };
    expect(customer.invoice_settings.default_payment_method).toBe(account!.payment_method_id);
  });

  it("refuses another store's setup intent", async () => {
    const a = await signUp(k.t);
    const b = await signUp(k.t);
    const { setupIntentId } = await saveCard(k, a.token);
    await k.t.call(api.billing.getSetupIntent, { token: b.token });
    const stolen = await k.t.call(api.billing.setPaymentMethod, { token: b.token, body: { setup_intent_id: setupIntentId } });
    expect(stolen.status).toBe(409);
    expect((await k.t.call(api.billing.getPaymentMethod, { token: b.token })).body.data).toBeNull();
    for (const id of ['seti_unknown', 'x'.repeat(255), "seti_1' or 1=1"]) {
      const r = await k.t.call(api.billing.setPaymentMethod, { token: b.token, body: { setup_intent_id: id } });
      expect([r.status, r.body.code]).toEqual([409, 101]);
    }
  });

  it('saves a card that needs 3-D Secure once the bank confirmed it', async () => {
    const { token } = await signUp(k.t);
    const { card } = await saveCard(k, token, CARD_THREE_DS);
    expect(card.last4).toBe('3184');
  });

  it('says an expired saved card has expired, and refuses purchases with it', async () => {
    const { token, shopId } = await signUp(k.t);
    await saveCard(k, token);
    const now = new Date();
    // The month before this one: the card was valid through its end, which has passed.
    const past = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1));
    await k.t.deps.dbh.query('update billing_accounts set card_exp_month = $2, card_exp_year = $3 where shop_id = $1',
      [shopId, past.getUTCMonth() + 1, past.getUTCFullYear()]);
    expect((await k.t.call(api.billing.getPaymentMethod, { token })).body.data?.expired).toBe(true);
    const buy = await k.t.call(api.billing.purchasePack, { token, body: { offer_id: 'pack-5k' } });
    expect(buy.body.msg).toBe('The current credit card has expired, please replace the credit card.');
    const zh = await k.t.call(api.billing.purchasePack, { token, lang: 'zh-CN', body: { offer_id: 'pack-5k' } });
    expect(zh.body.msg).not.toBe(buy.body.msg);
    expect(zh.body.msg).toMatch(/[\u4e00-\u9fff]/);
    expect((await k.t.deps.dbh.query('select 1 from payments where shop_id = $1', [shopId])).rows).toHaveLength(0);
  });

  it('refuses purchases without a card, and to a manager', async () => {
    const owner = await signUp(k.t);
    const noCard = await k.t.call(api.billing.purchasePack, { token: owner.token, body: { offer_id: 'pack-5k' } });
    expect(noCard.body.msg).toBe('Please add a credit card first.');

    const manager = await signUp(k.t, { store: false });
    const [session] = await k.t.deps.dbh.db.select().from(sessions).orderBy(desc(sessions.createdAt)).limit(1);
    await k.t.deps.dbh.db.insert(shopMembers).values({ shopId: owner.shopId, userId: session!.userId, role: 'manager' });
    await k.t.deps.dbh.db.update(sessions).set({ shopId: owner.shopId }).where(eq(sessions.id, session!.id));
    const refused = await k.t.call(api.billing.purchasePack, { token: manager.token, body: { offer_id: 'pack-5k' } });
    expect(refused.status).toBe(403);
    expect(refused.body.code).not.toBe(100);
  });

  it('mails the owner once when the provider says the card expires soon', async () => {
    const { token, shopId, account } = await signUp(k.t);
    await saveCard(k, token);
    const [row] = (await k.t.deps.dbh.query<{ customer_id: string }>('select customer_id from billing_accounts where shop_id = $1', [shopId])).rows;
    const card = { id: 'card_1', object: 'card', customer: row!.customer_id, brand: 'Visa', last4: '4242', exp_month: 12, exp_year: 2026 };
    const first = await k.fake.sendEvent('customer.source.expiring', card);
    await k.fake.sendEvent('customer.source.expiring', { ...card, id: 'card_1' });
    expect(first.status).toBe(200);
    const mails = await k.t.deps.dbh.db.select().from(outboxMessages)
      .where(and(eq(outboxMessages.channel, 'email'), eq(outboxMessages.recipient, account)));
    const warnings = mails.filter((m) => m.subject?.includes('expires soon'));
    expect(warnings).toHaveLength(1);
    expect(warnings[0]!.body).toContain('12/2026');
  });
});

describe('without payments configured', () => {
  it('refuses the card and purchase routes with notConfigured', async () => {
    const t = await startTestApp();
    try {
      const { token } = await signUp(t);
      for (const [route, body] of [
        [api.billing.getSetupIntent, undefined], [api.billing.getPaymentMethod, undefined],
        [api.billing.purchasePack, { offer_id: 'pack-5k' }], [api.billing.purchaseVip, { level: 2, months: 12 }],
      ] as const) {
        const r = await t.call(route, { token, body });
        expect([r.status, r.body.msg]).toEqual([409, "Payments are not configured on this server, so nothing can be bought here. The store keeps its free starter volume, and the server's operator can grant more."]);
      }
    } finally {
      await t.close();
    }
  });
});
