import { platformWebhooks } from '@storecast/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ConsentState, CustomerRecord } from '../../test/fake-shopify/fake-shopify-store.ts';
import { signUp } from '../../test/sign-up.ts';
import { startTestApp, type TestApp } from '../../test/start-test-app.ts';
import { DOC } from '../delivery/test/fixtures.ts';
import { seedFlow } from '../flows/test/seed-flow.ts';
import { applyWaitingWebhooks } from './apply-platform-webhooks-job.ts';
import { claimSyncs, queueFirstSync, runClaimedSync } from './sync-platform-store.ts';
import { linkFakeShopify, startRoutedFake } from './test/sync-fixtures.ts';

/**
 * A first sync applies the platform's consent as its webhooks do: the same customers, once
 * through a first sync from the fake Shopify and once as `customers/update` webhooks (with the
 * consent fields older API versions send) into a store with the same subscribers beforehand, end
 * in the same subscribers, statuses, consent history, `unsubscribed` events, welcome runs and
 * consent clocks. A withdrawal reaches every subscriber linked to the customer but one whose
 * separate address was given here.
 */
const DAY = 86_400_000;
// One clock for the file, so both stores start from the same times.
const NOW = Date.now();
const ago = (days: number) => new Date(NOW - days * DAY).toISOString();
let t: TestApp;
let routed: Awaited<ReturnType<typeof startRoutedFake>>;

const consent = (marketingState: ConsentState['marketingState'], at: string | null): ConsentState => ({
  marketingState, marketingOptInLevel: marketingState === 'NOT_SUBSCRIBED' ? null : 'SINGLE_OPT_IN', consentUpdatedAt: at,
});
const customer = (c: Partial<CustomerRecord> & { email: string | null }): Omit<CustomerRecord, 'id'> => ({
  phone: null, firstName: 'First', lastName: 'Last', createdAt: ago(100), updatedAt: ago(1),
  emailMarketingConsent: null, smsMarketingConsent: null, tags: [], ...c,
});

beforeAll(async () => {
  t = await startTestApp();
  routed = await startRoutedFake({ shop: 'consent-tea.myshopify.com', bulkBatchSize: 100 }, (fake) => {
    const add = (c: Omit<CustomerRecord, 'id'>) => fake.store.customers.add(c);
    // Withdrawn on the platform ten days ago; subscribed here by an import before that.
    add(customer({ email: 'withdrawn@example.com', emailMarketingConsent: consent('UNSUBSCRIBED', ago(10)) }));
    // Left here twenty days ago, consented again on the platform five days ago.
    add(customer({ email: 'again@example.com', emailMarketingConsent: consent('SUBSCRIBED', ago(5)) }));
    // Left here five days ago; the platform still reports its consent of thirty days ago.
    add(customer({ email: 'stale@example.com', emailMarketingConsent: consent('SUBSCRIBED', ago(30)) }));
    // SMS consent without e-mail consent.
    add(customer({
      email: 'texts-only@example.com', phone: '+14155550131', emailMarketingConsent: consent('NOT_SUBSCRIBED', null),
      smsMarketingConsent: { ...consent('SUBSCRIBED', ago(3)), consentCollectedFrom: 'SHOPIFY' },
    }));
    // Withdrawn on the platform ten days ago; consent given here by a pop-up two days ago.
    add(customer({ email: 'popup@example.com', emailMarketingConsent: consent('UNSUBSCRIBED', ago(10)) }));
    // A new subscriber with both channels, and one who never chose (its number left alone).
    add(customer({
      email: 'both@example.com', phone: '+14155550132', emailMarketingConsent: consent('SUBSCRIBED', ago(4)),
      smsMarketingConsent: { ...consent('SUBSCRIBED', ago(4)), consentCollectedFrom: 'SHOPIFY' },
    }));
    add(customer({ email: 'never@example.com', phone: '+14155550133', emailMarketingConsent: consent('NOT_SUBSCRIBED', null) }));
    // Withdrawn on the platform ten days ago, with three subscribers linked to the customer here.
    add(customer({ email: 'Several@Example.com', emailMarketingConsent: consent('UNSUBSCRIBED', ago(10)) }));
  });
}, 60_000);
afterAll(async () => {
  await routed?.close();
  await t?.close();
});

/** The subscribers a store had before it connected its platform store, and a welcome flow on. */
async function storeBefore(shopId: string) {
  await seedFlow(t.deps.dbh, shopId, 'welcome', { steps: [{ key: 'e1', type: 'email', title: 'Hi', summary: '', content: DOC, coupon_id: null }] });
  const add = (email: string, source: string, status: string, consentAt: string, leftAt: string | null, customerRef: string | null = null) =>
    t.deps.dbh.query(
      `insert into subscribers (shop_id, email, source, status, consent, updated_at, customer_ref) values ($1, $2, $3, $4, $5, $6, $7)`,
      [shopId, email, source, status, JSON.stringify({ source, at: consentAt }), leftAt ?? new Date().toISOString(), customerRef]);
  await add('withdrawn@example.com', 'import', 'subscribed', ago(60), null);
  await add('again@example.com', 'popup', 'unsubscribed', ago(90), ago(20));
  await add('stale@example.com', 'popup', 'unsubscribed', ago(90), ago(5));
  await add('popup@example.com', 'popup', 'subscribed', ago(2), null);
  // Linked to one customer: its own address (an import), another the API brought, and a separate
  // address the shopper gave a pop-up before the withdrawal.
  const several = String([...routed.fake.store.customers].find((c) => c.email === 'Several@Example.com')!.id);
  await add('several@example.com', 'import', 'subscribed', ago(60), null, several);
  await add('several.work@example.com', 'api', 'subscribed', ago(60), null, several);
  await add('several.shop@example.com', 'popup', 'subscribed', ago(60), null, several);
}

