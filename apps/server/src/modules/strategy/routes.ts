import { api } from '@storecast/contract';
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../deps.ts';
import { registerRoute } from '../../http/register-route.ts';
import { listDeliveryWarnings } from '../delivery/index.ts';
import { findStrategy, listStrategies, readStrategyDetail } from './read-strategies.ts';
import { readRecommendations } from './read-recommendations.ts';
import { readStrategyReport } from './read-strategy-report.ts';
import { saveStrategy } from './save-strategy.ts';
import { deleteStrategy, previewStrategy, saveStrategyAsTemplate, strategyAudienceCount, terminateStrategy } from './strategy-actions.ts';

export function strategyRoutes(app: FastifyInstance, deps: Deps) {
  const r = api.strategy;
  registerRoute(app, deps, r.list, ({ scope, query }) => listStrategies(deps, scope, query));
  registerRoute(app, deps, r.detail, ({ scope, query }) => readStrategyDetail(deps, scope, query.id));
  registerRoute(app, deps, r.save, async ({ scope, body, locale, setMessage }) => {
    const out = await saveStrategy(deps, scope, body, locale);
    // A large "send now" answers while its start is still queued (save-strategy.ts): started too.
    const started = out.status === 'sending' || (out.status === 'pending' && body.send_mode === 'now');
    setMessage(started ? 'notices.strategy.started' : out.status === 'pending' ? 'notices.strategy.scheduled' : 'notices.strategy.saved');
    return out;
  });
  registerRoute(app, deps, r.preview, ({ scope, body, locale }) => previewStrategy(deps, scope, body, locale));
  registerRoute(app, deps, r.preflight, async ({ scope, query, locale }) => {
    await findStrategy(deps, scope, query.id);
    return listDeliveryWarnings(deps, scope, locale);
  });
  registerRoute(app, deps, r.audienceCount, ({ scope, query }) => strategyAudienceCount(deps, scope, query.segment_ids, query.smart_sending === '1', query.strategy_id));
  registerRoute(app, deps, r.terminate, ({ scope, body }) => terminateStrategy(deps, scope, body.id));
  registerRoute(app, deps, r.remove, ({ scope, body }) => deleteStrategy(deps, scope, body.id));
  registerRoute(app, deps, r.saveAsTemplate, ({ scope, body }) => saveStrategyAsTemplate(deps, scope, body.id, body.name));
  registerRoute(app, deps, r.recommendations, ({ scope }) => readRecommendations(deps, scope));
  registerRoute(app, deps, r.report, ({ scope, query }) => readStrategyReport(deps, scope, query.id));
}
