import { CONNECTED_PLATFORMS, ResultCode } from '@storecast/contract';
import { platformConnections, platformWebhooks } from '@storecast/db';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../deps.ts';
import { signedWebhookRoute } from '../../http/signed-webhook-route.ts';
import { wakePlatformWebhooks } from './apply-platform-webhooks-job.ts';
import { type PlatformWebhook, verifyWebhook } from './verify-webhook.ts';

export const PLATFORM_WEBHOOK_PATH = '/api/platforms/:platform/webhooks';
/** A platform's webhook is one record (an order with its lines at most); far larger is not one. */
const BODY_LIMIT = 1024 * 1024;

/**
 * The platforms' webhooks, outside the contract: public, signed instead of signed-in. The body is
 * read as raw bytes and checked against the app's secret before anything parses it; a delivery of
 * a connected store is recorded once per event and answered at once, and the job that applies it
 * runs later, so a slow write never makes the platform send it again. A store that is not (or no
 * longer) connected is answered 200 too, with nothing kept: a platform retries anything else for
 * days.
 */
export function platformWebhookRoutes(app: FastifyInstance, deps: Deps) {
  signedWebhookRoute<{ platform: string }>(app, PLATFORM_WEBHOOK_PATH, BODY_LIMIT, async (req, raw, answer) => {
    const platform = CONNECTED_PLATFORMS.find((p) => p === req.params.platform);
    if (!platform) return answer(404, ResultCode.NOT_FOUND, 'errors.common.notFound');
    const secret = deps.config.platformApps[platform]?.apiSecret;
    if (!secret) return answer(409, ResultCode.FAILED, 'errors.store.platformNotConfigured');
    const check = await verifyWebhook(platform, secret, req.headers, raw);
    // Shopify asks for 401 on a bad signature (its privacy webhooks are reviewed for it).
    if (!check.ok) return answer(401, ResultCode.INVALID, 'errors.common.invalid');
    const text = raw.toString('utf8');
    if (!isJsonObject(text)) return answer(400, ResultCode.INVALID, 'errors.common.invalid');
    await recordWebhook(deps, check.webhook, text);
    // Applied by the job (apply-platform-webhooks-job.ts), never in the request.
    wakePlatformWebhooks();
    return answer(200, ResultCode.OK, '');
  });
}

function isJsonObject(text: string): boolean {
  try {
    const v: unknown = JSON.parse(text);
    return typeof v === 'object' && v !== null && !Array.isArray(v);
  } catch {
    return false;
  }
}

async function recordWebhook(deps: Deps, webhook: PlatformWebhook, payload: string) {
  const db = deps.dbh.db;
  const [link] = await db.select({ shopId: platformConnections.shopId }).from(platformConnections)
    .where(and(eq(platformConnections.platform, webhook.platform), eq(platformConnections.shopDomain, webhook.shopDomain.toLowerCase())));
  if (!link) return;
  await db.insert(platformWebhooks)
    .values({ platform: webhook.platform, eventId: webhook.eventId, shopId: link.shopId, topic: webhook.topic, payload })
    .onConflictDoNothing();
}
