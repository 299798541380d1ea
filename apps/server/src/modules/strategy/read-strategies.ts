import { isUuid, type StrategyDetail, type StrategyKind, type StrategyListItem, type StrategyStatus } from '@storecast/contract';
import { type ShopScope, strategies } from '@storecast/db';
import { and, count, desc, eq } from 'drizzle-orm';
import type { Deps } from '../../deps.ts';
import { AppError } from '../../http/app-error.ts';
import { readSalesAttribution, rebaseMediaUrls } from '../brand/index.ts';
import { readSendStats } from '../delivery/index.ts';

type Row = typeof strategies.$inferSelect;

export async function findStrategy(deps: Deps, scope: ShopScope, id: string): Promise<Row> {
  if (!isUuid(id)) throw new AppError('errors.strategy.notFound', 404);
  const [row] = await deps.dbh.db.select().from(strategies).where(scope.where(strategies, eq(strategies.id, id)));
  if (!row) throw new AppError('errors.strategy.notFound', 404);
  return row;
}

export async function listStrategies(
  deps: Deps,
  scope: ShopScope,
  q: { kind: StrategyKind; status?: StrategyStatus; page: number; page_size: number },
): Promise<{ items: StrategyListItem[]; total: number }> {
  const { db } = deps.dbh;
  const where = scope.where(strategies, and(eq(strategies.kind, q.kind), q.status ? eq(strategies.status, q.status) : undefined));
  const rows = await db.select().from(strategies).where(where)
    .orderBy(desc(strategies.createdAt), desc(strategies.id)).limit(q.page_size).offset((q.page - 1) * q.page_size);
  const [{ n }] = (await db.select({ n: count() }).from(strategies).where(where)) as [{ n: number }];
  const stats = await readSendStats(deps.dbh, scope.shopId, rows.map((r) => r.id), await readSalesAttribution(db, scope));
  return { items: rows.map((r) => toListItem(r, stats.get(r.id)!)), total: Number(n) };
}

export async function readStrategyDetail(deps: Deps, scope: ShopScope, id: string): Promise<StrategyDetail> {
  const row = await findStrategy(deps, scope, id);
  const stats = await readSendStats(deps.dbh, scope.shopId, [row.id], await readSalesAttribution(deps.dbh.db, scope));
  const detail = toDetail(row, stats.get(row.id)!);
  return { ...detail, content: await rebaseMediaUrls(deps.dbh.db, scope, deps.config.publicUrl, detail.content) };
}

export function toListItem(r: Row, stats: StrategyListItem['stats']): StrategyListItem {
  return {
    id: r.id, kind: r.kind, name: r.name, title: r.title, status: r.status, send_mode: r.sendMode,
    send_at: r.sendAt?.toISOString() ?? null, segment_ids: r.segmentIds, stats,
    created_at: r.createdAt.toISOString(), updated_at: r.updatedAt.toISOString(),
  };
}

export function toDetail(r: Row, stats: StrategyListItem['stats']): StrategyDetail {
  return {
    ...toListItem(r, stats),
    summary: r.summary, utm: r.utm, coupon_id: r.couponId, content: (r.content ?? null) as StrategyDetail['content'], smart_sending: r.smartSending,
    started_at: r.startedAt?.toISOString() ?? null, finished_at: r.finishedAt?.toISOString() ?? null, failure: r.failure,
  };
}
