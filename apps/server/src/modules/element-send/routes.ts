import { api } from '@storecast/contract';
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../deps.ts';
import { registerRoute } from '../../http/register-route.ts';
import { changeProduct, chooseProducts, retryFailed } from './choose-products.ts';
import { listMatches } from './list-matches.ts';
import { readMatchState } from './read-match-state.ts';

/** Element Send's product choice and matching; every route acts on the session's store. */
export function elementSendRoutes(app: FastifyInstance, deps: Deps) {
  const r = api.element;
  registerRoute(app, deps, r.match, async ({ scope, body, locale }) => {
    const id = await chooseProducts(deps, scope, body, locale);
    return readMatchState(deps, scope, id, locale);
  });
  registerRoute(app, deps, r.state, ({ scope, query, locale }) => readMatchState(deps, scope, query.id, locale));
  registerRoute(app, deps, r.retry, async ({ scope, body, locale }) => {
    await retryFailed(deps, scope, body.id);
    return readMatchState(deps, scope, body.id, locale);
  });
  registerRoute(app, deps, r.change, async ({ scope, body, locale }) => {
    await changeProduct(deps, scope, body, locale);
    return readMatchState(deps, scope, body.id, locale);
  });
  registerRoute(app, deps, r.matches, ({ scope, query }) => listMatches(deps, scope, query));
}
