import { api } from '@storecast/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CARD_ATTACH_THEN_DECLINE, CARD_INSUFFICIENT_FUNDS, CARD_THREE_DS } from '../../../test/fake-stripe/start-fake-stripe.ts';
import { ownerWithCard, type PaymentsKit, readLedger, readPaymentRow, startPayments } from './test/payment-kit.ts';

let k: PaymentsKit;
beforeAll(async () => void (k = await startPayments({ timeoutMs: 2_000 })));
afterAll(() => k.close());

/** Exactly one pack of 5,000 bought by `paymentId`, with its one recharge row. */
async function expectCreditedOnce(shopId: string, paymentId: string) {
  const { packs, sum } = await readLedger(k.t, shopId);
  expect(packs).toHaveLength(1);
  expect(packs[0]).toMatchObject({ payment_id: paymentId, offer_id: 'pack-5k', total: 5000, remaining: 5000 });
  expect(sum(packs[0]!.id, ['recharge'])).toBe(5000);
  expect((await readPaymentRow(k.t, paymentId))?.status).toBe('succeeded');
  const invoices = (await k.t.deps.dbh.query<{ payment_id: string; amount_minor: number }>(
    'select payment_id, amount_minor from invoices where shop_id = $1', [shopId])).rows;
  expect(invoices).toEqual([{ payment_id: paymentId, amount_minor: 900 }]);
}

const intentOf = async (paymentId: string) => (await readPaymentRow(k.t, paymentId))!.intent_id!;
const intentsOf = (paymentId: string) =>
  [...k.fake.store.paymentIntents.values()].filter((pi) => (pi.metadata as Record<string, string>).payment_id === paymentId);
const eventFor = (intentId: string, type: string) =>
  k.fake.events.find((e) => e.type === type && (e.data as { object: { id: string } }).object.id === intentId)!;

