import { api } from '@storecast/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ownerWithCard, type PaymentsKit, postWebhook, readLedger, readPaymentRow, startPayments } from './test/payment-kit.ts';
import { WEBHOOK_PATH } from './stripe-webhook.ts';

let k: PaymentsKit;
// Events are posted by the test itself here, so it decides their order.
beforeAll(async () => void (k = await startPayments({ deliverWebhooks: false })));
afterAll(() => k.close());

const intentEvent = (id: string, type: string, intent: Record<string, unknown>) =>
  JSON.stringify({ id, object: 'event', type, created: Math.floor(Date.now() / 1000), data: { object: { object: 'payment_intent', ...intent } } });

describe('the payment webhook', () => {
  it('refuses unsigned, mis-signed, oversize and odd bodies with a 4xx envelope', async () => {
    const body = intentEvent('evt_x', 'payment_intent.succeeded', { id: 'pi_x', metadata: {} });
    for (const signature of ['', 't=1,v1=00', 'x'.repeat(5000), `t=${Math.floor(Date.now() / 1000)},v1=${'0'.repeat(64)}`]) {
      const r = await postWebhook(k.t, body, signature);
      expect(r.status).toBe(400);
      expect(r.body.code).not.toBe(100);
    }
    const huge = await k.t.app.inject({
      method: 'POST', url: WEBHOOK_PATH, payload: 'a'.repeat(300 * 1024),
      headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=00' },
    });
    expect(huge.statusCode).toBe(413);
    expect(huge.json().code).not.toBe(100);
    for (const [payload, type] of [['\u0000\u0000', 'application/json'], ['{"id":', 'text/plain'], ['', 'application/octet-stream']]) {
      const r = await k.t.app.inject({ method: 'POST', url: WEBHOOK_PATH, payload, headers: { 'content-type': type!, 'stripe-signature': 't=1,v1=00' } });
      expect(r.statusCode).toBe(400);
      expect(typeof r.json().msg).toBe('string');
    }
  });

  it('answers unknown events and signed nonsense with 200 and does nothing', async () => {
    expect((await postWebhook(k.t, JSON.stringify({ id: 'evt_other', object: 'event', type: 'charge.refunded', data: { object: {} } }))).status).toBe(200);
    const stray = intentEvent('evt_stray', 'payment_intent.succeeded', { id: 'pi_stray', metadata: { payment_id: "1' or '1'='1" } });
    expect((await postWebhook(k.t, stray)).status).toBe(200);
  });

  it('keeps a succeeded payment succeeded when a failure event comes late, and settles a failed one that succeeds', async () => {
    const { token, shopId } = await ownerWithCard(k);
    const buy = await k.t.call(api.billing.purchasePack, { token, body: { offer_id: 'pack-5k' } });
    const paymentId = buy.body.data.payment_id;
    const intentId = (await readPaymentRow(k.t, paymentId))!.intent_id!;
    const failed = intentEvent('evt_late_fail', 'payment_intent.payment_failed', {
      id: intentId, metadata: { payment_id: paymentId }, last_payment_error: { code: 'card_declined' },
    });
    expect((await postWebhook(k.t, failed)).status).toBe(200);
    expect((await readPaymentRow(k.t, paymentId))?.status).toBe('succeeded');

    // A payment marked failed first, then reported succeeded: credited once, on the success.
    await k.t.deps.dbh.query(`update payments set status = 'failed' where id = $1`, [paymentId]);
    await k.t.deps.dbh.query(`delete from send_packages where payment_id = $1`, [paymentId]);
    await k.t.deps.dbh.query(`delete from invoices where payment_id = $1`, [paymentId]);
    const ok = intentEvent('evt_late_ok', 'payment_intent.succeeded', {
      id: intentId, metadata: { payment_id: paymentId }, amount: 900, amount_received: 900, currency: 'usd',
    });
    expect((await postWebhook(k.t, ok)).status).toBe(200);
    expect((await postWebhook(k.t, ok)).status).toBe(200);
    const { packs, sum } = await readLedger(k.t, shopId);
    expect(packs).toHaveLength(1);
    expect(sum(packs[0]!.id, ['recharge'])).toBe(5000);
    expect((await readPaymentRow(k.t, paymentId))?.status).toBe('succeeded');
  });

  it('credits nothing when the intent paid less than the price or in another currency', async () => {
    const { token, shopId } = await ownerWithCard(k);
    const before = (await readLedger(k.t, shopId)).packs.length;
    for (const [n, paid] of [[1, { amount: 1, amount_received: 1, currency: 'usd' }], [2, { amount: 900, amount_received: 900, currency: 'jpy' }]] as const) {
      const buy = await k.t.call(api.billing.purchasePack, { token, body: { offer_id: 'pack-5k' } });
      const paymentId = buy.body.data.payment_id;
      // As if the answer had been lost: the payment is still open when the event comes.
      await k.t.deps.dbh.query(`update payments set status = 'pending' where id = $1`, [paymentId]);
      await k.t.deps.dbh.query(`delete from send_packages where payment_id = $1`, [paymentId]);
      await k.t.deps.dbh.query(`delete from invoices where payment_id = $1`, [paymentId]);
      const event = intentEvent(`evt_short_${n}`, 'payment_intent.succeeded', { id: `pi_short_${n}`, metadata: { payment_id: paymentId }, ...paid });
      expect((await postWebhook(k.t, event)).status).toBe(200);
      expect(await readPaymentRow(k.t, paymentId)).toMatchObject({ status: 'failed' });
      const status = await k.t.call(api.billing.paymentStatus, { token, query: { payment_id: paymentId }, lang: 'zh-CN' });
      expect(status.body.data).toMatchObject({ status: 'failed', message: '支付服务报告的金额或币种与订单不符，未入账。请联系客服核对。' });
    }
    expect((await readLedger(k.t, shopId)).packs).toHaveLength(before);
  });
});
