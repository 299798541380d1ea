import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp } from '../../test/sign-up.ts';
import { startTestApp, type TestApp } from '../../test/start-test-app.ts';
import { shopperEventLanes } from './record-shopper-events.ts';
import { storefront, storeOf, visitorId } from './test/storefront-fixtures.ts';

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
});

afterAll(async () => {
  await t?.close();
});

describe('a flood of shopper events', () => {
  it('leaves other requests their turn: the health check is answered again and again while the batches are written', async () => {
    const { key } = await storeOf(t, (await signUp(t)).shopId);
    // The health check over a real connection, as a monitor asks it; the batches arrive at once.
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    const health = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}/api/health`;
    expect((await fetch(health)).status).toBe(200);
    // Forty rounds of batches on either database: one lane on PGlite, several on PostgreSQL.
    const rounds = 40;
    const N = rounds * shopperEventLanes(t.deps.dbh.kind);
    const events = Array.from({ length: 50 }, (_, i) => ({ type: 'viewed_page', at: Date.now(), url: `https://shop.example.com/p/${i}` }));
    let answered = 0;
    let settled = false;
    const flood = Promise.all(Array.from({ length: N }, async (_, i) => {
      const res = await storefront(t, 'POST', 'events', { body: { key, visitor_id: visitorId(`turns-${i}`), events } });
      answered += 1;
      return res.status;
    })).finally(() => (settled = true));
    // Queued behind every batch that had arrived (on the embedded database's one connection, or
    // for one of PostgreSQL's pool), the health check was answered at most a few times during the
    // whole flood; taking turns, it waits for a round of batches or two each time.
    let answeredDuring = 0;
    while (!settled) {
      const res = await fetch(health);
      expect(res.status).toBe(200);
      await res.arrayBuffer();
      if (answered < N) answeredDuring += 1;
    }
    expect(await flood).toEqual(Array.from({ length: N }, () => 200));
    expect(answeredDuring).toBeGreaterThanOrEqual(rounds / 4);
  }, 120_000);
});
