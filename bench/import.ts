/**
 * Benchmark of the subscriber import: a generated 1,000,000-row CSV (email, first_name,
 * last_name, phone, tags, a custom attribute) imported through the real import service
 * (`runImport`: streaming CSV parse, per-row validation, in-file and in-store dedupe, new
 * subscribers and tags by COPY, known ones merged, progress saved per batch) into PostgreSQL.
 * Beside it, the same file loaded with a plain `COPY` into a bare table: the ceiling.
 *
 * Runs in a scratch database it creates on the server of `DATABASE_URL` (default
 * postgres://postgres@127.0.0.1:5432/postgres) and drops afterwards.
 *
 *   npm run bench:import
 *   BENCH_ROWS=200000 npm run bench:import
 *
 * Target (DESIGN.md): >= 50,000 rows/s. The last line is the figure:
 * `import: <N> rows/s, COPY <M> rows/s, ratio <r> (target >= 50000 rows/s)`.
 * The line above it gives the CPU time per row of this process (parse, checks, COPY text) and
 * of the database's backends (the writes); on a shared machine those vary less than wall time,
 * and so does the ratio to the plain COPY measured in the same run.
 *
 * Where the time went, and what changed (first figure 11,179 rows/s, 89.5 s for 1M rows; about
 * 76 us of database CPU per row, the reading and the writing taking turns; the figures now
 * are at the end of this list):
 * - Foreign keys are checked by PostgreSQL with one query per inserted row: four per tagged
 *   subscriber (subscribers.shop_id; subscriber_tags' shop, subscriber and tag), about half of
 *   the database's time. They are now statement-level triggers that check (and lock FOR KEY
 *   SHARE) the parents of all a statement's rows at once and cascade deletes the same way
 *   (migration 0005_import_performance, audience.ts). Each parent is looked up by index through
 *   a LATERAL probe: written as a semi-join, the check scanned all of subscribers per batch, a
 *   cost that grew with the table (database CPU per row 41 us at 200k rows, 58 us at 1M).
 * - Every imported row was written to nine indexes of subscribers. The e-mail unique index now
 *   also serves the prefix search (text_pattern_ops), and the customer, last-order, phone and
 *   status indexes are partial (an imported subscriber has no customer id or order, and is
 *   "subscribed"): five index writes per row instead of nine.
 * - Tag names were found by scanning the staged batch in SQL; the writer now sends the batch's
 *   few distinct names.
 * - One batch is written while the next is parsed and checked (one write in flight, in order),
 *   rows come from the CSV reader a chunk at a time rather than one promise per row, and the
 *   per-row checks avoid a zod parse for the phone.
 * - E-mails the store does not have are written with COPY straight into subscribers and
 *   subscriber_tags (copy-new-subscribers.ts), with ids taken from the sequence first; only the
 *   rest go through the staging table and the upsert. A store without subscribers skips even
 *   the probe for existing e-mails, batch after batch while none turns up. Written as
 *   `email = any($1)`, that probe had become a scan of the store (stale statistics), 13 us a row.
 * - The links' trigger locked each just-written subscriber FOR KEY SHARE (about 5 us a row,
 *   each lock a write to the heap); rows no other transaction can see need no lock, so the
 *   import's own id range is checked in one join (migration 0007).
 * - Batches of 20,000 rows after the first 20,000 (fewer round trips and commits), the COPY
 *   text built while the batch before is written, and no wait for the disk at each commit:
 *   about 15 us of database CPU per row, 51,000 rows/s, one batch written at a time.
 * - Two batches written at once on two connections, so the database uses both cores while
 *   this process parses: the later batch writes new subscribers and links to existing tags at
 *   once and waits for the earlier one before anything that could meet its locks (new tags,
 *   known subscribers) and before its commit, which keeps progress in file order.
 * Now: about 15 us of database and 11 us of import-process CPU per row, 1M rows in about 15 s
 * (66,000 to 69,000 rows/s on two cores). The rest is the writes themselves: the subscriber's
 * heap row and five indexes (about 11 us), the tag link and its two indexes (about 4 us).
 */
import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { imports, openDb, shops } from '@storecast/db';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import type { Deps } from '../apps/server/src/deps.ts';
import { runImport } from '../apps/server/src/modules/transfer/run-import.ts';

const ROWS = Number(process.env.BENCH_ROWS ?? 1_000_000);
const TARGET = 50_000;
const serverUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

