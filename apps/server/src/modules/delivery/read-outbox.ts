import { isUuid } from '@storecast/contract';
import { outboxMessages, type ShopScope } from '@storecast/db';
import { and, count, desc, eq, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { Deps } from '../../deps.ts';
import { AppError } from '../../http/app-error.ts';

type Row = typeof outboxMessages.$inferSelect;

const item = (r: Row) => ({
  id: r.id,
  recipient: r.recipient,
  subject: r.subject ?? '',
  strategy_id: typeof r.meta.strategyId === 'string' ? r.meta.strategyId : null,
  created_at: r.createdAt.toISOString(),
});

/** Whose outbox it is: the store of the session, and the signed-in account's own address. */
export interface OutboxReader { scope: ShopScope; email: string }

/**
 * E-mail a reader may open in the local outbox (never SMS codes, never other stores' mail): the
 * store's own, invitations naming the store (an owner without SMTP hands the link over), and the
 * product's account mail to the reader's own address (an invitation to them, their codes).
 */
function visibleTo(reader: OutboxReader, ...conditions: (SQL | undefined)[]): SQL {
  return and(
    eq(outboxMessages.channel, 'email'),
    or(
      eq(outboxMessages.shopId, reader.scope.shopId),
      and(isNull(outboxMessages.shopId), sql`${outboxMessages.meta} -> 'shopIds' @> ${JSON.stringify([reader.scope.shopId])}::jsonb`),
      and(isNull(outboxMessages.shopId), sql`lower(${outboxMessages.recipient}) = lower(${reader.email})`),
    ),
    ...conditions,
  )!;
}

export async function listOutbox(deps: Deps, reader: OutboxReader, q: { strategy_id?: string; page: number; page_size: number }) {
  const where = visibleTo(reader, q.strategy_id ? sql`${outboxMessages.meta} ->> 'strategyId' = ${q.strategy_id}` : undefined);
  const rows = await deps.dbh.db.select().from(outboxMessages).where(where)
    .orderBy(desc(outboxMessages.createdAt), desc(outboxMessages.id)).limit(q.page_size).offset((q.page - 1) * q.page_size);
  const [r] = await deps.dbh.db.select({ n: count() }).from(outboxMessages).where(where);
  return { items: rows.map(item), total: Number(r?.n ?? 0) };
}

export async function readOutboxMessage(deps: Deps, reader: OutboxReader, id: string) {
  if (!isUuid(id)) throw new AppError('errors.outbox.notFound', 404);
  const [row] = await deps.dbh.db.select().from(outboxMessages).where(visibleTo(reader, eq(outboxMessages.id, id)));
  if (!row) throw new AppError('errors.outbox.notFound', 404);
  const from = row.meta.from as { name?: string; address?: string } | undefined;
  return {
    ...item(row),
    from: from ? `${from.name ?? ''} <${from.address ?? ''}>`.trim() : '',
    html: row.body,
    text: typeof row.meta.text === 'string' ? row.meta.text : '',
    headers: (row.meta.headers ?? {}) as Record<string, string>,
  };
}
