import { LINK_CODE_PATTERN } from '@storecast/contract';
import { type Db, shortLinks } from '@storecast/db';
import { eq, sql } from 'drizzle-orm';

/**
 * Where a short link sends its visitor, counting the click in the same statement. A code that
 * cannot be one is never looked up. `count` is false for HEAD: link previews and checkers ask
 * before a person clicks, and they would count as visits.
 */
export async function followShortLink(db: Db, code: string, count: boolean): Promise<string | null> {
  if (!LINK_CODE_PATTERN.test(code)) return null;
  const click = () => db.update(shortLinks).set({ clicks: sql`${shortLinks.clicks} + 1`, lastClickedAt: new Date() })
    .where(eq(shortLinks.code, code)).returning({ url: shortLinks.fullUrl });
  const [row] = count ? await click() : await db.select({ url: shortLinks.fullUrl }).from(shortLinks).where(eq(shortLinks.code, code));
  return row?.url ?? null;
}
