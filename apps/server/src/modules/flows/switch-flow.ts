import type { FlowSummary } from '@storecast/contract';
import type { ShopScope } from '@storecast/db';
import type { Deps } from '../../deps.ts';
import { AppError } from '../../http/app-error.ts';
import { checkAvailableVolume, releaseVolume } from '../billing/index.ts';
import { cancelIdleDeliveries } from '../delivery/index.ts';
import { findSendingIdentity } from '../sender/index.ts';
import { publishFlow } from './publish-flow.ts';
import { findFlow, summarizeFlows } from './read-flows.ts';

/**
 * What Smart Send needs before anything of it is turned on, a flow or AI strategy management
 * (SPEC sections 4 and 8): a verified sender e-mail and a verified sender domain. Throws the
 * message the owner reads.
 */
export async function checkSenderVerified(deps: Deps, scope: ShopScope): Promise<void> {
  const identity = await findSendingIdentity(deps.dbh.db, scope);
  if (!identity?.emailVerified) throw new AppError('errors.automation.senderEmailNotVerified', 400);
  if (!identity.domainVerified) throw new AppError('errors.automation.senderDomainNotVerified', 400);
}

/** What turning a flow on needs: the verified sender above and sending volume left. */
export async function checkCanEnable(deps: Deps, scope: ShopScope): Promise<void> {
  await checkSenderVerified(deps, scope);
  await checkAvailableVolume(deps.dbh.db, scope, 1);
}

/**
 * Turns a flow on or off, as the owner's choice: AI management never switches it back (it
 * leaves flows the owner changed after its own last change). On: after the checks above, publishes the draft when the flow has no
 * live version yet. Off: the runtime ends its active runs when it next claims them; mail the
 * flow queued and no worker holds yet is cancelled here and its volume released, in one
 * transaction, so turning a flow off sends nothing more.
 */
export async function switchFlow(deps: Deps, scope: ShopScope, id: string, enabled: boolean): Promise<FlowSummary> {
  const flow = await findFlow(deps, scope, id);
  if (enabled) {
    await checkCanEnable(deps, scope);
    if (!flow.liveVersionId) await publishFlow(deps, scope, id);
    await deps.dbh.query(
      `update flows set status = 'on', enabled_at = case when status = 'on' then enabled_at else now() end, updated_at = now(),
         owner_changed_at = now()
       where id = $1 and shop_id = $2`,
      [id, scope.shopId],
    );
  } else {
    await turnOff(deps, scope.shopId, id);
  }
  const [summary] = await summarizeFlows(deps, scope, [await findFlow(deps, scope, id)]);
  return summary!;
}

async function turnOff(deps: Deps, shopId: string, flowId: string): Promise<void> {
  await deps.dbh.transaction(async (c) => {
    await c.query(`update flows set status = 'off', updated_at = now(), owner_changed_at = now() where id = $1 and shop_id = $2`, [flowId, shopId]);
    const steps = await c.query<{ id: string }>(
      `select id from flow_steps where flow_id = $1 and shop_id = $2 and type in ('email', 'sms')`, [flowId, shopId]);
    for (const { id } of steps.rows) {
      // An SMS holds several units of volume: count what the cancelled rows hold before cancelling.
      const held = await c.query<{ units: number }>(
        `select coalesce(sum(units), 0)::int as units from (
           select units from deliveries where strategy_id = $1 and (status = 'queued' or (status = 'sending' and lease_until < now()))
           for update
         ) x`,
        [id],
      );
      const n = await cancelIdleDeliveries(c, id);
      if (n > 0) await releaseVolume(c, shopId, held.rows[0]!.units);
    }
  });
}
