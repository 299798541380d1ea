import { GraphQLError } from 'graphql';
import type { RecordTable } from './record-table.ts';

/** The most a connection's `first` may ask for, as on Shopify. */
export const MAX_PAGE = 250;

/** Set while a bulk operation runs its query: no `first` is needed and none limits. */
export interface BulkRange {
  /** The root connection returns the records at positions [from, to), in id order. */
  from: number;
  to: number;
}

interface PageArgs {
  first?: number | null;
  after?: string | null;
}

/**
 * Shopify's cursors are opaque base64 JSON holding the last id and sort value; the fake's carry
 * the same, sorted by id only, so a page starts right after the previous one's last record.
 */
export const encodeCursor = (id: number): string => Buffer.from(JSON.stringify({ last_id: id, last_value: String(id) })).toString('base64');

function decodeCursor(cursor: string): number {
  try {
    const parsed = JSON.parse(Buffer.from(cursor, 'base64').toString('utf8')) as { last_id?: unknown };
    if (typeof parsed.last_id === 'number' && Number.isInteger(parsed.last_id) && parsed.last_id >= 0) return parsed.last_id;
  } catch {
    // falls through to the error Shopify gives for a cursor it did not make
  }
  throw new GraphQLError('Invalid cursor for current pagination sort.', { extensions: { code: 'BAD_REQUEST' } });
}

function pageSize(args: PageArgs): number {
  const first = args.first;
  if (first == null) throw new GraphQLError('you must provide one of first or last', { extensions: { code: 'BAD_REQUEST' } });
  if (first < 0 || first > MAX_PAGE) {
    throw new GraphQLError(`The first argument must be between 0 and ${MAX_PAGE}.`, { extensions: { code: 'BAD_REQUEST' } });
  }
  return first;
}

export interface Page<T> {
  items: T[];
  hasNextPage: boolean;
  hasPreviousPage?: boolean;
}

/**
 * One page of a table's records that `match`, after the cursor. It reads from the cursor's
 * position on and stops at `first + 1` matches, so a page costs its own size (plus the records
 * a filter skips), whatever the size of the shop.
 */
export function pageTable<T extends { id: number }>(
  table: RecordTable<T>,
  args: PageArgs,
  bulk: BulkRange | null,
  match: ((record: T) => boolean) | null,
): Page<T> {
  const items: T[] = [];
  if (bulk) {
    for (let i = bulk.from; i < Math.min(bulk.to, table.size); i++) {
      const r = table.at(i) as T;
      if (!match || match(r)) items.push(r);
    }
    return { items, hasNextPage: false };
  }
  const first = pageSize(args);
  for (let i = args.after ? decodeCursor(args.after) : 0; i < table.size && items.length <= first; i++) {
    const r = table.at(i) as T;
    if (!match || match(r)) items.push(r);
  }
  return { items: items.slice(0, first), hasNextPage: items.length > first, hasPreviousPage: Boolean(args.after) };
}

/** One page of a record's own list (an order's line items), sorted by id; a bulk run takes them all. */
export function pageList<T extends { id: number }>(list: T[], args: PageArgs, bulk: BulkRange | null): Page<T> {
  if (bulk) return { items: list, hasNextPage: false };
  const first = pageSize(args);
  const after = args.after ? decodeCursor(args.after) : -1;
  const rest = list.filter((x) => x.id > after);
  return { items: rest.slice(0, first), hasNextPage: rest.length > first, hasPreviousPage: Boolean(args.after) };
}

/** A page as a Relay connection: `nodes`, `edges { cursor node }` and `pageInfo`. */
export function toConnection<T extends { id: number }>(page: Page<T>) {
  const edges = page.items.map((node) => ({ cursor: encodeCursor(node.id), node }));
  return {
    nodes: page.items,
    edges,
    pageInfo: {
      hasNextPage: page.hasNextPage,
      hasPreviousPage: page.hasPreviousPage ?? false,
      startCursor: edges[0]?.cursor ?? null,
      endCursor: edges.at(-1)?.cursor ?? null,
    },
  };
}
