import { z } from 'zod';
import { PLATFORMS } from '../rules/store.ts';

/**
 * Feature switches of a store (SPEC section 3); all default to true. They gate the entry of a
 * feature, not its data.
 */
export const shopGuideFlagSchema = z.object({
  intelligent_send: z.boolean(),
  label_send: z.boolean(),
  element_send: z.boolean(),
  subscribe_popup: z.boolean(),
  customized_campaign: z.boolean(),
  popup_strategy: z.boolean(),
  activity_channel: z.boolean(),
});
export const DEFAULT_SHOP_GUIDE_FLAG: z.infer<typeof shopGuideFlagSchema> = {
  intelligent_send: true,
  label_send: true,
  element_send: true,
  subscribe_popup: true,
  customized_campaign: true,
  popup_strategy: true,
  activity_channel: true,
};

/** Guide state per feature: 0 not started, 1 in use, 2 retired (its menu entry is hidden). */
export const shopGuideSchema = z.object({
  subscribe_popup: z.number().int(),
  popup_strategy: z.number().int(),
});

export const managerRoleSchema = z.enum(['owner', 'manager']);

export const sessionUserSchema = z.object({
  token: z.string(),
  /** Store name; empty until a store is connected. */
  shop: z.string(),
  /** Store domain, e.g. "shop.example.com". */
  shop_url: z.string(),
  /** The account (company) the user signed up with. */
  company_id: z.string(),
  platform: z.enum(PLATFORMS).or(z.literal('')),
  shop_id: z.string(),
  /** Display name of the signed-in user. */
  name: z.string(),
  /** 1 when the store is connected and authorised; '' when there is no store. */
  install_status: z.number().int().or(z.literal('')),
  host_check: z.boolean(),
  campaign_strategy: z.number().int(),
  manager_info: z.object({
    manager_id: z.string(),
    manager_role: managerRoleSchema.or(z.literal('')),
    manager_email: z.string(),
    manager_mobile: z.string(),
  }),
  shop_guide: shopGuideSchema,
  shop_guide_flag: shopGuideFlagSchema,
  sender: z.object({
    email: z.string(),
    /** 0 not added, 1 sent, 2 verified. */
    verify_info: z.number().int(),
    verify_domain: z.number().int(),
  }),
  sender_name: z.string(),
  codeList: z.array(z.object({ code: z.string(), discount: z.number(), description: z.string() })),
  send_package_purchase_num: z.number().int(),
  flag_import: z.string(),
  currency: z.string(),
  timezone: z.string(),
});
export type SessionUser = z.infer<typeof sessionUserSchema>;
