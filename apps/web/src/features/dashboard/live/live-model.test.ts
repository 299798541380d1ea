import type { LiveItem } from '@storecast/contract';
import { describe, expect, it } from 'vitest';
import { applyMessage, FEED_SIZE, initialLiveState, withStatus } from './live-model.ts';

const item = (n: number, type: LiveItem['type'], extra: Partial<LiveItem> = {}): LiveItem => ({
  key: `e${n}`, type, at: new Date(Date.UTC(2026, 0, 1, 0, 0, n)).toISOString(), email: null, subscriber_id: null,
  visitor_id: null, subject: null, amount: null, currency: null, new_visitor: false, ...extra,
});
const msg = (event: string, data: unknown) => ({ event, data: JSON.stringify(data) });

describe('the live view model', () => {
  it('starts from the snapshot, then counts items once and keeps the newest first', () => {
    let s = applyMessage(initialLiveState(), msg('snapshot', { counts: { visitors: 3, sign_ups: 1, cart_adds: 0, orders: 2, opens: 5 }, recent: [], since: '' }));
    expect(s.status).toBe('live');
    s = applyMessage(s, msg('items', [
      item(1, 'viewed_page', { new_visitor: true }), item(2, 'viewed_page'), item(3, 'added_to_cart'), item(4, 'order'),
      item(5, 'signed_up'), item(6, 'opened'), item(7, 'clicked'),
    ]));
    expect(s.counts).toEqual({ visitors: 4, sign_ups: 2, cart_adds: 1, orders: 3, opens: 6 });
    expect(s.feed.map((i) => i.key)).toEqual(['e7', 'e6', 'e5', 'e4', 'e3', 'e2', 'e1']);
    // The same item again (a repeated message) changes nothing.
    expect(applyMessage(s, msg('items', [item(4, 'order')]))).toBe(s);
  });

  it('a reconnection snapshot replaces the counters; the feed stays and is capped', () => {
    let s = initialLiveState();
    s = applyMessage(s, msg('items', Array.from({ length: FEED_SIZE + 10 }, (_, i) => item(i, 'viewed_product'))));
    expect(s.feed).toHaveLength(FEED_SIZE);
    expect(s.feed[0]!.key).toBe(`e${FEED_SIZE + 9}`);
    s = withStatus(s, 'reconnecting');
    expect(s.status).toBe('reconnecting');
    s = applyMessage(s, msg('snapshot', { counts: { visitors: 1, sign_ups: 0, cart_adds: 0, orders: 0, opens: 0 }, recent: [], since: '' }));
    expect(s).toMatchObject({ status: 'live', counts: { visitors: 1 } });
    expect(s.feed).toHaveLength(FEED_SIZE);
  });

  it('starts the feed from the snapshot\'s lines and does not repeat them after a reconnection', () => {
    const recent = [item(9, 'order'), item(8, 'viewed_page', { new_visitor: true })];
    let s = applyMessage(initialLiveState(), msg('snapshot', { counts: { visitors: 1, sign_ups: 0, cart_adds: 0, orders: 1, opens: 0 }, recent, since: '' }));
    expect(s.feed.map((i) => i.key)).toEqual(['e9', 'e8']);
    s = applyMessage(s, msg('items', [item(10, 'clicked')]));
    s = applyMessage(s, msg('snapshot', { counts: { visitors: 1, sign_ups: 0, cart_adds: 0, orders: 1, opens: 0 }, recent: [item(10, 'clicked'), ...recent], since: '' }));
    expect(s.feed.map((i) => i.key)).toEqual(['e10', 'e9', 'e8']);
    expect(s.counts.orders).toBe(1);
  });

  it('ignores messages it cannot read', () => {
    const s = initialLiveState();
    expect(applyMessage(s, { event: 'items', data: 'not json' })).toBe(s);
    expect(applyMessage(s, msg('other', {}))).toBe(s);
  });
});
