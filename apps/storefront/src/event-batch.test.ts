import { describe, expect, it } from 'vitest';
import { BATCH_MAX, createEventBatch, FLUSH_EVERY_MS } from './event-batch.ts';
import { createShopperApi, toEvent } from './shopper-api.ts';
import type { StorefrontEvent } from './storefront-types.ts';

const event = (n: number): StorefrontEvent => ({ type: 'viewed_page', at: n, url: 'https://shop.example.com/' });

function setup() {
  const sent: StorefrontEvent[][] = [];
  const timers: { fn: () => void; ms: number }[] = [];
  const batch = createEventBatch((events) => sent.push(events), (fn, ms) => timers.push({ fn, ms }));
  return { sent, timers, batch };
}

describe('event batching', () => {
  it('waits a few seconds, then sends everything in one batch', () => {
    const { sent, timers, batch } = setup();
    batch.add(event(1));
    batch.add(event(2));
    expect(sent).toEqual([]);
    expect(timers).toHaveLength(1);
    expect(timers[0]!.ms).toBe(FLUSH_EVERY_MS);
    timers[0]!.fn();
    expect(sent).toEqual([[event(1), event(2)]]);
    batch.add(event(3));
    expect(timers).toHaveLength(2);
  });

  it('sends a full batch at once and splits a flush into batches of 50', () => {
    const { sent, batch } = setup();
    for (let i = 0; i < BATCH_MAX; i++) batch.add(event(i));
    expect(sent.map((b) => b.length)).toEqual([BATCH_MAX]);
    for (let i = 0; i < 70; i++) batch.add(event(i));
    expect(sent.map((b) => b.length)).toEqual([50, 50]);
    batch.flush();
    expect(sent.map((b) => b.length)).toEqual([50, 50, 20]);
    batch.flush();
    expect(sent).toHaveLength(3);
  });
});

describe('the JS API', () => {
  it('tracks known events with their product, runs queued calls, and ignores bad calls', () => {
    const { sent, batch } = setup();
    const identified: object[] = [];
    const api = createShopperApi({ identify: async (body: object) => { identified.push(body); return { code: 100, msg: '', data: { linked: true } }; } }, batch, () => 42);
    api.push(['track', 'viewed_product', { product_id: 'sku-1', price: 12.5, tags: ['x'], nested: {} }]);
    api.track('added_to_cart', { id: 7, title: 'Tea' });
    api.track('hacked_the_planet');
    api.track(undefined);
    api.push('nonsense');
    api.identify({ email: 'a@example.com' });
    api.identify(null);
    batch.flush();
    expect(sent[0]!.map((e) => [e.type, e.subject, e.properties, e.at])).toEqual([
      ['viewed_product', 'sku-1', { product_id: 'sku-1', price: 12.5 }, 42],
      ['added_to_cart', '7', { id: 7, title: 'Tea' }, 42],
    ]);
    expect(identified).toEqual([{ email: 'a@example.com' }]);
  });

  it('cuts long values to the route limits', () => {
    const e = toEvent('viewed_page', { note: 'x'.repeat(5000) }, 'u'.repeat(3000), 1);
    expect(e.url).toHaveLength(2000);
    expect(String(e.properties!.note)).toHaveLength(1000);
  });
});
