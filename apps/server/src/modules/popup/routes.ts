import { api } from '@storecast/contract';
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../deps.ts';
import { registerRoute } from '../../http/register-route.ts';
import { readAppEmbedStatus } from '../connectors/index.ts';
import { deleteCustomPopup, listCustomPopups, readCustomPopup, saveCustomPopup, switchCustomPopup } from './custom-popups.ts';
import { readEmbedBlock } from './embed-block.ts';
import { readMainPopup, saveMainPopup } from './main-popup.ts';
import { readDaily } from './popup-stats.ts';
import { listGallery, listTemplates, requireInternal, saveTemplate, setTemplateStatus } from './popup-templates.ts';
import { readGuide, saveGuide } from './shop-guide.ts';

/**
 * The admin's pop-up routes: the subscription pop-up, the pop-up centre, the embed snippet, the
 * menus' guide state, the template gallery and the internal stores' template manager.
 * `config.publicUrl` is read at each request, as the brand module does.
 */
export function popupAdminRoutes(app: FastifyInstance, deps: Deps) {
  const r = api.popup;
  const db = deps.dbh.db;
  const url = () => deps.config.publicUrl;
  registerRoute(app, deps, r.guide, ({ scope }) => readGuide(db, scope));
  registerRoute(app, deps, r.saveGuide, ({ scope, body }) => saveGuide(db, scope, body));
  registerRoute(app, deps, r.embedBlock, async ({ scope }) => ({
    ...(await readEmbedBlock(db, scope, url())), app_embed: await readAppEmbedStatus(deps, scope),
  }));
  registerRoute(app, deps, r.main, ({ scope, locale }) => readMainPopup(db, scope, url(), locale));
  registerRoute(app, deps, r.saveMain, ({ scope, locale, body }) => saveMainPopup(db, scope, url(), locale, body));
  registerRoute(app, deps, r.list, ({ scope }) => listCustomPopups(db, scope));
  registerRoute(app, deps, r.detail, ({ scope, query }) => readCustomPopup(db, scope, url(), query.id));
  registerRoute(app, deps, r.save, ({ scope, body }) => saveCustomPopup(db, scope, url(), body));
  registerRoute(app, deps, r.setEnabled, ({ scope, body }) => switchCustomPopup(db, scope, body.id, body.enabled));
  registerRoute(app, deps, r.remove, ({ scope, body }) => deleteCustomPopup(db, scope, body.id));
  registerRoute(app, deps, r.daily, ({ scope, query }) => readDaily(db, scope, query.id, query.days));
  registerRoute(app, deps, r.gallery, ({ locale, query }) => listGallery(db, locale, query));
  registerRoute(app, deps, r.templates, async ({ scope, locale }) => {
    requireInternal(deps.config, scope);
    return listTemplates(db, locale);
  });
  registerRoute(app, deps, r.saveTemplate, async ({ scope, body }) => {
    requireInternal(deps.config, scope);
    return saveTemplate(db, body);
  });
  registerRoute(app, deps, r.setTemplateStatus, async ({ scope, body }) => {
    requireInternal(deps.config, scope);
    return setTemplateStatus(db, body.id, body.status);
  });
}
