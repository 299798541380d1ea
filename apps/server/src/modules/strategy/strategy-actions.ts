import { type Locale, type StrategyDetail } from '@storecast/contract';
import type { ShopScope } from '@storecast/db';
import type { Deps } from '../../deps.ts';
import { AppError } from '../../http/app-error.ts';
import { saveLibraryTemplate } from '../brand/index.ts';
import { deleteSendRecords } from '../delivery/index.ts';
import { compileStrategyEmail } from './load-send-context.ts';
import { findStrategy, readStrategyDetail } from './read-strategies.ts';
import { countAudience } from './save-strategy.ts';
import { stopStrategy } from './stop-strategy.ts';

export async function terminateStrategy(deps: Deps, scope: ShopScope, id: string): Promise<StrategyDetail> {
  await findStrategy(deps, scope, id);
  await stopStrategy(deps.dbh, scope.shopId, id, { status: 'terminated' });
  return readStrategyDetail(deps, scope, id);
}

/** Any strategy but one sending: its deliveries and links go with it; the volume ledger stays. */
export async function deleteStrategy(deps: Deps, scope: ShopScope, id: string): Promise<null> {
  const row = await findStrategy(deps, scope, id);
  if (row.status === 'sending') throw new AppError('errors.strategy.notDeletable', 409);
  await deps.dbh.transaction(async (c) => {
    const gone = await c.query(`delete from strategies where id = $1 and shop_id = $2 and status = $3`, [id, scope.shopId, row.status]);
    if (gone.rowCount === 0) throw new AppError('errors.strategy.notDeletable', 409);
    await deleteSendRecords(c, scope.shopId, id);
  });
  return null;
}

export async function saveStrategyAsTemplate(deps: Deps, scope: ShopScope, id: string, name: string) {
  const row = await findStrategy(deps, scope, id);
  if (!row.content) throw new AppError('errors.strategy.contentRequired', 400);
  const { id: templateId } = await saveLibraryTemplate(deps.dbh.db, scope, { name, content: row.content as never });
  return { template_id: templateId };
}

/** The e-mail as a recipient would see it, with sample values and inert links. */
export async function previewStrategy(deps: Deps, scope: ShopScope, body: { title: string; summary: string; content: unknown }, locale: Locale) {
  const compiled = await compileStrategyEmail(deps, scope, { ...body, locale: locale as 'zh-CN' | 'en-US' });
  const sample = locale === 'zh-CN' ? { first_name: '小明', last_name: '王' } : { first_name: 'Alex', last_name: 'Smith' };
  const p = compiled.personalize({ ...sample, email: 'customer@example.com', phone: '' }, { unsubscribeUrl: '#', openPixelUrl: null, linkUrl: (i) => compiled.links[i] ?? '#' });
  return { html: p.html, size_bytes: compiled.sizeBytes, warnings: compiled.warnings };
}

export async function strategyAudienceCount(deps: Deps, scope: ShopScope, segmentIds: string, smartSending = false) {
  const ids = segmentIds.split(',').map((s) => s.trim()).filter(Boolean);
  if (ids.length === 0) return { count: 0 };
  try {
    return { count: await countAudience(deps, scope, ids, smartSending) };
  } catch (err) {
    if (err instanceof AppError && err.key === 'errors.strategy.noRecipients') return { count: 0 };
    throw err;
  }
}
