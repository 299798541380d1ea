import { type DbHandle, shops } from '@storecast/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDb } from '../../test/start-test-app.ts';

// subscribers.shop_id and subscriber_tags' three references are kept by statement-level
// triggers instead of foreign keys (so a large import is not checked row by row). These are the
// rules the foreign keys gave, checked on the database itself.
let db: Awaited<ReturnType<typeof openTestDb>>;
let dbh: DbHandle;
beforeAll(async () => ((db = await openTestDb()), (dbh = db.dbh)));
afterAll(() => db.drop());

const FK_VIOLATION = { code: '23503' };
let seq = 0;

async function newStore() {
  seq++;
  const [shop] = await dbh.db.insert(shops).values({
    name: `Refs ${seq}`, homepageUrl: `https://refs${seq}.example.com`, platform: 'custom', platformDomain: `refs${seq}.example.com`, currency: 'USD', timezone: 'UTC',
  }).returning({ id: shops.id });
  return shop!.id;
}

async function subscriber(shopId: string, email: string) {
  const r = await dbh.query<{ id: number }>(`insert into subscribers (shop_id, email, source) values ($1, $2, 'manual') returning id`, [shopId, email]);
  return Number(r.rows[0]!.id);
}

async function tag(shopId: string, name: string) {
  const r = await dbh.query<{ id: number }>(`insert into tags (shop_id, name) values ($1, $2) returning id`, [shopId, name]);
  return Number(r.rows[0]!.id);
}

const count = async (sql: string, params: unknown[]) => Number((await dbh.query<{ n: number }>(sql, params)).rows[0]!.n);

describe('references of subscribers and their tags', () => {
  it('refuses a subscriber of a store that does not exist', async () => {
    await expect(subscriber('00000000-0000-4000-8000-000000000000', 'ghost@example.com')).rejects.toMatchObject(FK_VIOLATION);
  });

  it('refuses a tag link to a missing subscriber or to another store\'s subscriber or tag', async () => {
    const a = await newStore();
    const b = await newStore();
    const sa = await subscriber(a, 'a@example.com');
    const ta = await tag(a, 'vip');
    const tb = await tag(b, 'vip');
    const link = (shopId: string, sid: number, tid: number) =>
      dbh.query(`insert into subscriber_tags (shop_id, subscriber_id, tag_id) values ($1, $2, $3)`, [shopId, sid, tid]);
    await expect(link(a, sa + 1000, ta)).rejects.toMatchObject(FK_VIOLATION);
    await expect(link(a, sa, tb)).rejects.toMatchObject(FK_VIOLATION);
    await expect(link(b, sa, tb)).rejects.toMatchObject(FK_VIOLATION);
    await link(a, sa, ta);
    expect(await count(`select count(*)::int as n from subscriber_tags where subscriber_id = $1`, [sa])).toBe(1);
  });

  it('checks links to subscribers this transaction just wrote (the import\'s id range) as strictly', async () => {
    const a = await newStore();
    const b = await newStore();
    const sa = await subscriber(a, 'range-a@example.com');
    const sb = await subscriber(b, 'range-b@example.com');
    const ta = await tag(a, 'ranged');
    // Within the range the check is one join, not a locked probe each; it must still refuse a
    // missing subscriber and another store's subscriber, and let a good link through.
    const linkInRange = (sid: number) =>
      dbh.transaction(async (c) => {
        await c.query(`select set_config('storecast.fresh_subscribers', $1, true)`, [`${Math.min(sa, sb)}-${Math.max(sa, sb) + 10}`]);
        await c.query(`insert into subscriber_tags (shop_id, subscriber_id, tag_id) values ($1, $2, $3)`, [a, sid, ta]);
      });
    await expect(linkInRange(Math.max(sa, sb) + 5)).rejects.toMatchObject(FK_VIOLATION);
    await expect(linkInRange(sb)).rejects.toMatchObject(FK_VIOLATION);
    await linkInRange(sa);
    expect(await count(`select count(*)::int as n from subscriber_tags where tag_id = $1`, [ta])).toBe(1);
  });

  it('refuses moving a subscriber to another store, and lets other changes through', async () => {
    const a = await newStore();
    const b = await newStore();
    const sa = await subscriber(a, 'mover@example.com');
    await expect(dbh.query(`update subscribers set shop_id = $2 where id = $1`, [sa, b])).rejects.toMatchObject(FK_VIOLATION);
    await dbh.query(`update subscribers set first_name = 'Ann' where id = $1`, [sa]);
    expect(await count(`select count(*)::int as n from subscribers where id = $1 and shop_id = $2 and first_name = 'Ann'`, [sa, a])).toBe(1);
  });

  it('deleting a subscriber, a tag or a store deletes what points at it', async () => {
    const a = await newStore();
    const keep = await newStore();
    const [s1, s2, s3] = [await subscriber(a, 's1@example.com'), await subscriber(a, 's2@example.com'), await subscriber(a, 's3@example.com')];
    const [t1, t2] = [await tag(a, 'one'), await tag(a, 'two')];
    await dbh.query(
      `insert into subscriber_tags (shop_id, subscriber_id, tag_id) values ($1, $2, $5), ($1, $2, $6), ($1, $3, $5), ($1, $4, $6)`,
      [a, s1, s2, s3, t1, t2],
    );
    const other = await subscriber(keep, 's1@example.com');
    const otherTag = await tag(keep, 'one');
    await dbh.query(`insert into subscriber_tags (shop_id, subscriber_id, tag_id) values ($1, $2, $3)`, [keep, other, otherTag]);
    const links = (shopId: string) => count(`select count(*)::int as n from subscriber_tags where shop_id = $1`, [shopId]);

    await dbh.query(`delete from subscribers where id = $1`, [s1]);
    expect(await links(a)).toBe(2);
    await dbh.query(`delete from tags where id = $1`, [t1]);
    expect(await links(a)).toBe(1);
    await dbh.query(`delete from shops where id = $1`, [a]);
    expect(await links(a)).toBe(0);
    expect(await count(`select count(*)::int as n from subscribers where shop_id = $1`, [a])).toBe(0);
    // The other store keeps everything.
    expect(await links(keep)).toBe(1);
    expect(await count(`select count(*)::int as n from subscribers where shop_id = $1`, [keep])).toBe(1);
  });
});
