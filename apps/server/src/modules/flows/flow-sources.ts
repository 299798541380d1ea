import type { EmailStep } from '@storecast/contract';
import { shopScope } from '@storecast/db';
import type { Recipient } from '@storecast/email';
import type { Deps } from '../../deps.ts';
import { AppError } from '../../http/app-error.ts';
import { type DeliverySource, findSmsLinks, recordSendLinks } from '../delivery/index.ts';
import { findSendingIdentity } from '../sender/index.ts';
import { compileStepEmail, publishedStepProducts } from './compile-step-email.ts';
import { FLOW_EMAIL, FLOW_SMS } from './flow-source-kinds.ts';
import { loadFlowVersions, type RuntimeStep, type RuntimeVersion } from './load-flow-version.ts';

/**
 * Flows as sources of the delivery engine: a flow's e-mail or SMS step is a send, its id
 * (`flow_steps.id`) the send id. Runs add the step's deliveries as they reach it; the step is
 * "sending" while its flow is on, and a flow turned off ends it (the engine then cancels what it
 * has not sent). A step belongs to one published version and never changes, so its plan is
 * built once per process.
 */
function flowSource(kind: typeof FLOW_EMAIL | typeof FLOW_SMS, channel: 'email' | 'sms', type: 'email' | 'sms'): DeliverySource {
  return {
    kind,
    channel,

    async state(deps, sendId) {
      const { rows } = await deps.dbh.query<{ shop_id: string; status: string }>(
        `select f.shop_id, f.status from flow_steps fs join flows f on f.id = fs.flow_id where fs.id = $1`, [sendId],
      );
      const r = rows[0];
      return r && r.status === 'on' ? { shopId: r.shop_id, version: 'published' } : null;
    },

    async load(deps, sendId) {
      const { step, version, shopId } = await readStep(deps, sendId, type);
      if (type === 'sms') {
        const text = String(step.config.text ?? '');
        const links = findSmsLinks(text);
        await recordLinksOnce(deps, shopId, sendId, links);
        return { channel: 'sms', shopId, sendId, links, render: (r: Recipient) => ({ text: personalizeSms(text, r) }) };
      }
      const identity = await findSendingIdentity(deps.dbh.db, shopScope(shopId));
      if (!identity || !identity.emailVerified || !identity.domainVerified) throw new AppError('errors.strategy.senderNotVerified', 400);
      const emailStep = step.config as unknown as EmailStep;
      const products = await publishedStepProducts(deps, shopScope(shopId), emailStep, step.config);
      const compiled = await compileStepEmail(deps, shopId, emailStep, { locale: version.locale, utm: version.utm, products });
      await recordLinksOnce(deps, shopId, sendId, compiled.links);
      return {
        channel: 'email', shopId, sendId, identity, links: compiled.links, listUnsubscribe: true,
        render: (recipient, hooks) => compiled.personalize(recipient, hooks),
      };
    },

    async listSending(deps) {
      const { rows } = await deps.dbh.query<{ id: string }>(
        `select distinct d.strategy_id as id from deliveries d
         join flow_steps fs on fs.id = d.strategy_id join flows f on f.id = fs.flow_id
         where d.run_id is not null and d.channel = $1 and d.status in ('queued', 'sending') and f.status = 'on'`,
        [channel],
      );
      return rows.map((r) => r.id);
    },

    sql: {
      isSending: (id) => `exists (select 1 from flow_steps fs join flows f on f.id = fs.flow_id where fs.id = ${id} and f.status = 'on')`,
      hasEnded: (id) => `exists (select 1 from flow_steps fs join flows f on f.id = fs.flow_id where fs.id = ${id} and f.status = 'off')`,
    },

    // A step never completes (the next run may reach it any time), and a step that cannot be
    // built keeps its deliveries queued for the next try; the engine has logged the reason.
    async onEvent() {},
  };
}

export const flowEmailSource = flowSource(FLOW_EMAIL, 'email', 'email');
export const flowSmsSource = flowSource(FLOW_SMS, 'sms', 'sms');

async function readStep(deps: Deps, stepId: string, type: 'email' | 'sms'): Promise<{ step: RuntimeStep; version: RuntimeVersion; shopId: string }> {
  const { rows } = await deps.dbh.query<{ version_id: string; shop_id: string }>(`select version_id, shop_id from flow_steps where id = $1`, [stepId]);
  const row = rows[0];
  const version = row ? (await loadFlowVersions(deps.dbh, [row.version_id])).get(row.version_id) : undefined;
  const step = version?.steps.get(stepId);
  if (!row || !version || !step || step.type !== type) throw new AppError('errors.automation.notFound', 404);
  return { step, version, shopId: row.shop_id };
}

/** A step's links, recorded by the first worker that loads it (the click routes accept only these). */
async function recordLinksOnce(deps: Deps, shopId: string, stepId: string, links: readonly string[]) {
  await deps.dbh.transaction(async (c) => {
    await c.query(`select pg_advisory_xact_lock(hashtext($1))`, [`flow-links:${stepId}`]);
    const { rows } = await c.query(`select 1 from strategy_links where strategy_id = $1 limit 1`, [stepId]);
    if (rows.length === 0) await recordSendLinks(c, shopId, stepId, links);
  });
}

const FIELD = /\{\{\s*(first_name|last_name|email|phone)\s*(?:\|([^}]*))?\}\}/g;

/** Personal fields in an SMS text (`{{first_name|there}}`), as the e-mail editor writes them. */
export function personalizeSms(text: string, r: Recipient): string {
  return text.replace(FIELD, (_, field: keyof Recipient, fallback?: string) => {
    const v = r[field];
    return v ? String(v) : (fallback ?? '');
  });
}