/** A customer as Shopify's REST webhooks send it, consent included (API versions before 2025-01). */
function webhookOf(c: CustomerRecord) {
  const state = (s: ConsentState | null) => s && { state: s.marketingState.toLowerCase(), consent_updated_at: s.consentUpdatedAt };
  return {
    id: c.id, email: c.email, phone: c.phone, first_name: c.firstName, last_name: c.lastName, created_at: c.createdAt, updated_at: c.updatedAt,
    email_marketing_consent: state(c.emailMarketingConsent), sms_marketing_consent: state(c.smsMarketingConsent),
  };
}

/** What consent left in a store, subscribers named by their e-mail or phone. */
async function consentOf(shopId: string) {
  const q = async (text: string) => (await t.deps.dbh.query(text, [shopId])).rows;
  const who = `coalesce(s.email, s.phone)`;
  return {
    subscribers: await q(`select s.email, s.phone, s.status, s.sms_status, s.customer_ref, s.consent->>'source' as source,
        -- Times of the platform and of before, not the moment of the write.
        case when (s.consent->>'at')::timestamptz < now() - interval '1 minute' then s.consent->>'at' end as consent_at, s.sms_consent is not null as sms_consent, s.unsubscribed_at is not null as unsubscribed
      from subscribers s where s.shop_id = $1 order by ${who}`),
    history: await q(`select ${who} as who, e.channel, e.kind, e.via from consent_events e join subscribers s on s.id = e.subscriber_id
      where e.shop_id = $1 order by 1, 2, 3, 4`),
    events: await q(`select ${who} as who, e.type, e.occurred_at, e.subject, e.properties from events e join subscribers s on s.id = e.subscriber_id
      where e.shop_id = $1 order by 1, 2`),
    runs: await q(`select ${who} as who, r.status from flow_runs r join subscribers s on s.id = r.subscriber_id where r.shop_id = $1 order by 1`),
    clocks: await q(`select external_id, email_consent_at, sms_consent_at from customers where shop_id = $1 order by external_id`),
  };
}

describe('the first sync\'s consent', () => {
  it('ends as the webhooks end for the same customers', async () => {
    const [synced, hooked] = [await signUp(t, { name: 'Synced Consent Tea' }), await signUp(t, { name: 'Webhook Consent Tea' })];
    for (const store of [synced, hooked]) await storeBefore(store.shopId);

    await linkFakeShopify(t, synced.shopId, routed.fake);
    await queueFirstSync(t.deps.dbh.db, synced.shopId, 'shopify');
    const [claimed] = await claimSyncs(t.deps.dbh.db, 60_000, { shopId: synced.shopId, platform: 'shopify' });
    expect(await runClaimedSync(t.deps, claimed!, { leaseMs: 60_000, pollMs: 20 })).toBe('done');

    const customers = [...routed.fake.store.customers];
    await t.deps.dbh.db.insert(platformWebhooks).values(customers.map((c) => ({
      platform: 'shopify', eventId: `consent-${c.id}`, shopId: hooked.shopId, topic: 'customers/update', payload: JSON.stringify(webhookOf(c)),
    })));
    expect(await applyWaitingWebhooks(t.deps, t.app.log, 100)).toBe(customers.length);

    const a = await consentOf(hooked.shopId);
    expect(await consentOf(synced.shopId)).toEqual(a);
    // What the comparison rests on: each case did what it says.
    const statuses = Object.fromEntries(a.subscribers.map((s) => [s.email ?? s.phone, [s.status, s.sms_status]]));
    expect(statuses).toEqual({
      '+14155550131': ['subscribed', 'subscribed'],
      'again@example.com': ['subscribed', null],
      'both@example.com': ['subscribed', 'subscribed'],
      'popup@example.com': ['subscribed', null],
      'stale@example.com': ['unsubscribed', null],
      'withdrawn@example.com': ['unsubscribed', null],
      'several@example.com': ['unsubscribed', null],
      'several.work@example.com': ['unsubscribed', null],
      'several.shop@example.com': ['subscribed', null],
    });
    // Both customers withdrew ten days ago.
    const left = (email: string) => ({
      who: email, type: 'unsubscribed', occurred_at: new Date(ago(10)), subject: 'shopify', properties: { via: 'platform', platform: 'shopify' },
    });
    expect([...a.events].sort((x, y) => String(x.who).localeCompare(String(y.who))))
      .toEqual(['several.work@example.com', 'several@example.com', 'withdrawn@example.com'].sort((x, y) => x.localeCompare(y)).map(left));
    expect(a.runs.map((r) => r.who)).toEqual(['+14155550131', 'both@example.com']);
    expect(a.clocks.filter((c) => c.email_consent_at !== null)).toHaveLength(6);
    expect(a.clocks.filter((c) => c.sms_consent_at !== null)).toHaveLength(2);
  }, 120_000);
});
