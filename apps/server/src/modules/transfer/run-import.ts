import { existsSync } from 'node:fs';
import { setImmediate as yieldToIo } from 'node:timers/promises';
import { imports, shops, shopScope, tags } from '@storecast/db';
import { and, eq, inArray } from 'drizzle-orm';
import { giveOthersATurn } from '../../db/take-turns.ts';
import type { Deps } from '../../deps.ts';
import { IMPORT_LIMITS, ImportFileError } from './import-limits.ts';
import { openRows, isBlank } from './open-rows.ts';
import { removeUpload } from './save-upload.ts';
import { kindFromName } from './sniff-file.ts';
import { columnNames } from './suggest-mapping.ts';
import { buildPlan, type ImportRow, validateRow } from './validate-row.ts';
import { copyConsent, subscriberCopyTail } from './copy-new-subscribers.ts';
import { writeBatch } from './write-batch.ts';

export interface RunImportOptions {
  /** Rows per transaction (progress is saved after each); by default 5,000, then 20,000. */
  batchSize?: number;
  /** Epoch ms after which the run stops at the next batch boundary and answers "more". */
  deadline?: number;
}

/** Rows written in small batches at the start of an import. */
const FIRST_ROWS = 20_000;
/** Rows per batch on the embedded database. */
const PGLITE_BATCH = 1_000;

export interface ImportError { row: number; reason: string; value?: string }

/** Thrown when another runner has already saved progress past ours: this run stops. */
class Superseded extends Error {}

/**
 * Runs (or resumes) an import. Each batch of rows is written in one transaction together with
 * the import's progress and bad rows, guarded by the progress it started from, so a crash loses
 * at most the batch in flight and a resumed run continues after the last saved row; two runners
 * of one import cannot both save the same rows. Row numbers are the file's own (the header is
 * row 1). Within the file, the first row of an e-mail (or, without an e-mail, of a phone) wins;
 * later ones are skipped and reported as duplicates.
 */
