import type { RawConnection } from '@storecast/db';
import type { ImportRow } from './validate-row.ts';

/**
 * Writes a batch of good rows in the caller's transaction: COPY into a temporary staging table,
 * then one upsert per path. Rows with an e-mail merge on (shop_id, email); rows with only a
 * phone merge with the store's subscribers of that phone. What an import may change on an
 * existing subscriber: names, phone and attributes when the file has them, tags added, and the
 * status only away from "subscribed": an import never re-subscribes someone who unsubscribed,
 * complained or bounced. Source, subscription date and consent keep their first values.
 */

const STAGE_COLUMNS = ['row_no', 'email', 'phone', 'first_name', 'last_name', 'source', 'status', 'subscribed_at', 'attributes', 'tags'];
/** Tags travel as one text field, split in SQL on this separator (never typed in a tag). */
const TAG_SEP = '\u001f';

const STAGE = `create temp table if not exists import_stage (
  row_no int, email text, phone text, first_name text, last_name text, source text, status text,
  subscribed_at timestamptz, attributes jsonb, tags text
) on commit delete rows`;

const COPY_SPECIAL = /[\\\t\n\r]/;
const COPY_SPECIALS = /[\\\t\n\r]/g;
const escapeCopy = (c: string) => (c === '\\' ? '\\\\' : c === '\t' ? '\\t' : c === '\n' ? '\\n' : '\\r');
/** A value in COPY's text format; most cells need no escaping, so that is checked first. */
const copyText = (v: string | null) => (v === null ? '\\N' : COPY_SPECIAL.test(v) ? v.replace(COPY_SPECIALS, escapeCopy) : v);

const NEW_VALUES = `$1::uuid, st.email, st.phone, st.first_name, st.last_name, coalesce(st.source, 'import'),
  coalesce(st.status, 'subscribed'), coalesce(st.subscribed_at, $2::timestamptz), coalesce(st.attributes, '{}'::jsonb), $3::jsonb`;
const INSERT_COLUMNS = 'shop_id, email, phone, first_name, last_name, source, status, subscribed_at, attributes, consent';
/** New status of an existing subscriber: only a subscribed one can be moved, by an explicit status. */
const STATUS_RULE = (old: string, given: string) => `case when ${old} = 'subscribed' and ${given} is not null then ${given} else ${old} end`;

export interface BatchCounts { created: number; updated: number }

export async function writeBatch(
  c: RawConnection,
  shopId: string,
  rows: ImportRow[],
  consent: { source: 'import'; at: string; file: string },
): Promise<BatchCounts> {
  if (rows.length === 0) return { created: 0, updated: 0 };
  await c.query(STAGE);
  let data = '';
  // The batch's distinct tag names, gathered here rather than by scanning the staged rows.
  const tagNames = new Set<string>();
  let anyPhoneOnly = false;
  for (const r of rows) {
    for (const t of r.tags) tagNames.add(t);
    if (!r.email) anyPhoneOnly = true;
    data += `${r.rowNo}\t${copyText(r.email)}\t${copyText(r.phone)}\t${copyText(r.firstName)}\t${copyText(r.lastName)}\t${copyText(r.source)}\t${copyText(r.status)}\t${copyText(r.subscribedAt)}\t${copyText(r.attributes ? JSON.stringify(r.attributes) : null)}\t${copyText(r.tags.length ? r.tags.join(TAG_SEP) : null)}\n`;
  }
  await c.copyFrom('import_stage', STAGE_COLUMNS, data);
  const params = [shopId, consent.at, JSON.stringify(consent)];
  const anyTags = tagNames.size > 0;
  if (anyTags) {
    await c.query(
      `insert into tags (shop_id, name) select $1::uuid, unnest($2::text[]) on conflict (shop_id, name) do nothing`,
      [shopId, [...tagNames]],
    );
  }
  const tagInsert = (joinOn: string) => `insert into subscriber_tags (shop_id, subscriber_id, tag_id)
       select $1::uuid, up.id, t.id from up join import_stage st on ${joinOn}
       cross join lateral unnest(string_to_array(st.tags, E'\\x1f')) tn
       join tags t on t.shop_id = $1::uuid and t.name = tn
       where st.tags is not null
       on conflict do nothing`;

  const byEmail = await c.query<{ created: number; total: number }>(
    `with up as (
       insert into subscribers as s (${INSERT_COLUMNS})
       select ${NEW_VALUES} from import_stage st where st.email is not null
       on conflict (shop_id, email) do update set
         phone = coalesce(excluded.phone, s.phone),
         first_name = coalesce(nullif(excluded.first_name, ''), s.first_name),
         last_name = coalesce(nullif(excluded.last_name, ''), s.last_name),
         status = ${STATUS_RULE('s.status', "nullif(excluded.status, 'subscribed')")},
         attributes = s.attributes || excluded.attributes,
         consent = coalesce(s.consent, excluded.consent),
         updated_at = now()
       returning s.id, s.email, (xmax = 0) as created
     )${anyTags ? `, tagged as (${tagInsert('st.email = up.email')})` : ''}
     select (count(*) filter (where created))::int as created, count(*)::int as total from up`,
    params,
  );
  let created = byEmail.rows[0]?.created ?? 0;
  let updated = (byEmail.rows[0]?.total ?? 0) - created;
  if (!anyPhoneOnly) return { created, updated };

  // Rows with only a phone: the store's subscribers with that phone are updated; the rest are new.
  const matched = await c.query<{ n: number }>(
    `with up as (
       update subscribers s set
         first_name = coalesce(nullif(st.first_name, ''), s.first_name),
         last_name = coalesce(nullif(st.last_name, ''), s.last_name),
         status = ${STATUS_RULE('s.status', "nullif(st.status, 'subscribed')")},
         attributes = s.attributes || coalesce(st.attributes, '{}'::jsonb),
         updated_at = now()
       from import_stage st
       where st.email is null and s.shop_id = $1::uuid and s.phone = st.phone
       returning s.id, st.row_no
     )${anyTags ? `, tagged as (${tagInsert('st.row_no = up.row_no')})` : ''}
     select count(distinct row_no)::int as n from up`,
    [shopId],
  );
  updated += matched.rows[0]?.n ?? 0;
  const inserted = await c.query<{ n: number }>(
    `with up as (
       insert into subscribers (${INSERT_COLUMNS})
       select ${NEW_VALUES} from import_stage st
       where st.email is null and not exists (select 1 from subscribers s where s.shop_id = $1::uuid and s.phone = st.phone)
       returning id, phone
     )${anyTags ? `, tagged as (${tagInsert('st.email is null and st.phone = up.phone')})` : ''}
     select count(*)::int as n from up`,
    params,
  );
  created += inserted.rows[0]?.n ?? 0;
  return { created, updated };
}