describe('buying a pack', () => {
  it('credits the pack once, however often and whenever the webhook comes', async () => {
    const { token, shopId } = await ownerWithCard(k);
    const before = (await k.t.call(api.billing.enableData, { token })).body.data.total_enable_email_number;
    const buy = await k.t.call(api.billing.purchasePack, { token, body: { offer_id: 'pack-5k', is_auto_renew: true } });
    expect(buy.body).toMatchObject({ code: 100, data: { status: 'succeeded', message: '' } });
    const paymentId = buy.body.data.payment_id;
    await k.fake.waitForDeliveries();
    const event = eventFor(await intentOf(paymentId), 'payment_intent.succeeded');
    expect(k.fake.deliveries.filter((d) => d.eventId === event.id).map((d) => d.status)).toEqual([200]);
    expect((await k.fake.resendEvent(String(event.id))).status).toBe(200);
    await expectCreditedOnce(shopId, paymentId);
    expect((await k.t.call(api.billing.enableData, { token })).body.data.total_enable_email_number).toBe(before + 5000);
    expect((await readPaymentRow(k.t, paymentId))?.amount_minor).toBe(900);
    expect((await k.t.call(api.billing.paymentStatus, { token, query: { payment_id: paymentId } })).body.data.status).toBe('succeeded');
  });

  it('credits once when the webhook comes before the answer', async () => {
    const { token, shopId } = await ownerWithCard(k);
    // The first request is carried out but its answer is lost: the webhook settles the payment,
    // then the client's retry (same idempotency key) gets the stored answer and settles nothing.
    k.fake.hangNext('/v1/payment_intents', 1, { process: true });
    const buy = await k.t.call(api.billing.purchasePack, { token, body: { offer_id: 'pack-5k' } });
    expect(buy.body.data.status).toBe('succeeded');
    const intents = k.fake.requests.filter((r) => r.path === '/v1/payment_intents' && r.method === 'POST').slice(-2);
    expect(intents[0]!.idempotencyKey).toBe(intents[1]!.idempotencyKey);
    await expectCreditedOnce(shopId, buy.body.data.payment_id);
  });

  it('keeps a payment whose answer never came pending, and the webhook credits it later', async () => {
    const { token, shopId } = await ownerWithCard(k);
    k.fake.setWebhookUrl(null);
    k.fake.hangNext('/v1/payment_intents', 2, { process: true });
    const buy = await k.t.call(api.billing.purchasePack, { token, body: { offer_id: 'pack-5k' } });
    expect([buy.status, buy.body.msg]).toEqual([409, 'The payment provider did not answer. The same payment is never charged twice: check the payment in a moment or try again.']);
    const [pending] = (await k.t.deps.dbh.query<{ id: string; status: string }>('select id, status from payments where shop_id = $1', [shopId])).rows;
    expect(pending!.status).toBe('pending');
    expect((await readLedger(k.t, shopId)).packs).toHaveLength(0);
    k.fake.setWebhookUrl(k.webhookUrl);
    const [intent] = intentsOf(pending!.id);
    const event = eventFor(String(intent!.id), 'payment_intent.succeeded');
    expect((await k.fake.resendEvent(String(event.id))).status).toBe(200);
    expect((await k.fake.resendEvent(String(event.id))).status).toBe(200);
    await expectCreditedOnce(shopId, pending!.id);
  });

  it('asks the provider again, with the same key, when payment-status finds no answer was stored', async () => {
    const { token, shopId } = await ownerWithCard(k);
    k.fake.hangNext('/v1/payment_intents', 2);
    const buy = await k.t.call(api.billing.purchasePack, { token, body: { offer_id: 'pack-5k' } });
    expect(buy.status).toBe(409);
    const [pending] = (await k.t.deps.dbh.query<{ id: string }>('select id from payments where shop_id = $1', [shopId])).rows;
    const status = await k.t.call(api.billing.paymentStatus, { token, query: { payment_id: pending!.id } });
    expect(status.body.data.status).toBe('succeeded');
    await k.fake.waitForDeliveries();
    await expectCreditedOnce(shopId, pending!.id);
    // One intent for the payment: the second ask found the first.
    expect(intentsOf(pending!.id)).toHaveLength(1);
  });

  it('answers a declined card as failed, in the caller language, and credits nothing', async () => {
    for (const [card, en] of [
      [CARD_ATTACH_THEN_DECLINE, 'The bank declined the payment and nothing was charged. Use another card or contact your bank.'],
      [CARD_INSUFFICIENT_FUNDS, 'The card has insufficient funds; nothing was charged.'],
    ] as const) {
      const { token, shopId } = await ownerWithCard(k, card);
      const buy = await k.t.call(api.billing.purchasePack, { token, body: { offer_id: 'pack-5k' } });
      expect(buy.body).toMatchObject({ code: 100, data: { status: 'failed', message: en } });
      const zh = await k.t.call(api.billing.purchasePack, { token, lang: 'zh-CN', body: { offer_id: 'pack-5k' } });
      expect(zh.body.data.status).toBe('failed');
      expect(zh.body.data.message).toMatch(/[\u4e00-\u9fff]/);
      await k.fake.waitForDeliveries();
      expect((await readLedger(k.t, shopId)).packs).toHaveLength(0);
      expect((await readPaymentRow(k.t, buy.body.data.payment_id))?.status).toBe('failed');
      const status = await k.t.call(api.billing.paymentStatus, { token, lang: 'zh-CN', query: { payment_id: buy.body.data.payment_id } });
      expect(status.body.data.message).toBe(zh.body.data.message);
    }
  });

  it('waits for 3-D Secure, then settles once through payment-status', async () => {
    const { token, shopId } = await ownerWithCard(k, CARD_THREE_DS);
    const buy = await k.t.call(api.billing.purchasePack, { token, body: { offer_id: 'pack-5k' } });
    expect(buy.body.data.status).toBe('requires_action');
    expect(buy.body.data.client_secret).toMatch(/^pi_.+_secret_/);
    const paymentId = buy.body.data.payment_id;
    expect((await k.t.call(api.billing.paymentStatus, { token, query: { payment_id: paymentId } })).body.data.status).toBe('requires_action');
    expect((await readLedger(k.t, shopId)).packs).toHaveLength(0);
    k.fake.completeThreeDS(await intentOf(paymentId), true);
    const status = await k.t.call(api.billing.paymentStatus, { token, query: { payment_id: paymentId } });
    expect(status.body.data).toMatchObject({ status: 'succeeded', client_secret: '' });
    await k.fake.waitForDeliveries();
    await expectCreditedOnce(shopId, paymentId);
  });

  it('fails a payment whose 3-D Secure was refused', async () => {
    const { token, shopId } = await ownerWithCard(k, CARD_THREE_DS);
    const buy = await k.t.call(api.billing.purchasePack, { token, body: { offer_id: 'pack-5k' } });
    k.fake.completeThreeDS(await intentOf(buy.body.data.payment_id), false);
    await k.fake.waitForDeliveries();
    const status = await k.t.call(api.billing.paymentStatus, { token, query: { payment_id: buy.body.data.payment_id } });
    expect(status.body.data.status).toBe('failed');
    expect((await readLedger(k.t, shopId)).packs).toHaveLength(0);
  });

  it("refuses unknown offers, and another store's or malformed payment ids", async () => {
    const a = await ownerWithCard(k);
    const b = await ownerWithCard(k);
    expect((await k.t.call(api.billing.purchasePack, { token: a.token, body: { offer_id: 'pack-free' } })).body.msg).toBe('This sending-volume pack is not on sale.');
    const buy = await k.t.call(api.billing.purchasePack, { token: a.token, body: { offer_id: 'pack-20k' } });
    for (const id of [buy.body.data.payment_id, 'nope', '00000000-0000-0000-0000-000000000000']) {
      const r = await k.t.call(api.billing.paymentStatus, { token: b.token, query: { payment_id: id } });
      expect([r.status, r.body.msg]).toEqual([404, 'This payment does not exist.']);
    }
  });
});
