import { activityActionKey } from '@storecast/contract';
import { activityLogs } from '@storecast/db';
import type { Deps } from '../../deps.ts';
import type { StoreWrite } from '../../http/route-access.ts';

/** POST routes that only read or compute (a count, a preview, a suggested text): nothing changed, nothing recorded. */
const NOT_WRITES = new Set(['/segment/count', '/strategy/preview', '/ai/write-copy']);

const TEXT_MAX = 200;

type Bag = Record<string, unknown>;
const asBag = (v: unknown): Bag => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Bag) : {});

function firstText(...values: unknown[]): string {
  for (const v of values) {
    if (typeof v === 'string' && v) return v.slice(0, TEXT_MAX);
    if (typeof v === 'number' && Number.isFinite(v)) return String(v);
  }
  return '';
}

/**
 * Records one successful write of a signed-in user on a store: who (the user and their e-mail
 * now, kept if the account goes), what (the route's action key) and on what (the id and name the
 * request or its answer carries). The route layer calls this for every non-GET `shop` route.
 */
export async function recordWrite(deps: Deps, write: StoreWrite): Promise<void> {
  const { route, session, scope } = write;
  if (NOT_WRITES.has(route.path)) return;
  const body = asBag(write.body);
  const data = asBag(write.data);
  const ids = Array.isArray(body.ids) ? body.ids.slice(0, 100) : undefined;
  await deps.dbh.db.insert(activityLogs).values(scope.values({
    userId: session.user.id,
    actor: session.user.email.slice(0, TEXT_MAX),
    action: activityActionKey(route.path),
    targetType: route.tag,
    targetId: firstText(data.id, body.id, data.export_id, data.import_id, data.strategy_id),
    targetName: firstText(
      data.name, body.name, data.title, body.title, data.holiday, body.holiday, data.file_name,
      // A write over a range of days (an order export) is known by its days.
      typeof body.from === 'string' && typeof body.to === 'string' ? `${body.from} ~ ${body.to}` : undefined,
    ),
    details: ids ? { ids } : {},
  }));
}
