import type { SubscriberFilter } from '@storecast/contract';
import { type Db, type ShopScope, subscriberTags, subscribers as s } from '@storecast/db';
import { inArray, type SQL, sql } from 'drizzle-orm';
import { AppError } from '../../http/app-error.ts';
import { subscriberFilterWhere } from './filter-subscribers.ts';
import { nameConsentSource } from './name-consent-source.ts';
import { queryCount } from './query-rows.ts';
import { requireTag } from './save-subscriber.ts';

export interface BulkInput {
  action: 'tag' | 'untag' | 'unsubscribe' | 'sms_unsubscribe';
  ids?: number[];
  filter?: SubscriberFilter;
  tag_id?: number;
}

/**
 * Tags, untags or unsubscribes (from e-mail, or from SMS only) the chosen subscribers, or every one a filter matches, in one
 * statement each, so a filter over a million rows never travels through the server. Returns
 * how many rows actually changed (already tagged or unsubscribed ones do not count).
 */
export async function bulkUpdateSubscribers(db: Db, scope: ShopScope, input: BulkInput, by: string): Promise<{ affected: number }> {
  let where: SQL;
  if (input.ids?.length) where = scope.where(s, inArray(s.id, input.ids));
  else if (input.filter) where = await subscriberFilterWhere(db, scope, input.filter);
  else throw new AppError('errors.subscriber.chooseSome');

  if (input.action === 'unsubscribe') {
    return db.transaction(async (tx) => {
      await nameConsentSource(tx, { via: 'admin', detail: by });
      return { affected: await queryCount(tx, sql`with changed as (
        update ${s} set status = 'unsubscribed', updated_at = now() where ${where} and ${s.status} = 'subscribed' returning 1
      ) select count(*)::int as n from changed`) };
    });
  }
  if (input.action === 'sms_unsubscribe') {
    // SMS consent only: the e-mail subscription stays as it is.
    return db.transaction(async (tx) => {
      await nameConsentSource(tx, { via: 'admin', detail: by });
      return { affected: await queryCount(tx, sql`with changed as (
        update ${s} set sms_status = 'unsubscribed', updated_at = now() where ${where} and ${s.smsStatus} = 'subscribed' returning 1
      ) select count(*)::int as n from changed`) };
    });
  }
  const tagId = await requireTag(db, scope, input.tag_id);
  if (input.action === 'tag') {
    return { affected: await queryCount(db, sql`with added as (
      insert into ${subscriberTags} (shop_id, subscriber_id, tag_id)
      select ${s.shopId}, ${s.id}, ${tagId}::bigint from ${s} where ${where}
      on conflict do nothing returning 1
    ) select count(*)::int as n from added`) };
  }
  return { affected: await queryCount(db, sql`with removed as (
    delete from ${subscriberTags} where ${subscriberTags.shopId} = ${scope.shopId} and ${subscriberTags.tagId} = ${tagId}::bigint
      and ${subscriberTags.subscriberId} in (select ${s.id} from ${s} where ${where}) returning 1
  ) select count(*)::int as n from removed`) };
}
