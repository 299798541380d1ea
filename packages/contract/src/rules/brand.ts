import { z } from 'zod';
import { LIMITS } from '../limits.ts';
import { emailDocSchema, emailStyleSchema } from './email-content.ts';

/**
 * Field rules of the store's brand assets (SPEC sections 3 and 5): what the e-mail style form,
 * the coupon presets, the content library and the sales attribution settings accept.
 */

/** Saving the style: the shared style document, with the logo required (SPEC section 5). */
export const saveEmailStyleBody = emailStyleSchema.extend({
  logo_url: z.string().trim().min(1, { error: 'errors.style.logoRequired' }).max(2000),
});

export const couponPresetBody = z.object({
  id: z.string().max(40).optional(),
  code: z
    .string({ error: 'errors.preset.codeRequired' })
    .trim()
    .min(1, { error: 'errors.preset.codeRequired' })
    .max(40, { error: 'errors.preset.codeTooLong' }),
  discount: z
    .number({ error: 'errors.preset.discountRequired' })
    .min(0, { error: 'errors.preset.discountRange' })
    .max(LIMITS.couponDiscountMax, { error: 'errors.preset.discountRange' }),
  description: z.string().trim().max(200, { error: 'errors.preset.descriptionTooLong' }).default(''),
});
export type CouponPresetBody = z.input<typeof couponPresetBody>;

/** Above this the form shows advice (SPEC: suggested discount at most 30 %), not a refusal. */
export const discountAboveSuggestion = (discount: number | null | undefined) =>
  typeof discount === 'number' && discount > LIMITS.suggestedDiscountMax;

export const LIBRARY_KINDS = ['title', 'image', 'template'] as const;
export type LibraryKind = (typeof LIBRARY_KINDS)[number];

export const libraryTitleBody = z.object({
  id: z.string().max(40).optional(),
  text: z
    .string({ error: 'errors.library.titleRequired' })
    .trim()
    .min(1, { error: 'errors.library.titleRequired' })
    .max(200, { error: 'errors.library.titleTooLong' }),
});

export const libraryTemplateBody = z.object({
  id: z.string().max(40).optional(),
  name: z
    .string({ error: 'errors.library.nameRequired' })
    .trim()
    .min(1, { error: 'errors.library.nameRequired' })
    .max(50, { error: 'errors.library.nameTooLong' }),
  content: emailDocSchema,
});

export const ATTRIBUTION_TRIGGERS = ['open', 'click'] as const;
export type AttributionTrigger = (typeof ATTRIBUTION_TRIGGERS)[number];
export const ATTRIBUTION_DEFAULTS = { window_days: 5, trigger: 'click' as AttributionTrigger };
export const ATTRIBUTION_WINDOW_MAX_DAYS = 90;

export const salesAttributionSchema = z.object({
  window_days: z
    .number({ error: 'errors.attribution.windowDays' })
    .int({ error: 'errors.attribution.windowDays' })
    .min(1, { error: 'errors.attribution.windowDays' })
    .max(ATTRIBUTION_WINDOW_MAX_DAYS, { error: 'errors.attribution.windowDays' }),
  trigger: z.enum(ATTRIBUTION_TRIGGERS, { error: 'errors.attribution.trigger' }),
});
export type SalesAttribution = z.infer<typeof salesAttributionSchema>;
