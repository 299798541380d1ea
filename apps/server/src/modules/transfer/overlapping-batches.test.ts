import { api } from '@storecast/contract';
import { imports, subscribers } from '@storecast/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipartBody } from '../../test/multipart-body.ts';
import { signUp } from '../../test/sign-up.ts';
import { startTestApp, type TestApp } from '../../test/start-test-app.ts';
import { runImport } from './run-import.ts';

// Two batches of one import are written at once (run-import.ts). Small batches here make many
// of them overlap: new tag names appearing late, e-mails the store has, phone-only rows that
// match a subscriber the next batch names by e-mail. The result must be what one batch at a
// time gives, and the import must never wait on itself.
let t: TestApp;
beforeAll(async () => (t = await startTestApp()));
afterAll(() => t.close());

const ROWS = 400;

function csv() {
  const lines = ['email,phone,first_name,tags'];
  for (let i = 0; i < ROWS; i++) {
    if (i === 33) lines.push(',+8613900000001,Phone Only,late-tag'); // last row of batch 2: matches the known subscriber by phone
    else if (i === 34) lines.push('known@example.com,,Known Again,vip'); // first row of batch 3: the same subscriber by e-mail
    else if (i % 97 === 0) lines.push(`known${i}@example.com,,Merged ${i},vip`);
    else if (i === 150) lines.push('not-an-email,,Bad,');
    else lines.push(`u${i}@example.com,,U${i},${i < 200 ? 'vip' : `wave-${Math.floor(i / 50)}`}`);
  }
  return `${lines.join('\n')}\n`;
}

async function queued(token: string) {
  const up = await t.call(api.audience.importUpload, { token, body: multipartBody('overlap.csv', csv()) });
  expect(up.body.code, up.body.msg).toBe(100);
  const start = await t.call(api.audience.importStart, { token, body: { upload_id: up.body.data.upload_id, mapping: up.body.data.suggested_mapping } });
  expect(start.body.code, start.body.msg).toBe(100);
  return start.body.data.import_id;
}

async function seedKnown(shopId: string) {
  const known = [0, 97, 194, 291, 388].map((i) => `known${i}@example.com`);
  for (const email of [...known, 'known@example.com']) {
    await t.deps.dbh.query(`insert into subscribers (shop_id, email, phone, first_name, source) values ($1, $2, $3, 'Before', 'manual')`,
      [shopId, email, email === 'known@example.com' ? '+8613900000001' : null]);
  }
}

async function snapshot(shopId: string) {
  const r = await t.deps.dbh.query<{ email: string | null; phone: string | null; first_name: string; tags: string | null }>(
    `select s.email, s.phone, s.first_name,
       (select string_agg(tg.name, ',' order by tg.name) from subscriber_tags st join tags tg on tg.id = st.tag_id where st.subscriber_id = s.id) as tags
     from subscribers s where s.shop_id = $1 order by s.email nulls last, s.phone`,
    [shopId],
  );
  return r.rows;
}

describe('an import written two batches at a time', () => {
  it('gives the same subscribers, tags and record as one batch at a time', async () => {
    const overlapped = await signUp(t, { name: 'Overlap' });
    const serial = await signUp(t, { name: 'Serial' });
    await seedKnown(overlapped.shopId);
    await seedKnown(serial.shopId);
    const a = await queued(overlapped.token);
    const b = await queued(serial.token);
    // Batches of 17 rows: about two dozen batches, each beside the next.
    expect(await runImport(t.deps, a, { batchSize: 17 })).toBe('done');
    // One batch holding the whole file: nothing to overlap.
    expect(await runImport(t.deps, b, { batchSize: ROWS * 2 })).toBe('done');

    const [ra] = await t.deps.dbh.db.select().from(imports).where(eq(imports.id, a));
    const [rb] = await t.deps.dbh.db.select().from(imports).where(eq(imports.id, b));
    const counts = (r: typeof ra) => ({
      status: r!.status, processed: r!.processedRows, new: r!.newRows, updated: r!.updatedRows, invalid: r!.invalidRows, skipped: r!.skippedRows,
    });
    expect(counts(ra)).toEqual(counts(rb));
    expect(counts(ra)).toMatchObject({ status: 'completed', processed: ROWS, invalid: 1, updated: 7, new: ROWS - 1 - 7 });
    expect(ra!.errors.map((e) => e.row)).toEqual(rb!.errors.map((e) => e.row));

    const sa = await snapshot(overlapped.shopId);
    // Within one batch e-mail rows are merged before phone-only rows; across batches the file's
    // order holds. So the person named by both (rows 33 and 34) is compared on its own below.
    const other = (rows: typeof sa) => rows.filter((s) => s.email !== 'known@example.com');
    expect(other(sa)).toEqual(other(await snapshot(serial.shopId)));
    // 399 good rows: 7 update the 6 subscribers the store had (the phone-only row and the next
    // batch's e-mail row are the same person), the rest are new.
    expect(sa).toHaveLength(6 + ROWS - 1 - 7);
    expect(sa.find((s) => s.email === 'known@example.com')).toMatchObject({ phone: '+8613900000001', first_name: 'Known Again', tags: 'late-tag,vip' });
    expect(sa.find((s) => s.email === 'u399@example.com')).toMatchObject({ tags: 'wave-7' });
    const ids = await t.deps.dbh.db.select({ id: subscribers.id }).from(subscribers).where(eq(subscribers.shopId, overlapped.shopId));
    expect(new Set(ids.map((r) => r.id)).size).toBe(ids.length);
  }, 60_000);
});
