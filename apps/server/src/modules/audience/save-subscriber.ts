import { type Db, type ShopScope, subscriberTags, subscribers as s, tags } from '@storecast/db';
import { eq, inArray } from 'drizzle-orm';
import { AppError, notFound } from '../../http/app-error.ts';
import { uniqueViolation } from '../../db/unique-violation.ts';

export interface SubscriberInput {
  id?: number;
  email?: string;
  phone?: string;
  first_name: string;
  last_name: string;
  attributes: Record<string, string | number | boolean>;
  tag_ids: number[];
}

/**
 * Adds a subscriber by hand (source and consent "manual") or edits one. The e-mail is unique per
 * store; the unique index decides, so two saves racing get the same answer as one. Tags are
 * replaced by `tag_ids`, which must all be this store's.
 */
export async function saveSubscriber(db: Db, scope: ShopScope, input: SubscriberInput): Promise<{ id: number }> {
  try {
    return await db.transaction(async (tx) => {
      const tagIds = [...new Set(input.tag_ids)];
      if (tagIds.length) {
        const found = await tx.select({ id: tags.id }).from(tags).where(scope.where(tags, inArray(tags.id, tagIds)));
        if (found.length !== tagIds.length) throw notFound('errors.tag.notFound');
      }
      const fields = {
        email: input.email ?? null, phone: input.phone ?? null, firstName: input.first_name, lastName: input.last_name,
        attributes: input.attributes, updatedAt: new Date(),
      };
      let id: number;
      if (input.id) {
        const [row] = await tx.update(s).set(fields).where(scope.where(s, eq(s.id, input.id))).returning({ id: s.id });
        if (!row) throw notFound();
        id = row.id;
        await tx.delete(subscriberTags).where(scope.where(subscriberTags, eq(subscriberTags.subscriberId, id)));
      } else {
        const now = new Date();
        const [row] = await tx.insert(s).values(scope.values({
          ...fields, source: 'manual', subscribedAt: now, consent: { source: 'manual', at: now.toISOString() },
        })).returning({ id: s.id });
        id = row!.id;
      }
      if (tagIds.length) {
        await tx.insert(subscriberTags).values(tagIds.map((tagId) => scope.values({ subscriberId: id, tagId }))).onConflictDoNothing();
      }
      return { id };
    });
  } catch (err) {
    if (uniqueViolation(err) === 'subscribers_shop_email_uq') throw new AppError('errors.subscriber.emailTaken', 409);
    throw err;
  }
}

/** Checks that a tag is the store's, for bulk tagging. */
export async function requireTag(db: Db, scope: ShopScope, tagId: number | undefined): Promise<number> {
  if (!tagId) throw new AppError('errors.tag.required');
  const [row] = await db.select({ id: tags.id }).from(tags).where(scope.where(tags, eq(tags.id, tagId)));
  if (!row) throw notFound('errors.tag.notFound');
  return row.id;
}
