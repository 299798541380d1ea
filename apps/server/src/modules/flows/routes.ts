import { api } from '@storecast/contract';
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../deps.ts';
import { registerRoute } from '../../http/register-route.ts';
import { publishFlow } from './publish-flow.ts';
import { readFlowReport } from './read-flow-report.ts';
import { listFlows, readFlowDetail } from './read-flows.ts';
import { saveFlow } from './save-flow.ts';
import { saveAutomationSettings } from './save-settings.ts';
import { switchFlow } from './switch-flow.ts';

/** Smart Send's admin routes (/automation). */
export function automationRoutes(app: FastifyInstance, deps: Deps) {
  const r = api.automation;
  registerRoute(app, deps, r.flows, ({ scope }) => listFlows(deps, scope));
  registerRoute(app, deps, r.flow, ({ scope, query }) => readFlowDetail(deps, scope, query.id));
  registerRoute(app, deps, r.saveFlow, ({ scope, body }) => saveFlow(deps, scope, body.id, body.definition));
  registerRoute(app, deps, r.publishFlow, async ({ scope, body, setMessage }) => {
    const out = await publishFlow(deps, scope, body.id);
    setMessage('notices.automation.published');
    return out;
  });
  registerRoute(app, deps, r.switchFlow, async ({ scope, body, setMessage }) => {
    const out = await switchFlow(deps, scope, body.id, body.enabled);
    setMessage(body.enabled ? 'notices.automation.enabled' : 'notices.automation.disabled');
    return out;
  });
  registerRoute(app, deps, r.saveSettings, ({ scope, body }) => saveAutomationSettings(deps, scope, body));
  registerRoute(app, deps, r.report, ({ scope, query }) => readFlowReport(deps, scope, query.id, query.days));
}
