import { UUID_SOURCE } from '@storecast/contract';
import { type Db, media, type ShopScope } from '@storecast/db';
import { inArray } from 'drizzle-orm';
import { mediaUrl } from './media-url.ts';

// Our own upload as it appears in a stored document: the `/media/<uuid>.<ext>` path of whatever
// address the installation had when the admin picked the image, or the bare path.
const OWN_MEDIA = new RegExp(`^(?:https?://[^/?#]+(?:/[^?#]*)?)?/media/(${UUID_SOURCE})\\.(jpg|png|gif)$`, 'i');

function collect(value: unknown, ids: Set<string>) {
  if (typeof value === 'string') {
    const m = OWN_MEDIA.exec(value);
    if (m) ids.add(m[1]!.toLowerCase());
  } else if (Array.isArray(value)) for (const v of value) collect(v, ids);
  else if (value && typeof value === 'object') for (const v of Object.values(value)) collect(v, ids);
}

function rewrite<T>(value: T, urls: Map<string, string>): T {
  if (typeof value === 'string') {
    const m = OWN_MEDIA.exec(value);
    return (m && urls.get(m[1]!.toLowerCase())) as T || value;
  }
  if (Array.isArray(value)) return value.map((v) => rewrite(v, urls)) as T;
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, rewrite(v, urls)])) as T;
  return value;
}

/**
 * Points the store's uploaded images in an e-mail document or style at the installation's
 * address as it is now. Documents keep the URL the admin was shown when the image was picked,
 * so after PUBLIC_URL changes they name an old host; every reader (rendering a mail, answering
 * the admin) rebuilds the URL from the media row instead. Only the store's own media rows are
 * rewritten; any other image URL is left exactly as written.
 */
export async function rebaseMediaUrls<T>(db: Db, scope: ShopScope, publicUrl: string, value: T): Promise<T> {
  const ids = new Set<string>();
  collect(value, ids);
  if (ids.size === 0) return value;
  const rows = await db.select({ id: media.id, ext: media.ext }).from(media).where(scope.where(media, inArray(media.id, [...ids])));
  if (rows.length === 0) return value;
  return rewrite(value, new Map(rows.map((r) => [r.id, mediaUrl(publicUrl, r.id, r.ext)])));
}
