import type { RawConnection } from '@storecast/db';
import { nameConsentSource } from '../audience/index.ts';
import { copyConsent, copyNewSubscribers, type ImportConsent, subscriberCopyTail } from './copy-new-subscribers.ts';
import { copyText } from './copy-text.ts';
import type { ImportRow } from './validate-row.ts';

/**
 * Writes a batch of good rows in the caller's transaction. E-mails the store does not have yet
 * are written straight in with COPY (copy-new-subscribers.ts); the other rows are merged: COPY
 * into a temporary staging table, then one upsert per path. Rows with an e-mail merge on
 * (shop_id, email); rows with only a phone merge with the store's subscribers of that phone.
 * What an import may change on an existing subscriber: names, phone and attributes when the
 * file has them, tags added, and the status only away from "subscribed": an import never
 * re-subscribes someone who unsubscribed, complained or bounced. Source, subscription date and consent keep their first values.
 */

const STAGE_COLUMNS = ['row_no', 'email', 'phone', 'first_name', 'last_name', 'source', 'status', 'subscribed_at', 'attributes', 'tags'];
/** Tags travel as one text field, split in SQL on this separator (never typed in a tag). */
const TAG_SEP = '\u001f';

const STAGE = `create temp table if not exists import_stage (
  row_no int, email text, phone text, first_name text, last_name text, source text, status text,
  subscribed_at timestamptz, attributes jsonb, tags text
) on commit delete rows`;

const NEW_VALUES = `$1::uuid, st.email, st.phone, st.first_name, st.last_name, coalesce(st.source, 'import'),
  coalesce(st.status, 'subscribed'), coalesce(st.subscribed_at, $2::timestamptz), coalesce(st.attributes, '{}'::jsonb), $3::jsonb`;
const INSERT_COLUMNS = 'shop_id, email, phone, first_name, last_name, source, status, subscribed_at, attributes, consent';
/** New status of an existing subscriber: only a subscribed one can be moved, by an explicit status. */
const STATUS_RULE = (old: string, given: string) => `case when ${old} = 'subscribed' and ${given} is not null then ${given} else ${old} end`;

export interface BatchCounts { created: number; updated: number }

export interface WriteBatchOptions {
  /**
   * Write the e-mails as new without asking which the store has (a first import, or the batch
   * before had none it knew): one probe per row saved, and one failed COPY when wrong.
   */
  assumeNew?: boolean;
  /** `subscriberCopyTail` of each row, built ahead by the caller; built here when absent. */
  tails?: string[];
  /** Ids of tag names known to exist (committed): a batch using only these creates none. */
  knownTags?: ReadonlyMap<string, string>;
  /**
   * Waits until the batch written beside this one has committed. Called before anything that
   * could wait for that batch's locks or it for ours (creating tags, merging known subscribers),
   * so two batches of one import never wait for each other; new subscribers and their links to
   * existing tags go ahead at once.
   */
  exclusive?: () => Promise<void>;
}

export async function writeBatch(
  c: RawConnection,
  shopId: string,
  rows: ImportRow[],
  consent: ImportConsent,
  opts: WriteBatchOptions = {},
): Promise<BatchCounts & { knownEmails: number; tagIds: Map<string, string> }> {
  const exclusive = opts.exclusive ?? (async () => {});
  if (rows.length === 0) return { created: 0, updated: 0, knownEmails: 0, tagIds: new Map() };
  const tails = opts.tails ?? tailsOf(shopId, rows, consent);
  const tagIds = await ensureTags(c, shopId, rows, opts.knownTags ?? new Map(), exclusive);
  const anyTags = tagIds.size > 0;
  const copyNew = (at: number[]) => copyNewSubscribers(c, shopId, pick(rows, at), pick(tails, at), tagIds);
  const finish = async (s: { fresh: number[]; known: number[]; knownEmails: number }) => {
    let merged = { created: 0, updated: 0 };
    if (s.known.length) {
      await exclusive();
      merged = await mergeRows(c, shopId, pick(rows, s.known), consent, anyTags);
    }
    return { created: merged.created + s.fresh.length, updated: merged.updated, knownEmails: s.knownEmails, tagIds };
  };
  if (opts.assumeNew) {
    const withEmail = positions(rows, (r) => r.email !== null);
    if (withEmail.length && (await copyNew(withEmail))) {
      return finish({ fresh: withEmail, known: positions(rows, (r) => r.email === null), knownEmails: 0 });
    }
  }
  await exclusive();
  const split = await splitByEmail(c, shopId, rows);
  if (split.fresh.length && !(await copyNew(split.fresh))) {
    // An e-mail arrived between the probe and the COPY: merge the whole batch.
    return { ...(await mergeRows(c, shopId, rows, consent, anyTags)), knownEmails: Math.max(split.knownEmails, 1), tagIds };
  }
  return finish(split);
}

