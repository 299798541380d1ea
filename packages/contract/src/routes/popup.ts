import { z } from 'zod';
import { EMAIL_MAX } from '../rules/account.ts';
import {
  popupConditionsSchema, popupContentSchema, popupNameSchema, SHOPPER_LANGUAGES, TEMPLATE_ACTIVITIES,
  TEMPLATE_STATUSES, TEMPLATE_TARGETS, TEMPLATE_THEMES, templateLabelsSchema,
} from '../rules/popup.ts';
import { appEmbedStatusSchema } from './channel-shop.ts';
import { defineRoute } from './define-route.ts';
import { shopGuideSchema } from './session-user.ts';

/**
 * Pop-ups: the store's subscription pop-up (/popup), the pop-up centre (/custom-popup), the
 * template gallery and the template manager of the internal stores (/popup-template), and the
 * public routes the storefront script calls (access `storefront`: the store is named by its
 * public key, never by its id).
 */

/** `main` is the store's one subscription pop-up; `custom` a pop-up of the pop-up centre. */
export const POPUP_KINDS = ['main', 'custom'] as const;

export const popupTotalsSchema = z.object({
  views: z.number().int(),
  sign_ups: z.number().int(),
  /** sign_ups / views, 0..1; 0 without views. */
  rate: z.number(),
});

export const popupSchema = z.object({
  /** Null for the subscription pop-up before it was first saved (the defaults are shown). */
  id: z.string().nullable(),
  kind: z.enum(POPUP_KINDS),
  name: z.string(),
  template_id: z.string().nullable(),
  enabled: z.boolean(),
  /** Subscribe only after the shopper clicks the link of a confirmation mail. */
  double_opt_in: z.boolean(),
  content: popupContentSchema,
  conditions: popupConditionsSchema,
  totals: popupTotalsSchema,
  updated_at: z.string().nullable(),
});
export type Popup = z.infer<typeof popupSchema>;

export const popupListItemSchema = popupSchema.omit({ content: true, conditions: true });

export const saveMainPopupBody = z.object({
  enabled: z.boolean(),
  double_opt_in: z.boolean().default(false),
  content: popupContentSchema,
  conditions: popupConditionsSchema,
});

export const saveCustomPopupBody = saveMainPopupBody.extend({
  id: z.string().max(40).optional(),
  name: popupNameSchema,
  template_id: z.string().max(40).nullable().default(null),
});
export type SaveCustomPopupBody = z.input<typeof saveCustomPopupBody>;

export const popupDailySchema = z.object({ day: z.string(), views: z.number().int(), sign_ups: z.number().int() });

export const popupTemplateSchema = templateLabelsSchema.extend({
  id: z.string(),
  status: z.enum(TEMPLATE_STATUSES),
  content: popupContentSchema,
  conditions: popupConditionsSchema,
  updated_at: z.string(),
});
export type PopupTemplate = z.infer<typeof popupTemplateSchema>;

export const saveTemplateBody = templateLabelsSchema.extend({
  id: z.string().max(40).optional(),
  content: popupContentSchema,
  conditions: popupConditionsSchema.prefault({}),
});

const idBody = z.object({ id: z.string().max(40) });
const galleryQuery = z.object({
  target: z.enum(TEMPLATE_TARGETS).optional(),
  activity: z.enum(TEMPLATE_ACTIVITIES).optional(),
  theme: z.enum(TEMPLATE_THEMES).optional(),
});

