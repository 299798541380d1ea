import { z } from 'zod';
import { pageSchema } from '../rules/segment.ts';
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

// Ids are checked by the services (isUuid before a query): a malformed one is "not found".
const idSchema = z.string().min(1).max(64);
const pageQuery = { page: pageSchema.default(1), page_size: z.coerce.number().int().min(1).max(100).default(20) };

/** Money: integer minor units of an ISO currency. */
export const moneySchema = z.object({ amount_minor: z.number().int(), currency: z.string() });

/** A pack on sale (SPEC section 3: name, quantity, price, validity days). */
export const packOfferSchema = z.object({
  id: z.string(),
  quantity: z.number().int(),
  validity_days: z.number().int(),
  price: moneySchema,
});

/** A membership level and term on sale. */
export const membershipOfferSchema = z.object({
  level: z.number().int().min(1).max(3),
  months: z.number().int(),
  price: moneySchema,
  /** Feature keys the level unlocks (billing/membership-features.ts). */
  features: z.array(z.string()),
});

/**
 * What a payment came to. `requires_action`: the bank wants 3-D Secure; the admin completes it
 * with the payment provider's script and `client_secret`, then polls `payment-status`. The
 * volume or membership is credited once, when the payment succeeds (answer or webhook first).
 */
export const paymentResultSchema = z.object({
  payment_id: z.string(),
  status: z.enum(['pending', 'requires_action', 'succeeded', 'failed']),
  client_secret: z.string(),
  /** Why it failed, in the caller's language; empty otherwise. */
  message: z.string(),
});
export type PaymentResult = z.infer<typeof paymentResultSchema>;

/** The saved card, as the payment provider describes it; never its number. */
export const savedCardSchema = z.object({
  brand: z.string(),
  last4: z.string(),
  exp_month: z.number().int(),
  exp_year: z.number().int(),
  /** Its month has passed: "The current credit card has expired, please replace the credit card." */
  expired: z.boolean(),
});

export const ledgerRowSchema = z.object({
  id: z.string(),
  kind: z.enum(['recharge', 'consume', 'expire']),
  amount: z.number().int(),
  package_id: z.string(),
  package_name: z.string(),
  created_at: z.string(),
});

/**
 * A balance of sending volume: the starter volume of a new store, a bought pack or volume the
 * operator granted. Only bought packs renew.
 */
export const renewPackSchema = z.object({
  id: z.string(),
  kind: z.enum(['starter', 'purchase', 'grant']),
  name: z.string(),
  offer_id: z.string(),
  total: z.number().int(),
  remaining: z.number().int(),
  expired_at: z.string(),
  is_auto_renew: z.boolean(),
});

export const invoiceSchema = z.object({
  id: z.string(),
  /** Gapless per instance, e.g. SC-000042. */
  number: z.string(),
  description: z.string(),
  total: moneySchema,
  issued_at: z.string(),
  /** generating: the PDF is being made ("The invoice is currently being generated, please check back later."). */
  status: z.enum(['generating', 'ready']),
});

const membershipTargetSchema = z.object({
  level: z.coerce.number().int().min(1).max(3),
  months: z.coerce.number().int().refine((m) => m === 1 || m === 12, { error: 'errors.billing.termInvalid' }),
});

