import { automationSettingsSchema } from '@storecast/contract';
import { type Db, shops, subscribers as s } from '@storecast/db';
import { eq, type SQL, sql } from 'drizzle-orm';

/**
 * The store's smart sending window in hours (Smart Send settings, 0 = off). Read here from the
 * store row rather than from the flows module, which builds on Segment Send's compile code.
 */
export async function readSmartSendingHours(db: Db, shopId: string): Promise<number> {
  const [row] = await db.select({ automation: shops.automation }).from(shops).where(eq(shops.id, shopId));
  const parsed = automationSettingsSchema.safeParse(row?.automation ?? {});
  return parsed.success ? parsed.data.smart_sending_hours : automationSettingsSchema.parse({}).smart_sending_hours;
}

/**
 * Subscribers not mailed within the window: no e-mail sent in the last `hours`, and none waiting
 * to go out in another send or flow. A one-off send that asks for smart sending leaves the others out.
 */
export function notRecentlyMailed(hours: number): SQL {
  return sql`not exists (select 1 from deliveries d where d.subscriber_id = ${s.id} and d.channel = 'email'
    and (d.status in ('queued', 'sending') or d.sent_at > now() - make_interval(hours => ${hours}::int)))`;
}
