import { type DbHandle, shops } from '@storecast/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDb } from '../../test/start-test-app.ts';
import { copyConsent, copyNewSubscribers, subscriberCopyTail } from './copy-new-subscribers.ts';
import type { ImportRow } from './validate-row.ts';
import { writeBatch } from './write-batch.ts';

// The writer behind the import, on the database itself: new e-mails go in by COPY, known ones
// are merged, and an e-mail that appears between the check and the COPY falls back to the merge.
let db: Awaited<ReturnType<typeof openTestDb>>;
let dbh: DbHandle;
beforeAll(async () => ((db = await openTestDb()), (dbh = db.dbh)));
afterAll(() => db.drop());

const consent = { source: 'import' as const, at: '2026-01-02T03:04:05.000Z', file: 'list.csv' };
let seq = 0;

async function newStore() {
  seq++;
  const [shop] = await dbh.db.insert(shops).values({
    name: `Batch ${seq}`, homepageUrl: `https://batch${seq}.example.com`, platform: 'custom', platformDomain: `batch${seq}.example.com`, currency: 'USD', timezone: 'UTC',
  }).returning({ id: shops.id });
  return shop!.id;
}

const row = (rowNo: number, email: string | null, extra: Partial<ImportRow> = {}): ImportRow => ({
  rowNo, email, phone: null, firstName: '', lastName: '', source: null, status: null, subscribedAt: null, tags: [], attributes: null, ...extra,
});

const people = async (shopId: string) =>
  (await dbh.query<{ email: string | null; phone: string | null; first_name: string; status: string; tags: string | null; consent: { file: string } | null }>(
    `select s.email, s.phone, s.first_name, s.status, s.consent,
       (select string_agg(t.name, ',' order by t.name) from subscriber_tags st join tags t on t.id = st.tag_id where st.subscriber_id = s.id) as tags
     from subscribers s where s.shop_id = $1 order by s.email nulls last, s.phone`,
    [shopId],
  )).rows;

describe('writing a batch of imported rows', () => {
  it('creates new e-mails with their tags and merges known ones', async () => {
    const shopId = await newStore();
    await dbh.query(`insert into subscribers (shop_id, email, first_name, source, status) values ($1, 'old@example.com', 'Old', 'manual', 'unsubscribed')`, [shopId]);
    const counts = await dbh.transaction((c) =>
      writeBatch(c, shopId, [
        row(2, 'new@example.com', { firstName: 'Nia', phone: '+8613800000001', tags: ['vip', 'tab\there'], attributes: { plan: 'pro "x" \\ y' } }),
        row(3, 'old@example.com', { firstName: 'Olga', tags: ['vip'] }),
        row(4, null, { phone: '+8613800000002', tags: ['sms'] }),
      ], consent),
    );
    expect(counts).toMatchObject({ created: 2, updated: 1, knownEmails: 1 });
    const list = await people(shopId);
    expect(list).toMatchObject([
      { email: 'new@example.com', phone: '+8613800000001', first_name: 'Nia', status: 'subscribed', tags: 'tab\there,vip', consent: { file: 'list.csv' } },
      // An import never re-subscribes; one without a recorded consent takes the file's.
      { email: 'old@example.com', first_name: 'Olga', status: 'unsubscribed', tags: 'vip', consent: { file: 'list.csv' } },
      { email: null, phone: '+8613800000002', tags: 'sms' },
    ]);
    const attrs = await dbh.query<{ attributes: Record<string, string> }>(`select attributes from subscribers where email = 'new@example.com' and shop_id = $1`, [shopId]);
    expect(attrs.rows[0]!.attributes).toEqual({ plan: 'pro "x" \\ y' });
  });

  it('writes the same when told to assume every e-mail is new and one is not', async () => {
    const shopId = await newStore();
    await dbh.query(`insert into subscribers (shop_id, email, first_name, source) values ($1, 'known@example.com', 'Kim', 'manual')`, [shopId]);
    const rows = [row(2, 'fresh@example.com', { tags: ['a'] }), row(3, 'known@example.com', { lastName: 'Lee', tags: ['a'] }), row(4, null, { phone: '+8613800000009' })];
    const counts = await dbh.transaction((c) => writeBatch(c, shopId, rows, consent, { assumeNew: true }));
    expect(counts).toMatchObject({ created: 2, updated: 1, knownEmails: 1 });
    expect(await people(shopId)).toMatchObject([
      { email: 'fresh@example.com', tags: 'a' },
      { email: 'known@example.com', first_name: 'Kim', tags: 'a' },
      { email: null, phone: '+8613800000009', tags: null },
    ]);
    // Assumed new and right: nothing known, nothing probed.
    const next = await dbh.transaction((c) => writeBatch(c, shopId, [row(5, 'other@example.com', { tags: ['a', 'b'] })], consent, { assumeNew: true }));
    expect(next).toMatchObject({ created: 1, updated: 0, knownEmails: 0 });
    expect((await people(shopId)).find((p) => p.email === 'other@example.com')).toMatchObject({ tags: 'a,b', status: 'subscribed' });
  });

  it('a new subscriber takes an id the sequence has not given out', async () => {
    const shopId = await newStore();
    await dbh.transaction((c) => writeBatch(c, shopId, [row(2, 'first@example.com')], consent));
    const r = await dbh.query<{ id: number }>(`insert into subscribers (shop_id, email, source) values ($1, 'later@example.com', 'manual') returning id`, [shopId]);
    const all = await dbh.query<{ n: number }>(`select count(distinct id)::int as n from subscribers where shop_id = $1`, [shopId]);
    expect(Number(r.rows[0]!.id)).toBeGreaterThan(0);
    expect(all.rows[0]!.n).toBe(2);
  });

  it('answers false and writes nothing when an e-mail arrived after the check, and the batch still lands', async () => {
    const shopId = await newStore();
    const rows = [row(2, 'race@example.com', { firstName: 'Rae', tags: ['late'] }), row(3, 'calm@example.com', { tags: ['late'] })];
    const out = await dbh.transaction(async (c) => {
      // Stands for a sign-up that committed between writeBatch's check and its COPY.
      await c.query(`insert into subscribers (shop_id, email, source) values ($1, 'race@example.com', 'popup')`, [shopId]);
      const tag = await c.query<{ id: string }>(`insert into tags (shop_id, name) values ($1, 'late') returning id::text as id`, [shopId]);
      const tails = rows.map((r) => subscriberCopyTail(shopId, r, copyConsent(consent)));
      const copied = await copyNewSubscribers(c, shopId, rows, tails, new Map([['late', tag.rows[0]!.id]]));
      const counted = await c.query<{ n: number }>(`select count(*)::int as n from subscribers where shop_id = $1`, [shopId]);
      return { copied, before: counted.rows[0]!.n };
    });
    expect(out).toEqual({ copied: false, before: 1 });
    // The whole batch through writeBatch: race@ is known now and merged, calm@ is new.
    const counts = await dbh.transaction((c) => writeBatch(c, shopId, rows, consent));
    expect(counts).toMatchObject({ created: 1, updated: 1, knownEmails: 1 });
    expect(await people(shopId)).toMatchObject([
      { email: 'calm@example.com', tags: 'late' },
      { email: 'race@example.com', first_name: 'Rae', tags: 'late' },
    ]);
  });
});
