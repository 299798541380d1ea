import { z } from 'zod';
import { CURRENCIES } from '../currencies.ts';
import { FONTS } from '../fonts.ts';
import { LOCALES } from '../messages/index.ts';
import { PLATFORMS, storeFieldsSchema } from '../rules/store.ts';
import { defineRoute } from './define-route.ts';
import { managerRoleSchema } from './session-user.ts';

export const storeInfoSchema = z.object({
  shop_id: z.string(),
  name: z.string(),
  homepage_url: z.string(),
  platform: z.enum(PLATFORMS),
  platform_domain: z.string(),
  currency: z.string(),
  timezone: z.string(),
  /** The language the store writes to shoppers in (Smart Send's default copy, AI's copy). */
  language: z.enum(LOCALES),
  /** Printed in every e-mail footer; empty when not set (the send confirmation warns). */
  postal_address: z.string(),
  /** ISO 8601 timestamp. */
  install_date: z.string(),
  role: managerRoleSchema,
});
export type StoreInfo = z.infer<typeof storeInfoSchema>;

export const storeListItemSchema = z.object({
  shop_id: z.string(),
  name: z.string(),
  shop_url: z.string(),
  platform: z.enum(PLATFORMS),
  role: managerRoleSchema,
  current: z.boolean(),
});

export const connectStoreBody = storeFieldsSchema.extend({ platform: z.literal('custom') });

const currencyItem = z.object({
  id: z.string(), code: z.string(), symbol: z.string(), decimals: z.number().int(),
  thousands: z.string(), decimal: z.string(), symbolAfter: z.boolean(),
});

export const shopRoutes = {
  currency: defineRoute({
    method: 'GET', path: '/admin-system/currency', access: 'public', tag: 'system',
    summary: 'The currencies a store may use', data: z.array(currencyItem),
  }),
  fontList: defineRoute({
    method: 'GET', path: '/admin-system/font-list', access: 'public', tag: 'system',
    summary: 'Fonts an e-mail may use', data: z.array(z.object({ name: z.string(), stack: z.string() })),
  }),
  list: defineRoute({
    method: 'GET', path: '/shop/list', access: 'user', tag: 'shop',
    summary: 'Stores the user owns or manages', data: z.array(storeListItemSchema),
  }),
  connect: defineRoute({
    method: 'POST', path: '/shop/connect', access: 'user', tag: 'shop',
    summary: 'Connect a store on the custom platform; the user becomes its owner and it becomes current',
    body: connectStoreBody, data: z.object({ shop_id: z.string() }),
  }),
  switchStore: defineRoute({
    method: 'POST', path: '/shop/switch', access: 'user', tag: 'shop',
    summary: 'Make another of the user\'s stores the current one',
    body: z.object({ shop_id: z.string({ error: 'errors.store.choose' }).min(1, { error: 'errors.store.choose' }).max(50, { error: 'errors.store.choose' }) }),
    data: z.object({ shop_id: z.string() }),
  }),
  info: defineRoute({
    method: 'GET', path: '/shop/info', access: 'shop', tag: 'shop',
    summary: 'The current store', data: storeInfoSchema,
  }),
  saveInfo: defineRoute({
    method: 'POST', path: '/shop/save-info', access: 'shop', tag: 'shop',
    summary: 'Edit the current store', body: storeFieldsSchema, data: storeInfoSchema,
  }),
} as const;

// Keep the static lists importable without a request, e.g. for forms rendered before sign-in.
export const STATIC_LISTS = { currencies: CURRENCIES, fonts: FONTS };
