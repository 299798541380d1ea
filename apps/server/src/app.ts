import { API_PREFIX, ResultCode, translateError } from '@storecast/contract';
import { type DbHandle, openDb } from '@storecast/db';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance } from 'fastify';
import type { Config } from './config.ts';
import type { Deps } from './deps.ts';
import { buildOpenApi } from './http/build-openapi.ts';
import { frameworkErrors, handleErrors } from './http/handle-errors.ts';
import { requestLocale } from './http/locale.ts';
import { acceptUploads } from './http/accept-uploads.ts';
import { REGISTERED } from './http/register-route.ts';
import { OPERATOR_TOKEN_MIN, operatorTokenCheck } from './http/check-operator-token.ts';
import { provideAccess } from './http/route-access.ts';
import { securityHeaders } from './http/security-headers.ts';
import { serveWeb } from './http/serve-web.ts';
import { outboxMailSender } from './messaging/outbox-mail-sender.ts';
import { pickSmsSender } from './messaging/pick-sms-sender.ts';
import { smtpMailSender } from './messaging/smtp-mail-sender.ts';
import { aiRoutes } from './modules/ai/index.ts';
import { audienceRoutes } from './modules/audience/index.ts';
import { authRoutes, resolveSession } from './modules/auth/index.ts';
import { accessRoutes } from './modules/access/index.ts';
import { billingRoutes, readEffectiveLevel } from './modules/billing/index.ts';
import { brandRoutes } from './modules/brand/index.ts';
import { catalogueRoutes } from './modules/catalogue/index.ts';
import { channelShopRoutes, platformWebhookRoutes, syncStatusRoutes } from './modules/connectors/index.ts';
import { elementSendRoutes } from './modules/element-send/index.ts';
import { dashboardRoutes } from './modules/dashboard/index.ts';
import { calendarRoutes } from './modules/calendar/index.ts';
import { campaignAdminRoutes, campaignLinkRoutes, campaignStorefrontRoutes } from './modules/campaigns/index.ts';
import { activityRoutes, recordWrite } from './modules/activity/index.ts';
import { liveviewRoutes } from './modules/liveview/index.ts';
import { ingestRoutes, resolveApiToken } from './modules/ingest/index.ts';
import { shopRoutes } from './modules/shop/index.ts';
import { systemRoutes } from './modules/system/index.ts';
import { transferRoutes } from './modules/transfer/index.ts';
import { senderRoutes } from './modules/sender/index.ts';
import { outboxRoutes, publicTrackingRoutes } from './modules/delivery/index.ts';
import { strategyRoutes } from './modules/strategy/index.ts';
import { automationRoutes } from './modules/flows/index.ts';
import { resolveStoreKey, storefrontRoutes } from './modules/storefront/index.ts';
import { popupAdminRoutes, seedBuiltinTemplates } from './modules/popup/index.ts';
import { smsWebhookRoutes } from './modules/sms/index.ts';
import { openJobQueue } from './worker/job-queue.ts';
import { settleSentAfterAnswer } from './messaging/send-after-answer.ts';

/** Feature modules, each registering its contract routes. New features add one line here. */
const MODULES = [
  systemRoutes, authRoutes, shopRoutes, billingRoutes, audienceRoutes, ingestRoutes, transferRoutes, senderRoutes, brandRoutes,
  strategyRoutes, outboxRoutes, publicTrackingRoutes, popupAdminRoutes, storefrontRoutes, smsWebhookRoutes, aiRoutes,
  automationRoutes, catalogueRoutes, elementSendRoutes, dashboardRoutes, calendarRoutes, activityRoutes, liveviewRoutes,
  accessRoutes, platformWebhookRoutes, channelShopRoutes, syncStatusRoutes, campaignAdminRoutes, campaignStorefrontRoutes,
  campaignLinkRoutes,
];

export interface App {
  app: FastifyInstance;
  deps: Deps;
  close(): Promise<void>;
}

/** Builds the HTTP app on an open database (opening one from the config when none is given). */
export async function buildApp(config: Config, dbh?: DbHandle): Promise<App> {
  const app = Fastify({
    logger: config.logLevel === 'silent' ? false : { level: config.logLevel },
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    frameworkErrors,
    // Fastify's 10 s per plugin failed a start on a loaded machine (the API docs' static files);
    // a plugin that never starts still stops the start, a minute later.
    pluginTimeout: 60_000,
  });
  const ownDb = !dbh;
  dbh ??= await openDb({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  // The pop-up templates the product ships: one insert that adds only those the database lacks.
  await seedBuiltinTemplates(dbh.db);
  const jobs = openJobQueue(dbh, { databaseUrl: config.databaseUrl, pollingIntervalSeconds: config.jobPollSeconds });
  const mail = config.smtpUrl ? smtpMailSender(config.smtpUrl) : outboxMailSender(dbh, app.log);
  const deps: Deps = { config, dbh, sms: pickSmsSender(config, dbh, app.log), mail, jobs };

  handleErrors(app);
  securityHeaders(app);
  // Mail and SMS sent after an answer (codes, notices, confirmation mails) leave before the app closes.
  app.addHook('onClose', settleSentAfterAnswer);
  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: (req, ctx) => ({
      statusCode: 429,
      code: ResultCode.TOO_MANY,
      msg: translateError(requestLocale(req), 'errors.common.tooMany'),
      data: { retry_after_ms: ctx.ttl },
    }),
  });

  // The route layer learns from here how a token becomes a session or a store, so it imports no module.
  provideAccess(app, {
    session: (token) => resolveSession(deps, token),
    apiToken: (token) => resolveApiToken(deps.dbh.db, token),
    storefrontKey: (key) => resolveStoreKey(deps.dbh.db, key),
    recordWrite: (write) => recordWrite(deps, write),
    // Membership gates features only where it can be bought.
    ...(config.stripe ? { membershipLevel: (shopId: string) => readEffectiveLevel(deps, shopId) } : {}),
    ...(config.operatorToken.length >= OPERATOR_TOKEN_MIN ? { operator: operatorTokenCheck(config.operatorToken) } : {}),
  });

  await app.register(async (api) => {
    await acceptUploads(api);
    for (const mod of MODULES) mod(api, deps);
    const doc = buildOpenApi(api[REGISTERED], '0.1.0');
    await api.register(swagger, { mode: 'static', specification: { document: doc as never } });
    await api.register(swaggerUi, { routePrefix: `${API_PREFIX}/docs` });
    app.decorate(REGISTERED, api[REGISTERED]);
  });

  const sendAdminPage = await serveWeb(app, config.webDist, config.stripe);
  app.setNotFoundHandler((req, reply) => {
    const wantsPage = req.method === 'GET' && !req.url.startsWith(`${API_PREFIX}/`) && req.headers.accept?.includes('text/html');
    if (wantsPage && sendAdminPage) return sendAdminPage(reply);
    return reply.status(404).send({ code: ResultCode.NOT_FOUND, msg: translateError(requestLocale(req), 'errors.common.notFound'), data: null });
  });

  return {
    app,
    deps,
    close: async () => {
      await app.close();
      await jobs.stop();
      await mail.close();
      if (ownDb) await dbh.close();
    },
  };
}
