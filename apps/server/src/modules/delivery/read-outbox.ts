import { isUuid } from '@storecast/contract';
import { outboxMessages, type ShopScope } from '@storecast/db';
import { and, count, desc, eq, sql } from 'drizzle-orm';
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

/** The store's e-mail kept in the local outbox (never SMS codes, never other stores' mail). */
export async function listOutbox(deps: Deps, scope: ShopScope, q: { strategy_id?: string; page: number; page_size: number }) {
  const where = scope.where(outboxMessages, and(
    eq(outboxMessages.channel, 'email'),
    q.strategy_id ? sql`${outboxMessages.meta} ->> 'strategyId' = ${q.strategy_id}` : undefined,
  ));
  const rows = await deps.dbh.db.select().from(outboxMessages).where(where)
    .orderBy(desc(outboxMessages.createdAt), desc(outboxMessages.id)).limit(q.page_size).offset((q.page - 1) * q.page_size);
  const [r] = await deps.dbh.db.select({ n: count() }).from(outboxMessages).where(where);
  return { items: rows.map(item), total: Number(r?.n ?? 0) };
}

export async function readOutboxMessage(deps: Deps, scope: ShopScope, id: string) {
  if (!isUuid(id)) throw new AppError('errors.outbox.notFound', 404);
  const [row] = await deps.dbh.db.select().from(outboxMessages)
    .where(scope.where(outboxMessages, eq(outboxMessages.id, id), eq(outboxMessages.channel, 'email')));
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
