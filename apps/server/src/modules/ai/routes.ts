import { api, ResultCode } from '@storecast/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Deps } from '../../deps.ts';
import { AppError, notFound, tooMany } from '../../http/app-error.ts';
import { registerRoute } from '../../http/register-route.ts';
import { readCoupon } from '../brand/index.ts';
import { readStoreInfo } from '../shop/index.ts';
import { AiUnavailableError } from './ask-chat-completions.ts';
import { writeCopyWithAi } from './write-copy.ts';
import { writeCopyOffline } from './write-copy-offline.ts';
import type { CopyRequest } from './write-copy-types.ts';

/** Copy a person may have written per store and minute: each one can cost a paid API call. */
export const WRITE_COPY_PER_MINUTE = 30;

export function aiRoutes(app: FastifyInstance, deps: Deps) {
  // The plugin's limiter keys on the request; the store is known only once the session is.
  const stores = new WeakMap<FastifyRequest, string>();
  const perStore = app.createRateLimit({
    max: WRITE_COPY_PER_MINUTE, timeWindow: 60_000, keyGenerator: (req) => `ai-write|${stores.get(req) ?? ''}`,
  });

  registerRoute(app, deps, api.ai.writeCopy, async ({ req, scope, body, locale }) => {
    stores.set(req, scope.shopId);
    const budget = await perStore(req);
    if (!budget.isAllowed && budget.isExceeded) {
      throw tooMany(budget.ttl, 'errors.ai.tooMany');
    }
    const store = await readStoreInfo(deps, scope, 'owner');
    let coupon: CopyRequest['facts']['coupon'] = null;
    if (body.coupon_id) {
      const preset = await readCoupon(deps.dbh.db, scope, body.coupon_id);
      if (!preset) throw notFound('errors.preset.notFound');
      coupon = { code: preset.code, discount: preset.discount };
    }
    const request: CopyRequest = {
      purpose: body.purpose,
      channel: body.channel,
      seed: body.seed,
      facts: {
        storeName: store.name, homepageUrl: store.homepage_url, currency: store.currency, locale, coupon, brief: body.brief,
      },
    };
    if (!deps.config.ai.baseUrl) return writeCopyOffline(request);
    try {
      return await writeCopyWithAi(deps, request);
    } catch (err) {
      // The person asked for AI copy: say it failed (SPEC's message) rather than pass off the built-in words.
      if (err instanceof AiUnavailableError) {
        req.log.warn({ reason: err.reason, err: err.message }, 'chat completions failed');
        throw new AppError('errors.ai.unavailable', 503, ResultCode.FAILED);
      }
      throw err;
    }
  });
}
