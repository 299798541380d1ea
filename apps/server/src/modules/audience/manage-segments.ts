import type { Locale, SegmentCondition } from '@storecast/contract';
import { type Db, segments, type ShopScope, subscribers, tags } from '@storecast/db';
import { asc, count, eq, inArray } from 'drizzle-orm';
import { AppError, notFound } from '../../http/app-error.ts';
import { uniqueViolation } from '../../db/unique-violation.ts';
import { compileSegment, type SegmentRule } from './compile-segment.ts';
import { isSystemId, SYSTEM_GROUPS, SYSTEM_PREFIX, systemGroupName } from './system-groups.ts';

const systemReadonly = () => new AppError('errors.segment.systemReadonly', 403);

/** How many of the store's subscribers a rule matches. */
export async function countSegment(db: Db, scope: ShopScope, rule: SegmentRule): Promise<number> {
  const [row] = await db.select({ n: count() }).from(subscribers).where(compileSegment(scope, rule));
  return Number(row?.n ?? 0);
}

/** System recommended groups first, then saved segments by name, each with its count. */
export async function listSegments(db: Db, scope: ShopScope, locale: Locale) {
  const saved = await db.select().from(segments).where(scope.where(segments)).orderBy(asc(segments.name));
  const system = SYSTEM_GROUPS.map((g) => ({
    id: `${SYSTEM_PREFIX}${g.key}`, name: systemGroupName(g, locale), match: g.match, conditions: g.conditions, system: true,
  }));
  const own = saved.map((r) => ({
    id: String(r.id), name: r.name, match: r.match, conditions: r.conditions as SegmentCondition[], system: false,
  }));
  const all = [...system, ...own];
  // One count per segment; each is a single indexed query, and PGlite runs them in turn anyway.
  const counts = await Promise.all(all.map((x) => countSegment(db, scope, x)));
  return all.map((x, i) => ({ ...x, count: counts[i]! }));
}

export async function saveSegment(
  db: Db, scope: ShopScope, input: SegmentRule & { id?: string; name: string },
): Promise<{ id: string }> {
  if (input.id && isSystemId(input.id)) throw systemReadonly();
  await requireOwnTags(db, scope, input.conditions);
  const fields = { name: input.name, match: input.match, conditions: input.conditions, updatedAt: new Date() };
  try {
    if (input.id) {
      if (!/^\d{1,18}$/.test(input.id)) throw notFound();
      const [row] = await db.update(segments).set(fields).where(scope.where(segments, eq(segments.id, Number(input.id)))).returning({ id: segments.id });
      if (!row) throw notFound();
      return { id: String(row.id) };
    }
    const [row] = await db.insert(segments).values(scope.values(fields)).returning({ id: segments.id });
    return { id: String(row!.id) };
  } catch (err) {
    if (uniqueViolation(err) === 'segments_shop_name_uq') throw new AppError('errors.segment.nameTaken', 409);
    throw err;
  }
}

/**
 * A tag condition must name one of the store's tags. Another store's tag would match nobody
 * here, but the reference would dangle and the rule would read as something it is not.
 */
async function requireOwnTags(db: Db, scope: ShopScope, conditions: SegmentCondition[]) {
  const ids = [...new Set(conditions.flatMap((c) => (c.field === 'tag' ? [c.value] : [])))];
  if (ids.length === 0) return;
  const found = await db.select({ id: tags.id }).from(tags).where(scope.where(tags, inArray(tags.id, ids)));
  if (found.length !== ids.length) throw new AppError('errors.tag.notFound', 400);
}

/** Deletes a saved segment; system groups refuse, one already gone is not an error. */
export async function deleteSegment(db: Db, scope: ShopScope, id: string): Promise<null> {
  if (isSystemId(id)) throw systemReadonly();
  if (/^\d{1,18}$/.test(id)) await db.delete(segments).where(scope.where(segments, eq(segments.id, Number(id))));
  return null;
}
