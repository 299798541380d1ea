import { randomUUID } from 'node:crypto';
import { type FlowDetail, type FlowStep, ResultCode, walkSteps, withSmsOptOut } from '@storecast/contract';
import type { RawConnection, ShopScope } from '@storecast/db';
import type { ProductView } from '@storecast/email';
import type { Deps } from '../../deps.ts';
import { AppError } from '../../http/app-error.ts';
import { recordSendLinks } from '../delivery/index.ts';
import { compileStepEmail, loadStepProducts } from './compile-step-email.ts';
import { findFlow, parseDefinition, readFlowDetail, readStoreLanguage } from './read-flows.ts';
import { checkFlowReferences } from './save-flow.ts';

export interface FlatStep {
  id: string;
  key: string;
  type: FlowStep['type'];
  config: Record<string, unknown>;
  nextId: string | null;
  otherId: string | null;
}

/**
 * Flattens a definition's tree into rows: each step points at the step after it; a split's
 * `next` is the first step of its "yes" branch and `other` the first of its "no" branch, and
 * both branches continue with the steps after the split (an empty branch goes there at once).
 * The last step points at nothing, which ends the run. The entry step is the first of the list
 * (`steps[0].key`).
 */
export function flattenSteps(steps: readonly FlowStep[], extra: (s: FlowStep) => Record<string, unknown> = () => ({})): FlatStep[] {
  const ids = new Map(walkSteps(steps).map(({ step }) => [step.key, randomUUID()]));
  const out: FlatStep[] = [];
  const visit = (list: readonly FlowStep[], after: string | null) => {
    list.forEach((step, i) => {
      const next = i + 1 < list.length ? ids.get(list[i + 1]!.key)! : after;
      if (step.type === 'split') {
        const { yes, no, ...config } = step;
        out.push({
          id: ids.get(step.key)!, key: step.key, type: step.type, config: { ...config, ...extra(step) },
          nextId: yes.length ? ids.get(yes[0]!.key)! : next, otherId: no.length ? ids.get(no[0]!.key)! : next,
        });
        visit(yes, next);
        visit(no, next);
      } else {
        out.push({ id: ids.get(step.key)!, key: step.key, type: step.type, config: { ...step, ...extra(step) }, nextId: next, otherId: null });
      }
    });
  };
  visit(steps, null);
  return out;
}

/**
 * Publishes a flow's draft as its next version, the one new runs enter. In one transaction: the
 * version row, its flattened steps, the link table of each e-mail step (the delivery engine
 * knows a step by its id, so its tracked clicks can only lead to the step's own links), and the
 * flow's live version. Runs in progress keep the version they entered. An e-mail step is
 * compiled in the store's language (its footer and coupon words), whoever publishes, and the
 * language is recorded on the step for the engine to compile it the same way.
 */
export async function publishFlow(deps: Deps, scope: ShopScope, id: string): Promise<FlowDetail> {
  const locale = await readStoreLanguage(deps, scope);
  const flow = await findFlow(deps, scope, id);
  const def = parseDefinition(flow.draft);
  await checkFlowReferences(deps.dbh.db, scope, def);
  for (const { step } of walkSteps(def.steps)) {
    if (step.type === 'email' && (!step.title.trim() || !step.content)) {
      throw new AppError('errors.automation.emailIncomplete', 400, ResultCode.FAILED, { step: step.key });
    }
    if (step.type === 'sms' && !step.text.trim()) throw new AppError('errors.automation.smsTextRequired', 400);
  }
  // The catalogue products each e-mail draws are kept with its step: what was published is sent.
  const products = new Map<string, Map<string, ProductView>>();
  for (const { step } of walkSteps(def.steps)) {
    if (step.type === 'email') products.set(step.key, await loadStepProducts(deps, scope, step, true));
  }
  // An SMS goes out with an opt-out line when its text has none.
  const flat = flattenSteps(def.steps, (s) => (
    s.type === 'email' ? { locale, products: [...products.get(s.key)!.values()] } : s.type === 'sms' ? { text: withSmsOptOut(s.text) } : {}
  ));
  const links = new Map<string, readonly string[]>();
  for (const f of flat) {
    if (f.type !== 'email') continue;
    const step = walkSteps(def.steps).find((w) => w.step.key === f.key)!.step;
    if (step.type !== 'email') continue;
    links.set(f.id, (await compileStepEmail(deps, scope.shopId, step, { locale, utm: def.utm, products: products.get(step.key)! })).links);
  }
  const write = async (tx: RawConnection) => {
    const locked = await tx.query<{ id: string }>(`select id from flows where id = $1 and shop_id = $2 for update`, [id, scope.shopId]);
    if (!locked.rows[0]) throw new AppError('errors.automation.notFound', 404);
    const version = await tx.query<{ id: string }>(
      `insert into flow_versions (shop_id, flow_id, number, definition)
       select $1::uuid, $2::uuid, coalesce(max(number), 0) + 1, $3::jsonb from flow_versions where flow_id = $2
       returning id`,
      // The language e-mails are compiled in goes with the version, for the engine to compile alike.
      [scope.shopId, id, JSON.stringify({ ...def, locale })],
    );
    const versionId = version.rows[0]!.id;
    await tx.query(
      `insert into flow_steps (id, shop_id, flow_id, version_id, key, type, config, next_id, other_id)
       select v.id, $1::uuid, $2::uuid, $3::uuid, v.key, v.type, v.config, v.next_id, v.other_id
       from jsonb_to_recordset($4::jsonb) as v(id uuid, key text, type text, config jsonb, next_id uuid, other_id uuid)`,
      [scope.shopId, id, versionId, JSON.stringify(flat.map((f) => ({
        id: f.id, key: f.key, type: f.type, config: f.config, next_id: f.nextId, other_id: f.otherId,
      })))],
    );
    for (const [stepId, urls] of links) await recordSendLinks(tx, scope.shopId, stepId, urls);
    await tx.query(`update flows set live_version_id = $2, updated_at = now() where id = $1`, [id, versionId]);
  };
  await deps.dbh.transaction(write);
  return readFlowDetail(deps, scope, id);
}