export const billingRoutes = {
  /** Whether payments are configured, and the provider's publishable key and script for the card form. */
  paymentConfig: defineRoute({
    method: 'GET', path: '/send-package/payment-config', access: 'shop', tag: 'billing',
    summary: 'Whether payments are configured, with the card form settings',
    data: z.object({ configured: z.boolean(), publishable_key: z.string(), js_url: z.string() }),
  }),
  packList: defineRoute({
    method: 'GET', path: '/send-package/list', access: 'shop', tag: 'billing',
    summary: "Packs on sale, priced in the store's currency", data: z.array(packOfferSchema),
  }),
  purchasePack: defineRoute({
    method: 'POST', path: '/send-package/purchase', access: 'shop', tag: 'billing', ownerOnly: true,
    summary: 'Buys a pack with the saved card',
    body: z.object({ offer_id: z.string().max(40), is_auto_renew: z.boolean().default(false) }),
    data: paymentResultSchema,
  }),
  paymentStatus: defineRoute({
    method: 'GET', path: '/send-package/payment-status', access: 'shop', tag: 'billing', ownerOnly: true,
    summary: 'Where a payment stands (after 3-D Secure)',
    query: z.object({ payment_id: idSchema }), data: paymentResultSchema,
  }),
  detailList: defineRoute({
    method: 'GET', path: '/send-package/detail-list', access: 'shop', tag: 'billing',
    summary: 'Ledger of sending volume: recharge, consume and expire rows, newest first',
    query: z.object({ ...pageQuery, kind: z.enum(['recharge', 'consume', 'expire']).optional(), package_id: idSchema.optional() }),
    data: z.object({ items: z.array(ledgerRowSchema), total: z.number().int(), page: z.number().int(), page_size: z.number().int() }),
  }),
  detailNameList: defineRoute({
    method: 'GET', path: '/send-package/detail-name-list', access: 'shop', tag: 'billing',
    summary: "The store's packs by name, for the ledger's filter",
    data: z.array(z.object({ id: z.string(), name: z.string() })),
  }),
  renewList: defineRoute({
    method: 'GET', path: '/send-package/renew-list', access: 'shop', tag: 'billing',
    summary: 'Every balance that has not expired (starter, bought, granted), earliest expiry first, with the auto-renewal of bought packs',
    data: z.array(renewPackSchema),
  }),
  changePackRenew: defineRoute({
    method: 'POST', path: '/send-package/change-renew', access: 'shop', tag: 'billing', ownerOnly: true,
    summary: "Turns a pack's auto-renewal on or off",
    body: z.object({ id: idSchema, is_auto_renew: z.boolean() }), data: renewPackSchema,
  }),
  getSetupIntent: defineRoute({
    method: 'GET', path: '/send-package/get-setup-intent', access: 'shop', tag: 'billing', ownerOnly: true,
    summary: "Starts saving a card in the payment provider's own form",
    data: z.object({ client_secret: z.string(), publishable_key: z.string(), js_url: z.string() }),
  }),
  setPaymentMethod: defineRoute({
    method: 'POST', path: '/send-package/set-payment-method', access: 'shop', tag: 'billing', ownerOnly: true,
    summary: 'Keeps the card a finished setup saved as the store card',
    body: z.object({ setup_intent_id: z.string().min(1).max(255) }), data: savedCardSchema,
  }),
  getPaymentMethod: defineRoute({
    method: 'GET', path: '/send-package/get-payment-method', access: 'shop', tag: 'billing', ownerOnly: true,
    summary: "The store's saved card, or null", data: savedCardSchema.nullable(),
  }),
  vipList: defineRoute({
    method: 'GET', path: '/vip-service/list', access: 'shop', tag: 'billing',
    summary: "Membership levels and terms on sale, priced in the store's currency", data: z.array(membershipOfferSchema),
  }),
  purchaseVip: defineRoute({
    method: 'POST', path: '/vip-service/purchase', access: 'shop', tag: 'billing', ownerOnly: true,
    summary: 'Buys a membership term (when none is running)',
    body: membershipTargetSchema.extend({ is_auto_renew: z.boolean().default(false) }), data: paymentResultSchema,
  }),
  upgradePrice: defineRoute({
    method: 'GET', path: '/vip-service/get-upgrade-price', access: 'shop', tag: 'billing',
    summary: 'What an upgrade costs now (SPEC section 9)', query: membershipTargetSchema,
    data: z.object({
      price: moneySchema,
      upgrade_cost: moneySchema,
      credit: moneySchema,
      term_days: z.number().int(),
      days_remaining: z.number().int(),
    }),
  }),
  upgradeVip: defineRoute({
    method: 'POST', path: '/vip-service/upgrade', access: 'shop', tag: 'billing', ownerOnly: true,
    summary: 'Upgrades the running membership at the quoted price', body: membershipTargetSchema, data: paymentResultSchema,
  }),
  changeVipRenew: defineRoute({
    method: 'POST', path: '/vip-service/change-renew', access: 'shop', tag: 'billing', ownerOnly: true,
    summary: "Turns the membership's auto-renewal on or off", body: z.object({ is_auto_renew: z.boolean() }), data: vipStateSchema,
  }),
  invoiceList: defineRoute({
    method: 'GET', path: '/billing/invoice-list', access: 'shop', tag: 'billing', ownerOnly: true,
    summary: 'Invoices of the store, newest first; the PDF downloads from /api/billing/invoice-pdf?id=',
    query: z.object(pageQuery),
    data: z.object({ items: z.array(invoiceSchema), total: z.number().int(), page: z.number().int(), page_size: z.number().int() }),
  }),
  enableData: defineRoute({
    method: 'GET', path: '/send-package/enable-data', access: 'shop', tag: 'billing',
    summary: 'Sending volume of the current store', data: sendPackageDataSchema,
  }),
  vipInfo: defineRoute({
    method: 'GET', path: '/vip-service/info', access: 'shop', tag: 'billing',
    summary: 'Membership of the current store', data: vipStateSchema,
  }),
} as const;
