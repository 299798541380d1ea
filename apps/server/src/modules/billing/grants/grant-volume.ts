import type { z } from 'zod';
import type { grantVolumeBody } from '@storecast/contract';
import { isUuid } from '@storecast/contract';
import type { Deps } from '../../../deps.ts';
import { AppError, notFound } from '../../../http/app-error.ts';
import { availableVolume } from '../available-volume.ts';

const DAY_MS = 86_400_000;

/** The store a grant names: its id, or the login e-mail of an owner of exactly one store. */
async function findStore(deps: Deps, ref: string): Promise<{ id: string; name: string }> {
  const sql = isUuid(ref)
    ? 'select id, name from shops where id = $1'
    : `select s.id, s.name from shops s join shop_members m on m.shop_id = s.id and m.role = 'owner'
       join users u on u.id = m.user_id where lower(u.email) = lower($1) order by s.created_at, s.id`;
  const { rows } = await deps.dbh.query<{ id: string; name: string }>(sql, [ref]);
  if (rows.length === 0) throw notFound('errors.operator.storeNotFound');
  if (rows.length > 1) throw new AppError('errors.operator.storeAmbiguous', 409, undefined, { ids: rows.map((r) => r.id).join(', ') });
  return rows[0]!;
}

/**
 * Gives a store sending volume without a payment: a `grant` pack valid for `days`, with its
 * recharge row in the store's ledger, so the plan page, the header and sends count it like a
 * bought pack. It never renews and has no invoice.
 */
export async function grantVolume(deps: Deps, body: z.output<typeof grantVolumeBody>) {
  const store = await findStore(deps, body.store);
  const expiresAt = new Date(Date.now() + body.days * DAY_MS);
  return deps.dbh.transaction(async (c) => {
    const { rows } = await c.query<{ id: string }>(
      `insert into send_packages (shop_id, name, kind, total, remaining, expires_at)
       values ($1, 'grant', 'grant', $2, $2, $3) returning id`,
      [store.id, body.quantity, expiresAt],
    );
    const packageId = rows[0]!.id;
    await c.query(`insert into send_package_logs (shop_id, package_id, kind, amount) values ($1, $2, 'recharge', $3)`, [store.id, packageId, body.quantity]);
    const packs = await c.query<{ remaining: number; waiting: number }>(
      'select remaining, waiting from send_packages where shop_id = $1 and expires_at > now()', [store.id],
    );
    return {
      shop_id: store.id, shop_name: store.name, package_id: packageId, quantity: body.quantity,
      expired_at: expiresAt.toISOString(), available: availableVolume(packs.rows),
    };
  });
}
