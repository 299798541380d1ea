import { api } from '@storecast/contract';
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../deps.ts';
import { registerRoute } from '../../http/register-route.ts';
import { sendAfterAnswer } from '../../messaging/send-after-answer.ts';
import { closeCampaign, deleteCampaign, moveCampaign, readUsage } from './change-status.ts';
import { readCampaign } from './find-campaign.ts';
import { listCampaigns } from './list-campaigns.ts';
import { playDraw, readDrawInfo } from './play-draw.ts';
import { readCampaignReport } from './read-campaign-report.ts';
import { sendPrizeMail } from './send-prize-mail.ts';
import { saveCampaign } from './save-campaign.ts';
import { setCampaignAim } from './set-campaign-aim.ts';
import { setPromoters } from './set-promoters.ts';

/** The admin's campaign routes (/custom): every read and write goes through the session store's scope. */
export function campaignAdminRoutes(app: FastifyInstance, deps: Deps) {
  const r = api.campaign;
  const db = deps.dbh.db;
  registerRoute(app, deps, r.list, ({ scope, query }) => listCampaigns(db, scope, query));
  registerRoute(app, deps, r.detail, ({ scope, query }) => readCampaign(db, scope, query.id));
  registerRoute(app, deps, r.save, ({ scope, locale, body }) => saveCampaign(db, scope, locale, body));
  registerRoute(app, deps, r.enable, ({ scope, body }) => moveCampaign(db, scope, body.id, 'enable'));
  registerRoute(app, deps, r.archive, ({ scope, body }) => moveCampaign(db, scope, body.id, 'archive'));
  registerRoute(app, deps, r.restore, ({ scope, body }) => moveCampaign(db, scope, body.id, 'restore'));
  registerRoute(app, deps, r.report, ({ scope, query }) => readCampaignReport(db, scope, query.id, query.range));
  registerRoute(app, deps, r.aim, ({ scope, body }) => setCampaignAim(db, scope, body.id, body.goal));
  registerRoute(app, deps, r.promoters, ({ scope, body }) => setPromoters(db, scope, body));
  registerRoute(app, deps, r.usage, ({ scope, query }) => readUsage(db, scope, query.id));
  registerRoute(app, deps, r.close, ({ scope, body }) => closeCampaign(db, scope, body.id));
  registerRoute(app, deps, r.remove, ({ scope, body }) => deleteCampaign(db, scope, body.id));
}

/**
 * The storefront's draw routes. `access: 'storefront'` brings the pop-up's protections through
 * the route layer: the public key names the store, CORS only to its origins (others refused),
 * the per-address and per-store budgets, 64 KB bodies; the honeypot is checked in `playDraw`.
 */
export function campaignStorefrontRoutes(app: FastifyInstance, deps: Deps) {
  const r = api.campaignStorefront;
  const db = deps.dbh.db;
  registerRoute(app, deps, r.drawInfo, ({ scope, query }) => readDrawInfo(db, scope, query.campaign_id, query.language));
  registerRoute(app, deps, r.draw, async ({ store, body, req }) => {
    const { answer, mail } = await playDraw(db, store.scope, body);
    if (mail) sendAfterAnswer(() => sendPrizeMail(deps, store, mail), (err) => req.log.error({ err, shopId: store.scope.shopId }, 'prize mail failed'));
    return answer;
  });
}
