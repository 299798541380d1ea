import type { Locale } from '@storecast/contract';
import type { Db } from '@storecast/db';
import type { SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { checkItems, type IngestResult } from './check-items.ts';

/**
 * One record for a batch writer: the item the ingestion API takes, and the platform's
 * `updated_at` for it when it came from a store platform (a stored record changed later on the
 * platform is then left as it is, and the time is kept so an older webhook loses too).
 */
export interface BatchRecord { item: unknown; platformUpdatedAt?: string | null; consent?: PlatformConsent }

/**
 * A customer's marketing consent as a store platform gives it, per channel: given (true),
 * withdrawn (false) or not stated, each with the platform's time of the change. A customer
 * record that carries it is written as the platform's webhooks write it (`apply-consent-batch.ts`).
 */
export interface PlatformConsent {
  email?: boolean;
  sms?: boolean;
  emailAt: Date | null;
  smsAt: Date | null;
}

/** The records' items checked as the ingestion API checks them, each with its platform time (ISO, or null). */
export function checkRecords<T>(records: readonly BatchRecord[], field: string, schema: z.ZodType<T>, locale: Locale, maxItems = 1000) {
  if (!records.length) return { result: { received: 0, created: 0, updated: 0, rejected: [] } as IngestResult, items: [] };
  const { items, result } = checkItems({ [field]: records.map((r) => r.item) }, field, schema, locale, Math.max(maxItems, records.length));
  return {
    result: result as IngestResult,
    items: items.map(({ index, item }) => ({ index, item, at: isoOrNull(records[index]?.platformUpdatedAt) })),
  };
}

export const isoOrNull = (v: unknown): string | null => {
  const t = typeof v === 'string' ? Date.parse(v) : Number.NaN;
  return Number.isNaN(t) ? null : new Date(t).toISOString();
};

/**
 * The records that can be written together, in the order sent, and the rest for a later round:
 * a record whose key (its id, e-mail, subscriber) an earlier record of the batch also has waits,
 * and so does every later record sharing a key with one that waits. Records of one round touch
 * different rows, so writing them at once ends as writing them one after another does.
 */
export function splitRound<T>(pending: readonly T[], keysOf: (x: T, i: number) => (string | null | undefined | false)[]) {
  const used = new Set<string>();
  const round: T[] = [];
  const later: T[] = [];
  pending.forEach((x, i) => {
    const keys = keysOf(x, i).filter((k): k is string => typeof k === 'string');
    (keys.some((k) => used.has(k)) ? later : round).push(x);
    for (const k of keys) used.add(k);
  });
  return { round, later };
}

/** The rows a raw statement returned, on PGlite and node-postgres alike. */
export async function rowsOf<T>(db: Db, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

/** A JSON parameter for `jsonb_to_recordset`: one round trip carries the whole batch. */
export const jsonb = (rows: unknown) => JSON.stringify(rows);

/** Keeps a stored record a platform changed later than the one being written (the older update loses). */
export const NEWER_OR_SAME = (table: string) =>
  `excluded.platform_updated_at is null or ${table}.platform_updated_at is null or excluded.platform_updated_at >= ${table}.platform_updated_at`;