export async function runImport(deps: Deps, importId: string, opts: RunImportOptions = {}): Promise<'done' | 'more' | 'gone'> {
  const { db } = deps.dbh;
  const [rec] = await db.select().from(imports).where(eq(imports.id, importId));
  if (!rec || rec.status !== 'in_progress') return 'gone';
  const kind = kindFromName(rec.fileName);
  if (!kind || !existsSync(rec.filePath)) {
    await failImport(deps, importId, 'errors.import.uploadGone');
    return 'done';
  }
  const scope = shopScope(rec.shopId);
  const [shop] = await db.select({ timezone: shops.timezone }).from(shops).where(eq(shops.id, rec.shopId));
  const extraTags = rec.tagIds.length
    ? (await db.select({ name: tags.name }).from(tags).where(scope.where(tags, inArray(tags.id, rec.tagIds)))).map((t) => t.name)
    : [];
  // Small batches first so a new import shows progress at once, then large ones: each batch
  // costs a few round trips and a commit, a fifth of the time at 5,000 rows. The embedded
  // database has one connection for every store, held for a whole batch: there batches stay
  // small, so other requests wait for one short transaction at most.
  const pglite = deps.dbh.kind === 'pglite';
  const batchSize = () => opts.batchSize ?? (pglite ? PGLITE_BATCH : processed <= FIRST_ROWS ? 5_000 : 20_000);
  const consent = { source: 'import' as const, at: rec.createdAt.toISOString(), file: rec.fileName };
  const copy = copyConsent(consent);
  // A store with no subscribers yet gets its e-mails written as new without a probe each; from
  // then on each batch follows what the one before found.
  let assumeNew = !(await deps.dbh.query(`select 1 from subscribers where shop_id = $1 limit 1`, [rec.shopId])).rows.length;

  let opened;
  try {
    opened = await openRows(rec.filePath, kind);
  } catch (err) {
    await failImport(deps, importId, err instanceof ImportFileError ? err.key : 'errors.import.unreadable');
    return 'done';
  }
  if (rec.processedRows === 0 && rec.totalRows === 0) {
    await db.update(imports).set({ totalRows: opened.estimate }).where(eq(imports.id, importId));
  }

  const seenEmails = new Set<string>();
  const seenPhones = new Set<string>();
  let saved = rec.processedRows;
  /** Rows handed to the writer so far (saved, or being written). */
  let queued = rec.processedRows;
  let processed = 0;
  let rowNo = 0;
  let header: string[] | null = null;
  let plan: ReturnType<typeof buildPlan> | null = null;
  let good: ImportRow[] = [];
  let bad: ImportError[] = [];
  let skipped = 0;
  let invalid = 0;

  // The rows of one batch and what it counts, handed to the writer as a unit.
  interface Batch { good: ImportRow[]; tails: string[]; bad: ImportError[]; skipped: number; invalid: number; processed: number }
  /** Tag names whose ids a committed batch has seen: a batch using only these need not create any. */
  const committedTags = new Map<string, string>();
  const write = async (b: Batch, before: Promise<void> | null) => {
    const previousCommitted = async () => void (before && (await before));
    let tagIds = new Map<string, string>();
    await deps.dbh.transaction(async (c) => {
      // The batch and the progress that records it commit together, so a batch lost to a crash
      // right after its commit is simply read again on resume: no need to wait for the disk.
      await c.query('set local synchronous_commit = off');
      const written = await writeBatch(c, rec.shopId, b.good, consent, {
        assumeNew, tails: b.tails, knownTags: committedTags, exclusive: previousCommitted,
      });
      assumeNew = written.knownEmails === 0;
      tagIds = written.tagIds;
      // Progress is saved in file order: this batch commits after the one before it.
      await previousCommitted();
      const r = await c.query(
        `update imports set processed_rows = $2, new_rows = new_rows + $3, updated_rows = updated_rows + $4,
           skipped_rows = skipped_rows + $5, invalid_rows = invalid_rows + $6, errors = errors || $7::jsonb,
           total_rows = greatest(total_rows, $2)
         where id = $1 and processed_rows = $8 and status = 'in_progress'`,
        [importId, b.processed, written.created, written.updated, b.skipped, b.invalid, JSON.stringify(b.bad), saved],
      );
      if (r.rowCount !== 1) throw new Superseded();
    });
    saved = b.processed;
    for (const [name, id] of tagIds) committedTags.set(name, id);
  };
  // Batches are written while the next ones are parsed and checked, so the file's reading and
  // the database's writing overlap instead of taking turns. Up to two batches are written at
  // once on two connections: the later one only adds new subscribers and links to tags that
  // exist (writeBatch waits for the earlier one before anything that could meet its locks), and
  // commits after it, so progress stays in file order and a crash loses only uncommitted batches.
  const writing: Promise<void>[] = [];
  const settleOldest = async () => {
    const oldest = writing.shift();
    if (oldest) await oldest;
  };
  const settle = async () => {
    while (writing.length) await settleOldest();
  };
  const flush = async () => {
    // The rows' COPY text is built here, while the batches before are still being written.
    const b: Batch = { good, tails: good.map((r) => subscriberCopyTail(rec.shopId, r, copy)), bad, skipped, invalid, processed };
    queued = processed;
    good = [];
    bad = [];
    skipped = 0;
    invalid = 0;
    if (writing.length >= 2) await settleOldest();
    if (pglite) await giveOthersATurn();
    const w = write(b, writing.at(-1) ?? null);
    // Awaited by settle() or by the next batch; marked handled so a failure waits for them.
    w.catch(() => {});
    writing.push(w);
  };

  try {
    for await (const chunk of opened.chunks) {
      for (const cells of chunk) {
        rowNo++;
        if (!header) {
          header = columnNames(cells);
          plan = buildPlan(header, rec.mapping, extraTags, shop?.timezone || 'UTC');
          continue;
        }
        if (isBlank(cells)) continue;
        processed++;
        // Parsing a chunk of the file runs without giving the event loop a turn; let the write in
        // flight have its round trips now and then, or it would wait for the whole chunk each time.
        if (writing.length && processed % 64 === 0) await yieldToIo();
        const result = validateRow(cells, rowNo, plan!);
        const resuming = processed <= rec.processedRows;
        if (typeof result === 'string') {
          if (resuming) continue;
          invalid++;
          bad.push({ row: rowNo, reason: `errors.import.${result}`, value: originalValues(header, cells) });
        } else {
          const dupe = result.email ? seenEmails.has(result.email) : seenPhones.has(result.phone!);
          if (!dupe) {
            if (result.email) seenEmails.add(result.email);
            else seenPhones.add(result.phone!);
          }
          // Rows saved by an earlier run only rebuild the duplicate check.
          if (resuming) continue;
          if (dupe) {
            skipped++;
            bad.push({ row: rowNo, reason: result.email ? 'errors.import.duplicate' : 'errors.import.duplicatePhone', value: originalValues(header, cells) });
          } else good.push(result);
        }
        if (good.length + bad.length >= batchSize()) {
          // The deadline is judged when the previous batch has committed, before starting this one.
          if (opts.deadline && writing.length && Date.now() > opts.deadline) {
            await settle();
            return 'more';
          }
          await flush();
        }
      }
    }
    if (processed > queued || good.length + bad.length > 0) await flush();
    await settle();
  } catch (err) {
    // Never leave a write running behind a thrown error.
    await Promise.allSettled(writing);
    if (err instanceof Superseded) return 'gone';
    // A CSV found beyond the limits while it streams: the batches before stay, the rest is refused.
    if (err instanceof ImportFileError) {
      await failImport(deps, importId, err.key);
      return 'done';
    }
    // Another runner finished the import and removed its file while this one was still reading it.
    if (isMissingFile(err) && !(await isInProgress(deps, importId))) return 'gone';
    throw err;
  }
  await deps.dbh.transaction(async (c) => {
    await c.query(
      `update imports set status = 'completed', total_rows = processed_rows, finished_at = now()
       where id = $1 and status = 'in_progress'`,
      [importId],
    );
  });
  await removeUpload(rec.filePath);
  return 'done';
}

const isMissingFile = (err: unknown) => (err as NodeJS.ErrnoException | null)?.code === 'ENOENT';

async function isInProgress(deps: Deps, importId: string) {
  const [rec] = await deps.dbh.db.select({ status: imports.status }).from(imports).where(eq(imports.id, importId));
  return rec?.status === 'in_progress';
}

/** The row's cells by column name, kept as JSON so the bad-row report can show them. */
function originalValues(header: string[], cells: string[]): string {
  const o: Record<string, string> = {};
  // Kept for the report only: a cell is cut to what the mapping step shows, so bad rows of a
  // large file cannot fill the import's record.
  header.forEach((h, i) => (o[h] = (cells[i] ?? '').slice(0, IMPORT_LIMITS.previewCellChars * 10)));
  return JSON.stringify(o);
}

/**
 * Marks an import that is still in progress failed with a reason key and drops its uploaded
 * file. One another runner has finished meanwhile (and whose file is therefore gone) stays as it is.
 */
export async function failImport(deps: Deps, importId: string, reasonKey: string) {
  const [rec] = await deps.dbh.db
    .update(imports)
    .set({ status: 'failed', failure: reasonKey, finishedAt: new Date() })
    .where(and(eq(imports.id, importId), eq(imports.status, 'in_progress')))
    .returning({ filePath: imports.filePath });
  if (rec) await removeUpload(rec.filePath);
}
