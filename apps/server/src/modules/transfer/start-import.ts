import type { ShopScope } from '@storecast/db';
import { imports, shops, tags } from '@storecast/db';
import { eq, inArray, sql } from 'drizzle-orm';
import type { Deps } from '../../deps.ts';
import { AppError, notFound } from '../../http/app-error.ts';
import { declareQueue, IMPORT_QUEUE } from './queues.ts';
import { failImport } from './run-import.ts';
import { findUpload } from './save-upload.ts';
import { isImportTarget } from './suggest-mapping.ts';

export interface StartImportInput {
  upload_id: string;
  mapping: Record<string, string>;
  tag_ids: number[];
}

/**
 * Records an import of an uploaded file and queues it. One import per store runs at a time
 * (the session user's `flag_import` shows it); the check and the insert happen under a lock on
 * the store's row, so two clicks cannot start two.
 */
export async function startImport(deps: Deps, scope: ShopScope, input: StartImportInput): Promise<{ import_id: string }> {
  const { db } = deps.dbh;
  const upload = await findUpload(deps.config.dataDir, scope, input.upload_id);
  if (!upload) throw new AppError('errors.import.uploadGone');
  const mapping: Record<string, string> = {};
  for (const [col, target] of Object.entries(input.mapping)) {
    if (!isImportTarget(target)) throw new AppError('errors.common.invalid');
    if (target) mapping[col] = target;
  }
  const targets = Object.values(mapping);
  if (!targets.includes('email') && !targets.includes('phone')) throw new AppError('errors.import.noContactColumn');
  const tagIds = [...new Set(input.tag_ids)];
  if (tagIds.length) {
    const found = await db.select({ id: tags.id }).from(tags).where(scope.where(tags, inArray(tags.id, tagIds)));
    if (found.length !== tagIds.length) throw notFound();
  }

  const id = await db.transaction(async (tx) => {
    await tx.execute(sql`select 1 from ${shops} where ${shops.id} = ${scope.shopId} for update`);
    const [busy] = await tx.select({ id: imports.id }).from(imports)
      .where(scope.where(imports, eq(imports.status, 'in_progress'))).limit(1);
    if (busy) throw new AppError('errors.import.busy', 409);
    const [row] = await tx.insert(imports).values(scope.values({
      fileName: upload.meta.fileName,
      filePath: upload.file,
      mapping,
      tagIds,
    })).returning({ id: imports.id });
    return row!.id;
  });
  try {
    await declareQueue(deps, IMPORT_QUEUE);
    await deps.jobs.send(IMPORT_QUEUE, { importId: id });
  } catch (err) {
    await failImport(deps, id, 'errors.common.internal');
    throw err;
  }
  return { import_id: id };
}
