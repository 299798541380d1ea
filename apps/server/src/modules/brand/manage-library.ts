import { isUuid, type EmailDoc, type LibraryImage, type LibraryTemplate, type LibraryTitle } from '@storecast/contract';
import { type Db, libraryItems, media, type ShopScope } from '@storecast/db';
import { and, desc, eq } from 'drizzle-orm';
import { notFound } from '../../http/app-error.ts';
import { type MediaRow, toMedia } from './save-media.ts';

/**
 * The content library: titles (subject lines), images and templates a store reuses when it
 * writes an e-mail. Lists are newest change first; the wizard shows them as pick lists.
 */

const byKind = (scope: ShopScope, kind: 'title' | 'image' | 'template') =>
  scope.where(libraryItems, eq(libraryItems.kind, kind));

export async function listTitles(db: Db, scope: ShopScope): Promise<LibraryTitle[]> {
  const rows = await db.select().from(libraryItems).where(byKind(scope, 'title')).orderBy(desc(libraryItems.updatedAt));
  return rows.map((r) => ({ id: r.id, text: r.text ?? '', updated_at: r.updatedAt.toISOString() }));
}

export async function saveTitle(db: Db, scope: ShopScope, input: { id?: string; text: string }): Promise<LibraryTitle> {
  if (input.id !== undefined && !isUuid(input.id)) throw notFound('errors.library.notFound');
  const [row] = input.id !== undefined
    ? await db.update(libraryItems).set({ text: input.text, updatedAt: new Date() })
        .where(and(byKind(scope, 'title'), eq(libraryItems.id, input.id))).returning()
    : await db.insert(libraryItems).values(scope.values({ kind: 'title' as const, text: input.text })).returning();
  if (!row) throw notFound('errors.library.notFound');
  return { id: row.id, text: row.text ?? '', updated_at: row.updatedAt.toISOString() };
}

export async function listTemplates(db: Db, scope: ShopScope): Promise<LibraryTemplate[]> {
  const rows = await db.select().from(libraryItems).where(byKind(scope, 'template')).orderBy(desc(libraryItems.updatedAt));
  return rows.map((r) => ({ id: r.id, name: r.name, content: r.content as unknown as EmailDoc, updated_at: r.updatedAt.toISOString() }));
}

/** Adds the uploaded image to the library, named after its file. */
export async function addLibraryImage(db: Db, scope: ShopScope, publicUrl: string, m: MediaRow): Promise<LibraryImage> {
  const [row] = await db.insert(libraryItems)
    .values(scope.values({ kind: 'image' as const, name: m.fileName, mediaId: m.id })).returning();
  return { ...toMedia(publicUrl, m), id: row!.id, name: row!.name, updated_at: row!.updatedAt.toISOString() };
}

export async function listImages(db: Db, scope: ShopScope, publicUrl: string): Promise<LibraryImage[]> {
  const rows = await db.select({ item: libraryItems, media }).from(libraryItems)
    .innerJoin(media, eq(media.id, libraryItems.mediaId))
    .where(and(byKind(scope, 'image'), scope.where(media)))
    .orderBy(desc(libraryItems.updatedAt));
  return rows.map(({ item, media: m }) => ({
    ...toMedia(publicUrl, m), id: item.id, name: item.name, updated_at: item.updatedAt.toISOString(),
  }));
}

/**
 * Removes a library entry of any kind. An image's file stays: e-mails already sent point to
 * its public address, and deleting it would break them in the recipients' inboxes.
 */
export async function deleteLibraryItem(db: Db, scope: ShopScope, id: string): Promise<{ deleted: boolean }> {
  if (!isUuid(id)) return { deleted: false };
  const gone = await db.delete(libraryItems).where(scope.where(libraryItems, eq(libraryItems.id, id))).returning({ id: libraryItems.id });
  return { deleted: gone.length > 0 };
}

export async function readTemplate(db: Db, scope: ShopScope, id: string): Promise<LibraryTemplate> {
  const [r] = isUuid(id) ? await db.select().from(libraryItems).where(and(byKind(scope, 'template'), eq(libraryItems.id, id))) : [];
  if (!r) throw notFound('errors.library.notFound');
  return { id: r.id, name: r.name, content: r.content as unknown as EmailDoc, updated_at: r.updatedAt.toISOString() };
}
