import { type Db, type ShopScope, subscriberTags, tags } from '@storecast/db';
import { and, asc, count, eq } from 'drizzle-orm';
import { AppError, notFound } from '../../http/app-error.ts';
import { uniqueViolation } from '../../db/unique-violation.ts';

/** The store's tags by name, each with how many subscribers carry it. */
export async function listTags(db: Db, scope: ShopScope) {
  const rows = await db.select({ id: tags.id, name: tags.name, count: count(subscriberTags.subscriberId) })
    .from(tags).leftJoin(subscriberTags, and(eq(subscriberTags.tagId, tags.id), eq(subscriberTags.shopId, tags.shopId)))
    .where(scope.where(tags)).groupBy(tags.id, tags.name).orderBy(asc(tags.name));
  return rows.map((r) => ({ id: r.id, name: r.name, count: Number(r.count) }));
}

/** Creates a tag or renames one; names are unique per store (the unique index decides). */
export async function saveTag(db: Db, scope: ShopScope, input: { id?: number; name: string }): Promise<{ id: number }> {
  try {
    if (input.id) {
      const [row] = await db.update(tags).set({ name: input.name }).where(scope.where(tags, eq(tags.id, input.id))).returning({ id: tags.id });
      if (!row) throw notFound('errors.tag.notFound');
      return row;
    }
    const [row] = await db.insert(tags).values(scope.values({ name: input.name })).returning({ id: tags.id });
    return row!;
  } catch (err) {
    if (uniqueViolation(err) === 'tags_shop_name_uq') throw new AppError('errors.tag.nameTaken', 409);
    throw err;
  }
}

/** Deletes a tag; its subscribers stay. Deleting a tag that is already gone is not an error. */
export async function deleteTag(db: Db, scope: ShopScope, id: number): Promise<null> {
  await db.delete(tags).where(scope.where(tags, eq(tags.id, id)));
  return null;
}
