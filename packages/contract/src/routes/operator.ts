import { z } from 'zod';
import { defineRoute } from './define-route.ts';

/**
 * The instance operator's own calls, authorised by `OPERATOR_TOKEN` rather than a user's session.
 * A self-hosted server without payments has no way to buy sending volume, so its operator grants
 * it to a store here (README, "Payments and plans").
 */

export const GRANT_VOLUME_MAX = 10_000_000;
export const GRANT_DAYS_MAX = 3650;

export const grantVolumeBody = z.object({
  /** The store's id, or its owner's login e-mail when the owner has one store. */
  store: z.string({ error: 'errors.operator.storeRequired' }).trim().min(1, { error: 'errors.operator.storeRequired' }).max(254),
  quantity: z
    .number({ error: 'errors.operator.quantity' })
    .int({ error: 'errors.operator.quantity' })
    .min(1, { error: 'errors.operator.quantity' })
    .max(GRANT_VOLUME_MAX, { error: 'errors.operator.quantity' }),
  days: z
    .number({ error: 'errors.operator.days' })
    .int({ error: 'errors.operator.days' })
    .min(1, { error: 'errors.operator.days' })
    .max(GRANT_DAYS_MAX, { error: 'errors.operator.days' }),
});

export const operatorRoutes = {
  grantVolume: defineRoute({
    method: 'POST', path: '/operator/grant-volume', access: 'operator', tag: 'operator',
    summary: "Grants a store sending volume without payment (a pack with a recharge row in the store's ledger)",
    body: grantVolumeBody,
    data: z.object({
      shop_id: z.string(),
      shop_name: z.string(),
      package_id: z.string(),
      quantity: z.number(),
      expired_at: z.string(),
      /** What the store can send now, this pack included. */
      available: z.number(),
    }),
  }),
} as const;
