import { type AutomationSettings, automationSettingsSchema } from '@storecast/contract';
import { type Db, shops, type ShopScope } from '@storecast/db';
import { eq } from 'drizzle-orm';

/**
 * The store's Smart Send settings: what it saved merged over the contract's defaults, so a key
 * the store never set (or one added later) reads as its default. A stored value the schema no
 * longer accepts falls back to the default for that key only.
 */
export async function readAutomationSettings(db: Db, scope: ShopScope): Promise<AutomationSettings> {
  const [row] = await db.select({ automation: shops.automation }).from(shops).where(eq(shops.id, scope.shopId));
  return parseAutomationSettings(row?.automation ?? {});
}

export function parseAutomationSettings(stored: Record<string, unknown>): AutomationSettings {
  const whole = automationSettingsSchema.safeParse(stored);
  if (whole.success) return whole.data;
  const defaults = automationSettingsSchema.parse({});
  const out: Record<string, unknown> = { ...defaults };
  for (const [k, v] of Object.entries(stored)) {
    const one = automationSettingsSchema.safeParse({ [k]: v });
    if (one.success && k in defaults) out[k] = (one.data as Record<string, unknown>)[k];
  }
  return out as AutomationSettings;
}
