import { api } from '@storecast/contract';
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../deps.ts';
import { registerRoute } from '../../http/register-route.ts';
import { adviseLogo } from './advise-logo.ts';
import { deleteCoupon, listCoupons, saveCoupon } from './manage-coupons.ts';
import { addLibraryImage, deleteLibraryItem, listImages, listTemplates, listTitles, readTemplate, saveTitle } from './manage-library.ts';
import { readEmailStyle } from './read-email-style.ts';
import { rebaseMediaUrls } from './rebase-media-urls.ts';
import { readSalesAttribution, saveSalesAttribution } from './read-sales-attribution.ts';
import { saveEmailStyle } from './save-email-style.ts';
import { saveLibraryTemplate } from './save-library-template.ts';
import { saveMedia, toMedia } from './save-media.ts';
import { serveMedia } from './serve-media.ts';

/**
 * Brand assets: e-mail style, uploads, coupon presets, content library, sales attribution.
 * Uploads rely on @fastify/multipart, registered once for the API by the HTTP layer (`http/accept-uploads.ts`).
 * Image addresses use `config.publicUrl` as it is at each request, so a deployment (or a test
 * on a free port) that learns its public address after start still hands out working links.
 */
export function brandRoutes(app: FastifyInstance, deps: Deps) {
  const r = api.brand;
  const db = deps.dbh.db;
  registerRoute(app, deps, r.emailStyle, async ({ scope }) => rebaseMediaUrls(db, scope, deps.config.publicUrl, await readEmailStyle(db, scope)));
  registerRoute(app, deps, r.saveEmailStyle, ({ scope, body }) => saveEmailStyle(db, scope, body));
  registerRoute(app, deps, r.uploadLogo, async ({ scope, req, locale }) => {
    const row = await saveMedia(deps, scope, req, 'logo');
    return { ...toMedia(deps.config.publicUrl, row), warnings: adviseLogo(row, locale) };
  });
  registerRoute(app, deps, r.presets, ({ scope }) => listCoupons(db, scope));
  registerRoute(app, deps, r.savePreset, ({ scope, body }) => saveCoupon(db, scope, body));
  registerRoute(app, deps, r.deletePreset, ({ scope, body }) => deleteCoupon(db, scope, body.id));
  registerRoute(app, deps, r.salesAttribution, ({ scope }) => readSalesAttribution(db, scope));
  registerRoute(app, deps, r.saveSalesAttribution, ({ scope, body }) => saveSalesAttribution(db, scope, body));
  registerRoute(app, deps, r.uploadImage, async ({ scope, req }) => {
    const row = await saveMedia(deps, scope, req, 'image');
    return addLibraryImage(db, scope, deps.config.publicUrl, row);
  });
  registerRoute(app, deps, r.imageList, ({ scope }) => listImages(db, scope, deps.config.publicUrl));
  registerRoute(app, deps, r.titleList, ({ scope }) => listTitles(db, scope));
  registerRoute(app, deps, r.saveTitle, ({ scope, body }) => saveTitle(db, scope, body));
  registerRoute(app, deps, r.templateList, async ({ scope }) => rebaseMediaUrls(db, scope, deps.config.publicUrl, await listTemplates(db, scope)));
  registerRoute(app, deps, r.saveTemplate, async ({ scope, body }) => readTemplate(db, scope, (await saveLibraryTemplate(db, scope, body)).id));
  registerRoute(app, deps, r.deleteItem, ({ scope, body }) => deleteLibraryItem(db, scope, body.id));
  serveMedia(app, deps);
}
