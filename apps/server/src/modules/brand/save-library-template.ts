import { isUuid, type EmailDoc } from '@storecast/contract';
import { type Db, libraryItems, type ShopScope } from '@storecast/db';
import { and, eq } from 'drizzle-orm';
import { notFound } from '../../http/app-error.ts';

/**
 * Saves an e-mail as a template of the content library: a new one, or the one `id` names
 * (which must be a template of this store). The content is the contract's `EmailDoc`, already
 * validated by the caller (route or wizard), so the template renders like the e-mail did.
 */
export async function saveLibraryTemplate(
  db: Db,
  scope: ShopScope,
  input: { id?: string; name: string; content: EmailDoc },
): Promise<{ id: string }> {
  const content = input.content as unknown as Record<string, unknown>;
  if (input.id !== undefined) {
    if (!isUuid(input.id)) throw notFound('errors.library.notFound');
    const [row] = await db
      .update(libraryItems)
      .set({ name: input.name, content, updatedAt: new Date() })
      .where(scope.where(libraryItems, and(eq(libraryItems.id, input.id), eq(libraryItems.kind, 'template'))))
      .returning({ id: libraryItems.id });
    if (!row) throw notFound('errors.library.notFound');
    return row;
  }
  const [row] = await db.insert(libraryItems)
    .values(scope.values({ kind: 'template' as const, name: input.name, content }))
    .returning({ id: libraryItems.id });
  return row!;
}
