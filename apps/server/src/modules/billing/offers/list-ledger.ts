import { isUuid, type Locale } from '@storecast/contract';
import type { ShopScope } from '@storecast/db';
import type { Deps } from '../../../deps.ts';
import { packDisplayName } from './name-pack.ts';

type LedgerKind = 'recharge' | 'consume' | 'expire';

interface LedgerQuery {
  page: number;
  page_size: number;
  kind?: LedgerKind;
  package_id?: string;
}

interface LedgerRow {
  id: string;
  kind: LedgerKind;
  amount: number;
  package_id: string;
  created_at: Date | string;
  pack_kind: string;
  pack_total: number;
}

/**
 * The store's sending-volume ledger, newest first, a page at a time. The filters and the order
 * follow `send_package_logs_shop_idx (shop_id, created_at)`, so a page reads only its rows plus
 * the offset; the total is a count over the same filter.
 */
export async function listLedger(deps: Deps, scope: ShopScope, query: LedgerQuery, locale: Locale) {
  const empty = { items: [], total: 0, page: query.page, page_size: query.page_size };
  // A malformed pack id names no pack: an empty ledger, not a database type error.
  if (query.package_id !== undefined && !isUuid(query.package_id)) return empty;
  const params: unknown[] = [scope.shopId];
  let filter = '';
  if (query.kind) {
    params.push(query.kind);
    filter += ` and l.kind = $${params.length}`;
  }
  if (query.package_id) {
    params.push(query.package_id);
    filter += ` and l.package_id = $${params.length}`;
  }
  const counted = await deps.dbh.query<{ n: number }>(
    `select count(*)::int as n from send_package_logs l where l.shop_id = $1${filter}`, params,
  );
  const total = counted.rows[0]?.n ?? 0;
  const offset = (query.page - 1) * query.page_size;
  if (total === 0 || offset >= total) return { ...empty, total };
  const { rows } = await deps.dbh.query<LedgerRow>(
    `select l.id, l.kind, l.amount, l.package_id, l.created_at, p.kind as pack_kind, p.total as pack_total
     from send_package_logs l join send_packages p on p.id = l.package_id and p.shop_id = l.shop_id
     where l.shop_id = $1${filter}
     order by l.created_at desc, l.id desc
     limit ${query.page_size} offset ${offset}`,
    params,
  );
  return {
    items: rows.map((r) => ({
      id: r.id,
      kind: r.kind,
      amount: r.amount,
      package_id: r.package_id,
      package_name: packDisplayName(locale, { kind: r.pack_kind, total: r.pack_total }),
      created_at: new Date(r.created_at).toISOString(),
    })),
    total,
    page: query.page,
    page_size: query.page_size,
  };
}

/** The store's packs for the ledger's filter, newest first. */
export async function listLedgerPackNames(deps: Deps, scope: ShopScope, locale: Locale) {
  const { rows } = await deps.dbh.query<{ id: string; kind: string; total: number }>(
    'select id, kind, total from send_packages where shop_id = $1 order by created_at desc, id desc', [scope.shopId],
  );
  return rows.map((r) => ({ id: r.id, name: packDisplayName(locale, r) }));
}