async function writeCsv(file: string) {
  const out = createWriteStream(file);
  const tags = ['vip', 'newsletter', 'wholesale', 'returning', ''];
  out.write('email,first_name,last_name,phone,tags,plan\n');
  let chunk = '';
  for (let i = 0; i < ROWS; i++) {
    chunk += `user${i}@example.com,First${i % 1000},Last${i % 977},1380${String(i).padStart(7, '0')},${tags[i % 5]},${i % 3 ? 'basic' : 'pro'}\n`;
    if (chunk.length > 1 << 20) {
      if (!out.write(chunk)) await new Promise<void>((r) => out.once('drain', () => r()));
      chunk = '';
    }
  }
  out.write(chunk);
  await new Promise<void>((r) => out.end(() => r()));
}

/**
 * CPU milliseconds used so far by the database's backends serving `db`, read from /proc: only
 * when the server runs on this machine (null otherwise).
 */
async function backendCpuMs(db: string): Promise<number | null> {
  const { rows } = await admin.query<{ pid: number }>('select pid from pg_stat_activity where datname = $1', [db]);
  let ticks = 0;
  try {
    for (const { pid } of rows) {
      const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
      ticks += Number(fields[11]) + Number(fields[12]);
    }
  } catch {
    return null;
  }
  // Linux reports utime and stime in clock ticks of 10 ms.
  return ticks * 10;
}

const admin = new pg.Client({ connectionString: serverUrl });
await admin.connect();
const name = `storecast_bench_import_${randomBytes(4).toString('hex')}`;
await admin.query(`CREATE DATABASE ${name}`);
const url = new URL(serverUrl);
url.pathname = `/${name}`;
const dir = mkdtempSync(path.join(os.tmpdir(), 'storecast-bench-import-'));
const csv = path.join(dir, 'subscribers.csv');
try {
  let t0 = performance.now();
  await writeCsv(csv);
  console.log(`generated ${ROWS} rows (${(statSync(csv).size / 1e6).toFixed(1)} MB) in ${((performance.now() - t0) / 1000).toFixed(1)} s`);

  const dbh = await openDb({ databaseUrl: url.toString(), dataDir: '' });

  // The ceiling: the same file into a bare table with COPY, no checks, no indexes.
  const c = new pg.Client({ connectionString: url.toString() });
  await c.connect();
  await c.query('CREATE TABLE bench_copy (email text, first_name text, last_name text, phone text, tags text, plan text)');
  t0 = performance.now();
  await pipeline(createReadStream(csv), c.query(copyFrom('COPY bench_copy FROM STDIN WITH (FORMAT csv, HEADER true)')));
  const copyRate = ROWS / ((performance.now() - t0) / 1000);
  await c.query('DROP TABLE bench_copy');
  await c.end();
  console.log(`COPY into a bare table: ${Math.round(copyRate)} rows/s`);

  const [shop] = await dbh.db.insert(shops).values({
    name: 'Bench', homepageUrl: 'https://bench.example.com', platform: 'custom', platformDomain: 'bench.example.com', currency: 'USD', timezone: 'UTC',
  }).returning({ id: shops.id });
  const [rec] = await dbh.db.insert(imports).values({
    shopId: shop!.id, fileName: 'subscribers.csv', filePath: csv,
    mapping: { email: 'email', first_name: 'first_name', last_name: 'last_name', phone: 'phone', tags: 'tags', plan: 'attribute:plan' },
  }).returning({ id: imports.id });
  const deps = { dbh } as Deps;
  await dbh.query('select 1');
  const nodeCpu0 = process.cpuUsage();
  const dbCpu0 = await backendCpuMs(name);
  t0 = performance.now();
  // The service's own batch sizes unless BENCH_BATCH asks for one.
  const result = await runImport(deps, rec!.id, process.env.BENCH_BATCH ? { batchSize: Number(process.env.BENCH_BATCH) } : {});
  const seconds = (performance.now() - t0) / 1000;
  const nodeCpu = process.cpuUsage(nodeCpu0);
  const dbCpu = await backendCpuMs(name);
  if (dbCpu0 !== null && dbCpu !== null) {
    console.log(`CPU per row: import process ${((nodeCpu.user + nodeCpu.system) / ROWS).toFixed(1)} us, database ${(((dbCpu - dbCpu0) * 1000) / ROWS).toFixed(1)} us`);
  }
  const [done] = await dbh.db.select().from(imports);
  console.log(`import ${result}: total ${done!.totalRows}, new ${done!.newRows}, updated ${done!.updatedRows}, invalid ${done!.invalidRows}, skipped ${done!.skippedRows} in ${seconds.toFixed(1)} s`);
  await dbh.close();
  const rate = ROWS / seconds;
  console.log(`import: ${Math.round(rate)} rows/s, COPY ${Math.round(copyRate)} rows/s, ratio ${(rate / copyRate).toFixed(2)} (target >= ${TARGET} rows/s)`);
} finally {
  rmSync(dir, { recursive: true, force: true });
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.end();
}
