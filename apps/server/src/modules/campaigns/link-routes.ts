import { API_PREFIX, api, ResultCode, SHORT_LINK_PATH, translateError } from '@storecast/contract';
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../deps.ts';
import { requestLocale } from '../../http/locale.ts';
import { registerRoute } from '../../http/register-route.ts';
import { createShortLink } from './create-short-link.ts';
import { deleteShortLink } from './delete-short-link.ts';
import { followShortLink } from './follow-short-link.ts';
import { listShortLinks } from './list-short-links.ts';

/**
 * The toolbox's link generator: the admin's routes over the session store's links, and the
 * public short link. The short link answers a redirect, so it is a plain route outside the
 * contract, like the mail tracking links; it only ever sends a visitor to a URL saved by the
 * store (checked to be on the store's own domain then), never to one taken from the request.
 */
export function campaignLinkRoutes(app: FastifyInstance, deps: Deps) {
  const r = api.campaignLink;
  const db = deps.dbh.db;
  registerRoute(app, deps, r.list, ({ scope, query }) => listShortLinks(db, scope, deps.config.publicUrl, query));
  registerRoute(app, deps, r.create, ({ scope, body }) => createShortLink(db, scope, deps.config.publicUrl, body));
  registerRoute(app, deps, r.remove, ({ scope, body }) => deleteShortLink(db, scope, body.id));

  app.get<{ Params: { code: string } }>(`${API_PREFIX}${SHORT_LINK_PATH}:code`, async (req, reply) => {
    const url = await followShortLink(db, req.params.code, req.method !== 'HEAD');
    // A visitor's browser must ask again each time, or a second visit would not be counted.
    reply.header('cache-control', 'no-store');
    if (!url) {
      return reply.status(404).send({ code: ResultCode.NOT_FOUND, msg: translateError(requestLocale(req), 'errors.campaignLink.notFound'), data: null });
    }
    return reply.redirect(url, 302);
  });
}