export const popupRoutes = {
  guide: defineRoute({
    method: 'GET', path: '/shop/guide', access: 'shop', tag: 'popup',
    summary: 'Guide state of the pop-up menus: 0 not started, 1 in use, 2 hidden', data: shopGuideSchema,
  }),
  saveGuide: defineRoute({
    method: 'POST', path: '/shop/save-guide', access: 'shop', tag: 'popup',
    summary: 'Hide (2) or show again (1) the subscription pop-up or pop-up centre menu',
    body: z.object({ subscribe_popup: z.union([z.literal(1), z.literal(2)]).optional(), popup_strategy: z.union([z.literal(1), z.literal(2)]).optional() }),
    data: shopGuideSchema,
  }),
  embedBlock: defineRoute({
    method: 'GET', path: '/shop/app-embed-block', access: 'shop', tag: 'popup',
    summary: 'The <script> tag a store pastes into its theme, with the store\'s public key; on a platform store, whether the theme app embed is on',
    data: z.object({
      public_key: z.string(), script_url: z.string(), snippet: z.string(), allowed_origins: z.array(z.string()),
      /** The platform's theme app embed (Shopify): on or off, and the theme editor's link; not applicable to a custom store. */
      app_embed: appEmbedStatusSchema,
    }),
  }),
  main: defineRoute({
    method: 'GET', path: '/popup/info', access: 'shop', tag: 'popup',
    summary: 'The store\'s subscription pop-up (defaults until first saved)', data: popupSchema,
  }),
  saveMain: defineRoute({
    method: 'POST', path: '/popup/save', access: 'shop', tag: 'popup',
    summary: 'Save the subscription pop-up\'s content and conditions, and switch it on or off',
    body: saveMainPopupBody, data: popupSchema,
  }),
  list: defineRoute({
    method: 'GET', path: '/custom-popup/list', access: 'shop', tag: 'popup',
    summary: 'Pop-ups of the pop-up centre with views, sign-ups and rate, newest first', data: z.array(popupListItemSchema),
  }),
  detail: defineRoute({
    method: 'GET', path: '/custom-popup/detail', access: 'shop', tag: 'popup',
    summary: 'One pop-up of the pop-up centre', query: idBody, data: popupSchema,
  }),
  save: defineRoute({
    method: 'POST', path: '/custom-popup/save', access: 'shop', feature: 'popupCentre', tag: 'popup',
    summary: 'Create a pop-up (from a template when template_id is given) or edit one when id is given',
    body: saveCustomPopupBody, data: popupSchema,
  }),
  setEnabled: defineRoute({
    method: 'POST', path: '/custom-popup/switch', access: 'shop', tag: 'popup',
    summary: 'Switch a pop-up of the pop-up centre on or off',
    body: idBody.extend({ enabled: z.boolean() }), data: popupListItemSchema,
  }),
  remove: defineRoute({
    method: 'POST', path: '/custom-popup/delete', access: 'shop', ownerOnly: true, tag: 'popup',
    summary: 'Delete a pop-up of the pop-up centre (its subscribers stay)', body: idBody, data: z.object({ deleted: z.boolean() }),
  }),
  daily: defineRoute({
    method: 'GET', path: '/popup/daily', access: 'shop', tag: 'popup',
    summary: 'Views and sign-ups per day of one pop-up, oldest first, days without any included',
    query: idBody.extend({ days: z.coerce.number().int().min(1).max(365).default(30) }), data: z.array(popupDailySchema),
  }),
  gallery: defineRoute({
    method: 'GET', path: '/popup-template/gallery', access: 'shop', tag: 'popup',
    summary: 'Published templates, by sort value, filtered by target, activity and theme',
    query: galleryQuery, data: z.array(popupTemplateSchema),
  }),
  templates: defineRoute({
    method: 'GET', path: '/popup-template/list', access: 'shop', tag: 'popup',
    summary: 'Every template in any status (internal stores only)', data: z.array(popupTemplateSchema),
  }),
  saveTemplate: defineRoute({
    method: 'POST', path: '/popup-template/save', access: 'shop', tag: 'popup',
    summary: 'Create a template as a draft, or edit one when id is given (internal stores only)',
    body: saveTemplateBody, data: popupTemplateSchema,
  }),
  setTemplateStatus: defineRoute({
    method: 'POST', path: '/popup-template/status', access: 'shop', tag: 'popup',
    summary: 'Publish, retire or return a template to draft (internal stores only)',
    body: idBody.extend({ status: z.enum(TEMPLATE_STATUSES) }), data: popupTemplateSchema,
  }),
} as const;

// ---------------------------------------------------------------------------------------------
// The storefront script's routes. Bodies are sent as text/plain JSON (sendBeacon and a fetch
// without a preflight); the server parses them like JSON.

/** An anonymous visitor id the script keeps in localStorage: 16-64 characters of [A-Za-z0-9_-]. */
export const visitorIdSchema = z.string().max(64, { error: 'errors.storefront.visitor', abort: true }).regex(/^[A-Za-z0-9_-]{16,64}$/, { error: 'errors.storefront.visitor' });
/** A store's public key: `pk_` and 32 lower-case hex characters. */
export const publicKeySchema = z.string().max(64, { error: 'errors.storefront.key', abort: true }).regex(/^pk_[0-9a-f]{32}$/, { error: 'errors.storefront.key' });

