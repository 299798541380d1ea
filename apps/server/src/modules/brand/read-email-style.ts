import { type EmailStyle, emailStyleSchema } from '@storecast/contract';
import { type Db, emailStyles, type ShopScope } from '@storecast/db';

/**
 * The store's e-mail style, as the renderer applies it. A store that never saved one gets the
 * schema's defaults (no logo, white content, blue button, Arial), so every e-mail can render.
 * The stored document is parsed again so a style saved by an older version gains new defaults.
 */
export async function readEmailStyle(db: Db, scope: ShopScope): Promise<EmailStyle> {
  const [row] = await db.select({ style: emailStyles.style }).from(emailStyles).where(scope.where(emailStyles));
  const parsed = emailStyleSchema.safeParse(row?.style ?? {});
  return parsed.success ? parsed.data : emailStyleSchema.parse({});
}
