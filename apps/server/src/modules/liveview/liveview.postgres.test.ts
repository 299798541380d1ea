import type { LiveItem } from '@storecast/contract';
import { events } from '@storecast/db';
import type { AddressInfo } from 'node:net';
import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { signUp } from '../../test/sign-up.ts';
import { startTestApp, type TestApp } from '../../test/start-test-app.ts';
import { openEventStream } from './test/read-event-stream.ts';

/**
 * PostgreSQL takes ids before commit, so a row may become visible under an id the live feed has
 * already passed: the feed still delivers it, once. (PGlite runs one transaction at a time.)
 */
let t: TestApp;
let o: { token: string; shopId: string };
let base = '';

beforeAll(async () => {
  t = await startTestApp();
  o = await signUp(t);
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterAll(() => t.close());

it('delivers a row whose transaction commits after a later row', async () => {
  const s = await openEventStream(`${base}/api/liveview/stream`, o.token);
  const c = new pg.Client({ connectionString: t.deps.config.databaseUrl });
  await c.connect();
  try {
    await s.next((m) => m.event === 'snapshot');
    const has = (subject: string) => (m: { event: string; data: unknown }) =>
      m.event === 'items' && (m.data as LiveItem[]).some((i) => i.subject === subject);
    await c.query('begin');
    await c.query(`insert into events (shop_id, type, occurred_at, subject) values ($1, 'added_to_cart', now(), 'late')`, [o.shopId]);
    await t.deps.dbh.db.insert(events).values({ shopId: o.shopId, type: 'added_to_cart', occurredAt: new Date(), subject: 'early' });
    await s.next(has('early'));
    await c.query('commit');
    await s.next(has('late'));
    const lates = s.messages.flatMap((m) => (m.event === 'items' ? (m.data as LiveItem[]) : [])).filter((i) => i.subject === 'late');
    expect(lates).toHaveLength(1);
  } finally {
    await c.end();
    await s.close();
  }
});
