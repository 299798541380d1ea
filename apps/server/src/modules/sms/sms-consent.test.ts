import { api } from '@storecast/contract';
import { subscribers } from '@storecast/db';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp } from '../../test/sign-up.ts';
import { startTestApp, type TestApp } from '../../test/start-test-app.ts';
import { makePopup, storefront, storeOf, visitorId } from '../storefront/test/storefront-fixtures.ts';

/**
 * SMS consent is kept apart from e-mail consent: a shopper who gives a phone with consent on the
 * pop-up, or a customer the store's platform sends with `sms_consent`, may be texted; an e-mail
 * sign-up alone never makes a phone textable.
 */
let t: TestApp;
let shopId = '';
let apiKey = '';

beforeAll(async () => {
  t = await startTestApp();
  const owner = await signUp(t);
  shopId = owner.shopId;
  apiKey = (await t.call(api.apiToken.create, { token: owner.token, body: { name: 'ERP' } })).body.data.token;
});
afterAll(() => t.close());

const subscriberBy = async (field: 'email' | 'phone', value: string) =>
  (await t.deps.dbh.db.select().from(subscribers).where(and(eq(subscribers.shopId, shopId), eq(subscribers[field], value))))[0];

describe('SMS consent', () => {
  it('a pop-up sign-up with a phone subscribes the number to SMS; one without does not', async () => {
    const { key, origin } = await storeOf(t, shopId);
    const popupId = await makePopup(t, shopId, { content: { fields: 'email_phone' } });
    const base = { key, popup_id: popupId, consent: true, language: 'zh-CN', page_url: 'https://shop.example.com/' };
    const withPhone = await storefront(t, 'POST', 'subscribe', { origin, body: { ...base, visitor_id: visitorId('p1'), email: 'texts@example.com', phone: '13800138111' } });
    expect(withPhone.body.code).toBe(100);
    expect(await subscriberBy('email', 'texts@example.com')).toMatchObject({
      smsStatus: 'subscribed', smsConsent: expect.objectContaining({ source: 'popup', popup_id: popupId }),
    });
    await storefront(t, 'POST', 'subscribe', { origin, body: { ...base, visitor_id: visitorId('p2'), email: 'mail-only@example.com' } });
    expect(await subscriberBy('email', 'mail-only@example.com')).toMatchObject({ status: 'subscribed', smsStatus: null, smsConsent: null });
    // The known e-mail signs up again with a phone: now it may be texted.
    await storefront(t, 'POST', 'subscribe', { origin, body: { ...base, visitor_id: visitorId('p3'), email: 'mail-only@example.com', phone: '13800138222' } });
    expect(await subscriberBy('email', 'mail-only@example.com')).toMatchObject({ phone: '13800138222', smsStatus: 'subscribed' });
  });

  it('the ingestion API takes sms_consent apart from accepts_marketing', async () => {
    const res = await t.call(api.ingest.customers, {
      token: apiKey,
      body: {
        customers: [
          { id: 'c1', email: 'both@example.com', phone: '+15550001001', accepts_marketing: true, sms_consent: true },
          { id: 'c2', email: 'mail@example.com', phone: '+15550001002', accepts_marketing: true },
        ],
      },
    });
    expect(res.body.code, res.body.msg).toBe(100);
    expect(await subscriberBy('email', 'both@example.com')).toMatchObject({ smsStatus: 'subscribed', smsConsent: expect.objectContaining({ source: 'api' }) });
    expect(await subscriberBy('email', 'mail@example.com')).toMatchObject({ smsStatus: null });
    // Later the platform says yes for c2 and no for c1.
    await t.call(api.ingest.customers, {
      token: apiKey,
      body: { customers: [{ id: 'c2', email: 'mail@example.com', phone: '+15550001002', sms_consent: true }, { id: 'c1', email: 'both@example.com', phone: '+15550001001', sms_consent: false }] },
    });
    expect((await subscriberBy('email', 'mail@example.com'))!.smsStatus).toBe('subscribed');
    expect((await subscriberBy('email', 'both@example.com'))!.smsStatus).toBe('unsubscribed');
    // A number out of SMS is not put back by the platform.
    await t.call(api.ingest.customers, { token: apiKey, body: { customers: [{ id: 'c1', email: 'both@example.com', phone: '+15550001001', sms_consent: true }] } });
    expect((await subscriberBy('email', 'both@example.com'))!.smsStatus).toBe('unsubscribed');
  });
});
