import type { RawConnection } from '@storecast/db';
import { copyText } from './copy-text.ts';
import type { ImportRow } from './validate-row.ts';

const SUBSCRIBER_COLUMNS = ['id', 'shop_id', 'email', 'phone', 'first_name', 'last_name', 'source', 'status', 'subscribed_at', 'attributes', 'consent'];
const UNIQUE_VIOLATION = '23505';

export type ImportConsent = { source: 'import'; at: string; file: string };

/**
 * A new subscriber's line of COPY text after its id. Built for every good row while the batch
 * before it is being written (run-import.ts), so the writer only puts the ids in front.
 */
export function subscriberCopyTail(shopId: string, r: ImportRow, consent: CopyConsent): string {
  return `${shopId}\t${copyText(r.email)}\t${copyText(r.phone)}\t${copyText(r.firstName)}\t${copyText(r.lastName)}\t${copyText(r.source ?? 'import')}\t${r.status ?? 'subscribed'}\t${copyText(r.subscribedAt ?? consent.at)}\t${copyText(r.attributes ? JSON.stringify(r.attributes) : '{}')}\t${consent.text}`;
}

/** The import's consent, once as a COPY value for all its new subscribers. */
export interface CopyConsent { at: string; text: string }
export const copyConsent = (consent: ImportConsent): CopyConsent => ({ at: consent.at, text: copyText(JSON.stringify(consent)) });

/**
 * Writes subscribers the store does not have (as far as the caller knows), and their tags, with
 * two COPYs: no staging table and no conflict handling per row. Ids are taken from the sequence
 * first, so the tag links need no answer from the first COPY, and the links' check trigger may
 * treat that id range as rows of this transaction (migration 0007).
 *
 * When one of the e-mails is in the store after all (the caller did not look, or a pop-up
 * sign-up came in meanwhile), the COPY fails on the unique index; it runs under a savepoint, so
 * the transaction goes on, nothing of it is kept, and this answers false.
 */
export async function copyNewSubscribers(
  c: RawConnection,
  shopId: string,
  rows: ImportRow[],
  tails: string[],
  tagIds: Map<string, string>,
): Promise<boolean> {
  const ids = await c.query<{ id: string }>(`select nextval('subscribers_id_seq')::text as id from generate_series(1, $1::int)`, [rows.length]);
  let people = '';
  let links = '';
  let lo = Infinity;
  let hi = -Infinity;
  rows.forEach((r, i) => {
    const id = ids.rows[i]!.id;
    const n = Number(id);
    if (n < lo) lo = n;
    if (n > hi) hi = n;
    people += `${id}\t${tails[i]}\n`;
    for (const name of r.tags) links += `${shopId}\t${id}\t${tagIds.get(name)}\n`;
  });
  await c.query('savepoint copy_new_subscribers');
  try {
    await c.copyFrom('subscribers', SUBSCRIBER_COLUMNS, people);
    if (links) {
      // Set for the one statement that links these ids only: any other id in the range belongs
      // to a row another session wrote, and no statement run under this setting names it.
      await c.query(`select set_config('storecast.fresh_subscribers', $1, true)`, [`${lo}-${hi}`]);
      await c.copyFrom('subscriber_tags', ['shop_id', 'subscriber_id', 'tag_id'], links);
      await c.query(`select set_config('storecast.fresh_subscribers', '', true)`);
    }
  } catch (err) {
    if ((err as { code?: string }).code !== UNIQUE_VIOLATION) throw err;
    await c.query('rollback to savepoint copy_new_subscribers');
    return false;
  }
  await c.query('release savepoint copy_new_subscribers');
  return true;
}
