import type { SubscriberFilter } from '@storecast/contract';
import { exports, shopScope, subscribers as s } from '@storecast/db';
import { and, asc, count, eq, gt, sql } from 'drizzle-orm';
import type { Deps } from '../../deps.ts';
import { subscriberFilterWhere } from '../audience/index.ts';
import { exportDir } from './export-dir.ts';
import { runOrderExport } from './run-order-export.ts';
import { EXPORT_PAGE, writeExportFile } from './write-export-file.ts';

/**
 * Columns of an export. They are the import's field names (and `attribute:<key>` per custom
 * attribute), so an exported file imports back with its columns already mapped.
 */
const BASE_COLUMNS = ['email', 'phone', 'first_name', 'last_name', 'status', 'source', 'subscribed_at', 'tags'];
/**
 * The proof of consent beside each subscriber: the e-mail consent as it stands (when, from
 * where, the address), the page and wording of the latest sign-up and its confirmation, and
 * when and how the subscriber left. An import of the file skips them (suggest-mapping.ts).
 */
export const CONSENT_COLUMNS = [
  'consent_at', 'consent_source', 'consent_page', 'consent_ip', 'consent_wording', 'confirmed_at', 'unsubscribed_at', 'unsubscribed_via',
];

export { exportDir };

/**
 * Writes the subscribers matching the export's filter to `DATA_DIR/exports/<shop>/<id>.<format>`,
 * paging by id and saving progress after each page. A retried run starts over.
 */
export async function runExport(deps: Deps, exportId: string): Promise<void> {
  const { db } = deps.dbh;
  const [rec] = await db.select().from(exports).where(eq(exports.id, exportId));
  if (!rec || rec.status !== 'in_progress') return;
  // Order exports (/order/export) share the records, queue and download; only their rows differ.
  if (rec.kind === 'orders') return runOrderExport(deps, rec);
  const scope = shopScope(rec.shopId);
  const where = await subscriberFilterWhere(db, scope, rec.filter as SubscriberFilter);
  const [{ n } = { n: 0 }] = await db.select({ n: count() }).from(s).where(where);
  const keyRows = await db.selectDistinct({ key: sql<string>`jsonb_object_keys(${s.attributes})` }).from(s).where(where);
  const attrKeys = keyRows.map((r) => r.key).sort();
  await db.update(exports).set({ totalRows: n, processedRows: 0 }).where(eq(exports.id, exportId));

  const header = [...BASE_COLUMNS, ...CONSENT_COLUMNS, ...attrKeys.map((k) => `attribute:${k}`)];
  let lastId = 0;
  await writeExportFile(deps, { id: exportId, shopId: rec.shopId, format: rec.format }, header, 'Subscribers', async () => {
    const page = await db
      .select({
        id: s.id, email: s.email, phone: s.phone, firstName: s.firstName, lastName: s.lastName, status: s.status,
        source: s.source, subscribedAt: s.subscribedAt, attributes: s.attributes,
        tags: exportedTags(rec.shopId),
        consent: s.consent, unsubscribedAt: s.unsubscribedAt, signUp: latestSignUp(rec.shopId), leftVia: leftVia(rec.shopId),
      })
      .from(s)
      .where(and(where, gt(s.id, lastId)))
      .orderBy(asc(s.id))
      .limit(EXPORT_PAGE[deps.dbh.kind]);
    if (page.length === 0) return null;
    lastId = page[page.length - 1]!.id;
    return page.map((r) => [
      r.email ?? '', r.phone ?? '', r.firstName, r.lastName, r.status, r.source, r.subscribedAt.toISOString(), r.tags ?? '',
      r.consent?.at ?? '', r.consent ? [r.consent.source, r.consent.popup_name ?? r.consent.file].filter(Boolean).join(': ') : '',
      r.signUp?.page_url ?? '', r.consent?.ip ?? '', r.signUp?.wording ?? '', r.signUp?.confirmed_at ? new Date(r.signUp.confirmed_at).toISOString() : '',
      r.unsubscribedAt ? new Date(r.unsubscribedAt).toISOString() : '', r.unsubscribedAt ? r.leftVia ?? '' : '',
      ...attrKeys.map((k) => (r.attributes[k] === undefined ? '' : String(r.attributes[k]))),
    ]);
  });
}

/**
 * The subscriber's tag names, comma-separated. Written with explicit aliases: inside a subquery
 * drizzle renders columns without their table, so an unqualified `id` bound to the tag's own id
 * instead of the exported subscriber. Links and tags are also held to the export's store.
 */
const exportedTags = (shopId: string) => sql<string | null>`(
  select string_agg(et.name, ', ' order by et.name)
  from subscriber_tags est join tags et on et.id = est.tag_id and et.shop_id = est.shop_id
  where est.subscriber_id = "subscribers"."id" and est.shop_id = ${shopId} and et.shop_id = ${shopId})`;

/** The subscriber's latest sign-up through a pop-up: its page, wording and confirmation. */
const latestSignUp = (shopId: string) => sql<{ page_url: string; wording: string; confirmed_at: string | null } | null>`(
  select jsonb_build_object('page_url', ecr.page_url, 'wording', ecr.wording, 'confirmed_at', ecr.confirmed_at)
  from consent_records ecr where ecr.subscriber_id = "subscribers"."id" and ecr.shop_id = ${shopId}
  order by ecr.created_at desc, ecr.id desc limit 1)`;

/** How the subscriber last left the e-mail list (link, one-click, mailto, admin, import …). */
const leftVia = (shopId: string) => sql<string | null>`(
  select ece.via from consent_events ece
  where ece.subscriber_id = "subscribers"."id" and ece.shop_id = ${shopId} and ece.channel = 'email' and ece.kind = 'unsubscribed'
  order by ece.occurred_at desc, ece.id desc limit 1)`;

export async function failExport(deps: Deps, exportId: string, reasonKey: string) {
  await deps.dbh.db.update(exports).set({ status: 'failed', failure: reasonKey, finishedAt: new Date() })
    .where(and(eq(exports.id, exportId), eq(exports.status, 'in_progress')));
}
