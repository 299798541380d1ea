import { api } from '@storecast/contract';
import { subscribers } from '@storecast/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp } from '../../test/sign-up.ts';
import { startTestApp, type TestApp } from '../../test/start-test-app.ts';

/** SMS consent is kept and withdrawn apart from e-mail consent, and shown in the list and the detail. */
let t: TestApp;
let o: { token: string; shopId: string };

beforeAll(async () => {
  t = await startTestApp();
  o = await signUp(t);
});
afterAll(() => t.close());

describe('SMS consent in the e-mail list', () => {
  it('lists it, shows where it came from, and a bulk SMS unsubscribe leaves e-mail consent alone', async () => {
    const a = await t.call(api.audience.subscriberSave, { token: o.token, body: { email: 'texts@example.com', phone: '+8613800138000' } });
    const b = await t.call(api.audience.subscriberSave, { token: o.token, body: { email: 'mail-only@example.com' } });
    const at = new Date('2026-11-01T08:00:00Z');
    await t.deps.dbh.db.update(subscribers).set({ smsStatus: 'subscribed', smsConsent: { source: 'popup', at: at.toISOString() } })
      .where(eq(subscribers.id, a.body.data.id));

    const list = await t.call(api.audience.subscriberList, { token: o.token, query: {} });
    const byEmail = new Map(list.body.data.items.map((r) => [r.email, r]));
    expect(byEmail.get('texts@example.com')).toMatchObject({ status: 'subscribed', sms_status: 'subscribed' });
    expect(byEmail.get('mail-only@example.com')).toMatchObject({ status: 'subscribed', sms_status: null });
    const detail = await t.call(api.audience.subscriberDetail, { token: o.token, query: { id: String(a.body.data.id) } });
    expect(detail.body.data.sms_consent).toEqual({ source: 'popup', at: at.toISOString() });

    const res = await t.call(api.audience.subscriberBulk, { token: o.token, body: { action: 'sms_unsubscribe', ids: [a.body.data.id, b.body.data.id] } });
    // Only the one who had given SMS consent changes.
    expect(res.body).toMatchObject({ code: 100, data: { affected: 1 } });
    const after = await t.call(api.audience.subscriberDetail, { token: o.token, query: { id: String(a.body.data.id) } });
    expect(after.body.data).toMatchObject({ status: 'subscribed', sms_status: 'unsubscribed' });
  });
});
