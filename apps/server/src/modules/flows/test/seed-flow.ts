import type { FlowDefinition, FlowKind, FlowStep } from '@storecast/contract';
import { type DbHandle, flows, flowSteps, flowVersions } from '@storecast/db';
import { and, eq } from 'drizzle-orm';
import { flattenSteps } from '../publish-flow.ts';

export interface SeededFlow {
  flowId: string;
  versionId: string;
  /** Step ids by the definition's keys. */
  steps: Record<string, string>;
}

/**
 * A published flow for runtime tests: the flow (on unless told), a version holding `def`, and its
 * steps flattened as publishing does (without its checks and compiling). Seeding again makes a new
 * version the live one.
 */
export async function seedFlow(dbh: DbHandle, shopId: string, kind: FlowKind, def: Partial<FlowDefinition> & { steps: FlowStep[] }, status: 'on' | 'off' = 'on'): Promise<SeededFlow> {
  const definition = { exit_on_purchase: false, utm: { source: 'storecast', medium: 'email', campaign: kind }, ...def };
  let [flow] = await dbh.db.select().from(flows).where(and(eq(flows.shopId, shopId), eq(flows.kind, kind)));
  if (!flow) [flow] = await dbh.db.insert(flows).values({ shopId, kind, status, draft: definition }).returning();
  const versions = await dbh.db.select().from(flowVersions).where(eq(flowVersions.flowId, flow!.id));
  const [version] = await dbh.db.insert(flowVersions).values({ shopId, flowId: flow!.id, number: versions.length + 1, definition }).returning();
  const rows = flattenSteps(def.steps);
  if (rows.length) await dbh.db.insert(flowSteps).values(rows.map((r) => ({ ...r, shopId, flowId: flow!.id, versionId: version!.id })));
  await dbh.db.update(flows).set({ liveVersionId: version!.id, status }).where(eq(flows.id, flow!.id));
  return { flowId: flow!.id, versionId: version!.id, steps: Object.fromEntries(rows.map((r) => [r.key, r.id])) };
}

export async function setFlowStatus(dbh: DbHandle, flowId: string, status: 'on' | 'off') {
  await dbh.db.update(flows).set({ status }).where(eq(flows.id, flowId));
}