function tailsOf(shopId: string, rows: ImportRow[], consent: ImportConsent) {
  const copy = copyConsent(consent);
  return rows.map((r) => subscriberCopyTail(shopId, r, copy));
}

const positions = <T>(all: T[], test: (v: T) => boolean) => all.flatMap((v, i) => (test(v) ? [i] : []));
const pick = <T>(all: T[], at: number[]) => at.map((i) => all[i]!);

/** Creates the batch's tag names the store lacks; answers the id of each name. */
async function ensureTags(
  c: RawConnection, shopId: string, rows: ImportRow[], known: ReadonlyMap<string, string>, exclusive: () => Promise<void>,
): Promise<Map<string, string>> {
  const names = new Set<string>();
  for (const r of rows) for (const t of r.tags) names.add(t);
  if (names.size === 0) return new Map();
  const list = [...names];
  if (list.every((n) => known.has(n))) return new Map(list.map((n) => [n, known.get(n)!]));
  await exclusive();
  // The select does not see the insert's rows (one snapshot), so the two parts never overlap.
  const found = await c.query<{ id: string; name: string }>(
    `with added as (
       insert into tags (shop_id, name) select $1::uuid, unnest($2::text[]) on conflict (shop_id, name) do nothing returning id, name
     )
     select id::text as id, name from added
     union all select id::text as id, name from tags where shop_id = $1::uuid and name = any($2::text[])`,
    [shopId, list],
  );
  return new Map(found.rows.map((t) => [t.name, t.id]));
}

/**
 * Positions of the rows with an e-mail the store does not have yet (`fresh`) and of the rest
 * (`known`): e-mails it has, and rows with only a phone, which may match a subscriber by phone.
 */
async function splitByEmail(c: RawConnection, shopId: string, rows: ImportRow[]) {
  const emails = rows.flatMap((r) => (r.email ? [r.email] : []));
  const have = new Set<string>();
  if (emails.length) {
    // One index probe per e-mail, whatever the table's statistics say: planned as `email = any(…)`
    // on a table that grew since it was last analysed, this became a scan of the whole store.
    const r = await c.query<{ email: string }>(
      `select e.email from unnest($2::text[]) e(email)
       cross join lateral (select 1 from subscribers s where s.shop_id = $1::uuid and s.email = e.email limit 1) found`,
      [shopId, emails],
    );
    for (const row of r.rows) have.add(row.email);
  }
  const isFresh = (r: ImportRow) => r.email !== null && !have.has(r.email);
  return { fresh: positions(rows, isFresh), known: positions(rows, (r) => !isFresh(r)), knownEmails: have.size };
}

/** Merges rows into the store's subscribers through a staging table; tags exist already. */
async function mergeRows(c: RawConnection, shopId: string, rows: ImportRow[], consent: ImportConsent, anyTags: boolean): Promise<BatchCounts> {
  await nameConsentSource(c, { via: 'import', detail: consent.file });
  await c.query(STAGE);
  let data = '';
  let anyPhoneOnly = false;
  for (const r of rows) {
    if (!r.email) anyPhoneOnly = true;
    data += `${r.rowNo}\t${copyText(r.email)}\t${copyText(r.phone)}\t${copyText(r.firstName)}\t${copyText(r.lastName)}\t${copyText(r.source)}\t${copyText(r.status)}\t${copyText(r.subscribedAt)}\t${copyText(r.attributes ? JSON.stringify(r.attributes) : null)}\t${copyText(r.tags.length ? r.tags.join(TAG_SEP) : null)}\n`;
  }
  await c.copyFrom('import_stage', STAGE_COLUMNS, data);
  const params = [shopId, consent.at, JSON.stringify(consent)];
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
