import { api } from '@storecast/contract';
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../deps.ts';
import { registerRoute } from '../../http/register-route.ts';
import { bulkUpdateSubscribers } from './bulk-update-subscribers.ts';
import { listSubscribers } from './list-subscribers.ts';
import { countSegment, deleteSegment, listSegments, saveSegment } from './manage-segments.ts';
import { deleteTag, listTags, saveTag } from './manage-tags.ts';
import { readSubscriber } from './read-subscriber.ts';
import { saveSubscriber } from './save-subscriber.ts';

export function audienceRoutes(app: FastifyInstance, deps: Deps) {
  const r = api.audience;
  const db = () => deps.dbh.db;
  registerRoute(app, deps, r.subscriberList, ({ scope, query }) => listSubscribers(db(), scope, query));
  registerRoute(app, deps, r.subscriberDetail, ({ scope, query }) => readSubscriber(db(), scope, query.id));
  registerRoute(app, deps, r.subscriberSave, ({ scope, body }) => saveSubscriber(db(), scope, body));
  registerRoute(app, deps, r.subscriberBulk, ({ scope, body, session }) => bulkUpdateSubscribers(db(), scope, body, session.user.email ?? session.user.mobile ?? ''));
  registerRoute(app, deps, r.tagList, ({ scope }) => listTags(db(), scope));
  registerRoute(app, deps, r.tagSave, ({ scope, body }) => saveTag(db(), scope, body));
  registerRoute(app, deps, r.tagDelete, ({ scope, body }) => deleteTag(db(), scope, body.id));
  registerRoute(app, deps, r.segmentList, ({ scope, locale }) => listSegments(db(), scope, locale));
  registerRoute(app, deps, r.segmentSave, ({ scope, body }) => saveSegment(db(), scope, body));
  registerRoute(app, deps, r.segmentDelete, ({ scope, body }) => deleteSegment(db(), scope, body.id));
  registerRoute(app, deps, r.segmentCount, async ({ scope, body }) => ({ count: await countSegment(db(), scope, body) }));
}
