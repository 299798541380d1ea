import type { AutomationSettings } from '@storecast/contract';
import { shops, type ShopScope } from '@storecast/db';
import { eq } from 'drizzle-orm';
import type { Deps } from '../../deps.ts';
import { manageWithAi } from './manage-with-ai.ts';
import { readAutomationSettings } from './read-automation-settings.ts';
import { checkSenderVerified } from './switch-flow.ts';

/**
 * Saves the store's Smart Send settings. Turning AI strategy management on runs it at once
 * (manage-with-ai.ts) and, like a flow's switch, is refused without a verified sender e-mail and
 * domain (nothing is saved then); turning it off keeps every flow as it is and only stops further
 * changes.
 */
export async function saveAutomationSettings(deps: Deps, scope: ShopScope, input: AutomationSettings): Promise<AutomationSettings> {
  const before = await readAutomationSettings(deps.dbh.db, scope);
  if (input.ai_managed && !before.ai_managed) await checkSenderVerified(deps, scope);
  await deps.dbh.db.update(shops).set({ automation: { ...input }, updatedAt: new Date() }).where(eq(shops.id, scope.shopId));
  if (input.ai_managed && !before.ai_managed) await manageWithAi(deps, scope);
  return readAutomationSettings(deps.dbh.db, scope);
}
