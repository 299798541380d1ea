import { api } from '@storecast/contract';
import { customers, subscribers } from '@storecast/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp } from '../../test/sign-up.ts';
import { startTestApp, type TestApp } from '../../test/start-test-app.ts';
import { makePopup, storeOf, visitorId } from './test/storefront-fixtures.ts';

/**
 * Addresses whose bytes are not UTF-8 (`ED A0 80`, a surrogate encoded as if it were a
 * character) arrive decoded as U+FFFD. Sent as raw bytes, as a broken client would send them,
 * they are refused with the e-mail message, and nothing is stored.
 */

let t: TestApp;
let shopId = '';
let key = '';
let apiToken = '';

beforeAll(async () => {
  t = await startTestApp();
  const owner = await signUp(t);
  shopId = owner.shopId;
  key = (await storeOf(t, shopId)).key;
  apiToken = (await t.call(api.apiToken.create, { token: owner.token, body: { name: 'bytes' } })).body.data.token;
});

afterAll(async () => {
  await t?.close();
});

/** A JSON text whose `address` placeholder is replaced by the bytes of `local`, ED A0 80 and a domain. */
const withBrokenAddress = (json: string, local: string) => {
  const [before, after] = json.split('"@ADDRESS@"') as [string, string];
  return Buffer.concat([Buffer.from(`${before}"${local}`), Buffer.from([0xed, 0xa0, 0x80]), Buffer.from(`@example.com"${after}`)]);
};

describe('an address with bytes that are not UTF-8', () => {
  it('is refused by the pop-up sign-up with the e-mail message, and no subscriber is stored', async () => {
    const popupId = await makePopup(t, shopId);
    for (const [type, lang, msg] of [['text/plain;charset=UTF-8', 'en-US', 'The e-mail address is not valid.'], ['application/json', 'zh-CN', '邮箱地址格式不正确。']]) {
      const res = await t.app.inject({
        method: 'POST', url: '/api/public/storefront/subscribe', headers: { 'content-type': type!, 'accept-language': lang! },
        // The shopper's language is the form's.
        payload: withBrokenAddress(JSON.stringify({
          key, popup_id: popupId, visitor_id: visitorId('bytes'), email: '@ADDRESS@', consent: true, language: lang, page_url: '',
        }), `shopper-${lang}`),
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 103, msg });
    }
    expect(await t.deps.dbh.db.select().from(subscribers).where(eq(subscribers.shopId, shopId))).toEqual([]);
  });

  it('is a rejected item of a customer batch, with the e-mail message, and no customer is stored', async () => {
    const res = await t.app.inject({
      method: 'POST', url: '/api/public/v1/customers',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${apiToken}`, 'accept-language': 'en-US' },
      payload: withBrokenAddress(JSON.stringify({ customers: [{ id: 'c-bytes', email: '@ADDRESS@', accepts_marketing: true }] }), 'buyer'),
    });
    expect(res.json()).toMatchObject({ code: 100, data: { created: 0, rejected: [{ index: 0, reason: 'email: Invalid e-mail address.' }] } });
    expect(await t.deps.dbh.db.select().from(customers).where(eq(customers.shopId, shopId))).toEqual([]);
    expect(await t.deps.dbh.db.select().from(subscribers).where(eq(subscribers.shopId, shopId))).toEqual([]);
  });
});
