import { z } from 'zod';
import { defineRoute } from './define-route.ts';

/** SPEC section 3, send package data. Available = remaining - waiting to be sent. */
export const sendPackageDataSchema = z.object({
  total_email_number: z.number().int(),
  total_remainder_email_number: z.number().int(),
  total_wait_send_email_number: z.number().int(),
  total_enable_email_number: z.number().int(),
  /** Price of one e-mail in the store's currency, minor units per thousand. */
  email_unit_price: z.number(),
  payment_method: z.string(),
  effective_send_package_log: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      /** ISO 8601; the list is ordered by it, earliest first. */
      expired_at: z.string(),
      remainder_email_number: z.number().int(),
    }),
  ),
});
export type SendPackageData = z.infer<typeof sendPackageDataSchema>;

/** SPEC section 3, vip state. Level 0 free, 1 starter, 2 basic, 3 professional. */
export const vipStateSchema = z.object({
  shop: z.string(),
  vip_service_id: z.string(),
  vip_service_level: z.number().int().min(0).max(3),
  service: z.string(),
  current_month_number: z.number().int(),
  current_begin_at: z.string(),
  current_end_at: z.string(),
  is_auto_renew: z.boolean(),
  is_expire: z.boolean(),
});
export type VipState = z.infer<typeof vipStateSchema>;

export const billingRoutes = {
  enableData: defineRoute({
    method: 'GET', path: '/send-package/enable-data', access: 'shop', tag: 'billing',
    summary: 'Sending volume of the current store', data: sendPackageDataSchema,
  }),
  vipInfo: defineRoute({
    method: 'GET', path: '/vip-service/info', access: 'shop', tag: 'billing',
    summary: 'Membership of the current store', data: vipStateSchema,
  }),
} as const;