const pageUrl = z.string().max(2000).default('');
const shopperLanguage = z.enum(SHOPPER_LANGUAGES).default('en-US');

export const STOREFRONT_EVENT_TYPES = ['viewed_page', 'viewed_product', 'added_to_cart', 'started_checkout', 'popup_viewed'] as const;
export const STOREFRONT_EVENTS_MAX = 50;

export const storefrontEventSchema = z.object({
  type: z.enum(STOREFRONT_EVENT_TYPES),
  /** Epoch milliseconds on the shopper's clock; the server clamps it to the last day. */
  at: z.number().int().min(0).max(8_640_000_000_000_000),
  url: pageUrl,
  /** A product id for viewed_product and added_to_cart; the pop-up id for popup_viewed. */
  subject: z.string().max(300).optional(),
  properties: z.record(z.string().max(100), z.union([z.string().max(1000), z.number(), z.boolean(), z.null()])).optional(),
});

export const storefrontPopupSchema = z.object({
  id: z.string(),
  kind: z.enum(POPUP_KINDS),
  content: popupContentSchema,
  conditions: popupConditionsSchema,
  /** Whether a sign-up reveals a coupon (the code itself comes only with the sign-up's answer). */
  has_coupon: z.boolean(),
  updated_at: z.string(),
});
export type StorefrontPopup = z.infer<typeof storefrontPopupSchema>;

export const storefrontVisitorSchema = z.object({
  subscriber: z.boolean(),
  customer: z.boolean(),
  /** Whole days since the visitor's last order; null when unknown or never. */
  days_since_order: z.number().int().nullable(),
});
export type StorefrontVisitor = z.infer<typeof storefrontVisitorSchema>;

export const storefrontSubscribeBody = z.object({
  key: publicKeySchema,
  popup_id: z.string().max(40),
  visitor_id: visitorIdSchema,
  email: z.string().trim().max(EMAIL_MAX).optional(),
  phone: z.string().trim().max(30).optional(),
  /** The shopper ticked consent; false is refused. */
  consent: z.boolean(),
  language: shopperLanguage,
  page_url: pageUrl,
  /** Honeypot: a field people never see. Anything in it marks a bot, which is answered alike and kept out. */
  website: z.string().max(200).default(''),
});

export const storefrontRoutes = {
  config: defineRoute({
    method: 'GET', path: '/public/storefront/config', access: 'storefront', tag: 'storefront',
    summary: 'The store\'s active pop-ups and what the store knows of this visitor',
    query: z.object({ key: publicKeySchema, visitor_id: visitorIdSchema.optional() }),
    data: z.object({ popups: z.array(storefrontPopupSchema), visitor: storefrontVisitorSchema }),
  }),
  subscribe: defineRoute({
    method: 'POST', path: '/public/storefront/subscribe', access: 'storefront', tag: 'storefront',
    summary: 'A shopper signs up through a pop-up; a second sign-up updates consent and creates nobody',
    body: storefrontSubscribeBody,
    data: z.object({
      /** `confirm` when the pop-up asks for a click in a confirmation mail first. */
      status: z.enum(['subscribed', 'confirm']),
      coupon: z.object({ code: z.string(), discount: z.number(), description: z.string() }).nullable(),
    }),
  }),
  events: defineRoute({
    method: 'POST', path: '/public/storefront/events', access: 'storefront', tag: 'storefront',
    summary: 'Shopper events of one visitor, in batches of up to 50',
    body: z.object({
      key: publicKeySchema,
      visitor_id: visitorIdSchema,
      events: z.array(storefrontEventSchema).min(1).max(STOREFRONT_EVENTS_MAX),
    }),
    data: z.object({ accepted: z.number().int() }),
  }),
  identify: defineRoute({
    method: 'POST', path: '/public/storefront/identify', access: 'storefront', tag: 'storefront',
    summary: 'Join the visitor to an existing subscriber by e-mail, phone or the store\'s customer id (creates nobody)',
    body: z.object({
      key: publicKeySchema,
      visitor_id: visitorIdSchema,
      email: z.string().trim().max(EMAIL_MAX).optional(),
      phone: z.string().trim().max(30).optional(),
      customer_id: z.string().max(100).optional(),
    }),
    data: z.object({ linked: z.boolean() }),
  }),
} as const;
