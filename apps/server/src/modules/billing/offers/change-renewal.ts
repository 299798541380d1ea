import { isUuid, type Locale } from '@storecast/contract';
import type { ShopScope } from '@storecast/db';
import type { Deps } from '../../../deps.ts';
import { AppError, notFound } from '../../../http/app-error.ts';
import { readEffectiveLevel, readVipState } from '../read-vip-state.ts';
import { packDisplayName } from './name-pack.ts';

interface PackRow {
  id: string;
  kind: 'starter' | 'purchase' | 'grant';
  offer_id: string | null;
  total: number;
  remaining: number;
  expires_at: Date | string;
  auto_renew: boolean;
}

const PACK_COLUMNS = 'id, kind, offer_id, total, remaining, expires_at, auto_renew';

function renewPack(locale: Locale, p: PackRow) {
  return {
    id: p.id,
    kind: p.kind,
    name: packDisplayName(locale, p),
    offer_id: p.offer_id ?? '',
    total: p.total,
    remaining: p.remaining,
    expired_at: new Date(p.expires_at).toISOString(),
    is_auto_renew: p.auto_renew,
  };
}

/**
 * Every balance that has not expired (the starter volume, bought packs, granted volume), earliest
 * expiry first, so the plan page shows all the store has and when each ends; bought packs carry
 * their auto-renewal switch.
 */
export async function listRenewablePacks(deps: Deps, scope: ShopScope, locale: Locale) {
  const { rows } = await deps.dbh.query<PackRow>(
    `select ${PACK_COLUMNS} from send_packages
     where shop_id = $1 and expires_at > now() order by expires_at, id`,
    [scope.shopId],
  );
  return rows.map((p) => renewPack(locale, p));
}

/**
 * Turns a bought pack's auto-renewal on or off. Turning it on again also clears failed attempts,
 * so a pack that gave up after failed charges is tried again (with the card the owner fixed).
 */
export async function changePackRenewal(deps: Deps, scope: ShopScope, id: string, on: boolean, locale: Locale) {
  if (!isUuid(id)) throw notFound('errors.billing.packNotFound');
  const { rows } = await deps.dbh.query<PackRow>(
    `select ${PACK_COLUMNS} from send_packages where shop_id = $1 and id = $2`, [scope.shopId, id],
  );
  const pack = rows[0];
  if (!pack) throw notFound('errors.billing.packNotFound');
  if (pack.kind === 'starter') throw new AppError('errors.billing.starterNoRenew', 400);
  if (pack.kind === 'grant') throw new AppError('errors.billing.grantNoRenew', 400);
  if (!pack.offer_id) throw new AppError('errors.billing.offerUnknown', 400);
  const updated = await deps.dbh.query<PackRow>(
    `update send_packages set auto_renew = $3,
       renew_attempts = case when $3 and not auto_renew then 0 else renew_attempts end,
       renew_attempted_at = case when $3 and not auto_renew then null else renew_attempted_at end
     where shop_id = $1 and id = $2 returning ${PACK_COLUMNS}`,
    [scope.shopId, id, on],
  );
  return renewPack(locale, updated.rows[0]!);
}

/**
 * Turns the membership's auto-renewal on (only while a paid term runs: there is nothing to
 * renew otherwise) or off (always allowed). Answers the membership as `vip-service/info` does.
 */
export async function changeMembershipRenewal(deps: Deps, scope: ShopScope, on: boolean) {
  if (on && (await readEffectiveLevel(deps, scope.shopId)) === 0) {
    throw new AppError('errors.billing.renewNeedsMembership', 409);
  }
  await deps.dbh.query(
    `update vip_services set auto_renew = $2,
       renew_attempts = case when $2 and not auto_renew then 0 else renew_attempts end,
       renew_attempted_at = case when $2 and not auto_renew then null else renew_attempted_at end
     where shop_id = $1`,
    [scope.shopId, on],
  );
  return readVipState(deps, scope);
}
