import { z } from 'zod';
import { FONTS } from '../fonts.ts';
import { LIMITS } from '../limits.ts';

/**
 * The e-mail a store sends, as data: a list of blocks the editor builds, the server validates
 * with this schema, and `@storecast/email` turns into MJML and then HTML. Text may carry
 * personalisation fields written `{{first_name|there}}` (field, then a fallback after the bar).
 */

/** Fields a text may personalise with; each recipient's value, or the fallback when empty. */
export const PERSONAL_FIELDS = ['first_name', 'last_name', 'email', 'phone', 'store_name'] as const;
export type PersonalField = (typeof PERSONAL_FIELDS)[number];

/** Matches `{{ field }}` and `{{ field | fallback }}`. */
// The fallback is at most 200 characters: an unbounded `[^}]*` would rescan the rest of a text
// from every unclosed `{{x|`, quadratic in the text's length.
export const PERSONAL_FIELD_PATTERN = /\{\{\s*([a-z_]+)\s*(?:\|([^}]{0,200}))?\}\}/g;

export const SOCIAL_TYPES = ['facebook', 'instagram', 'x', 'youtube', 'tiktok', 'pinterest', 'linkedin', 'weibo', 'wechat'] as const;
export type SocialType = (typeof SOCIAL_TYPES)[number];

const colour = z.string().max(7, { error: 'errors.content.colour', abort: true }).regex(/^#[0-9a-fA-F]{6}$/, { error: 'errors.content.colour' });
const link = z.url({ protocol: /^https?$/, error: 'errors.content.link' }).max(2000, { error: 'errors.content.link' });
const align = z.enum(['left', 'center', 'right']).default('center');
const id = z.string().min(1).max(40);

export const emailBlockSchema = z.discriminatedUnion('type', [
  /** The store's logo from its e-mail style. */
  z.object({ type: z.literal('header'), id, align }),
  /** Rich text: a small allow-listed HTML subset (p, br, strong, em, u, a, ul, ol, li, span). */
  z.object({ type: z.literal('text'), id, html: z.string().max(20_000), align: align.default('left') }),
  z.object({ type: z.literal('image'), id, src: link, alt: z.string().max(200).default(''), href: link.optional(), width: z.number().int().min(10).max(100).default(100) }),
  z.object({ type: z.literal('button'), id, text: z.string().trim().min(1, { error: 'errors.content.buttonText' }).max(60), href: link, align }),
  z.object({
    type: z.literal('products'),
    id,
    columns: z.union([z.literal(1), z.literal(2), z.literal(3)]).default(2),
    items: z
      .array(z.object({ title: z.string().trim().min(1).max(120), image: link, price: z.string().max(40).default(''), href: link }))
      .min(1, { error: 'errors.content.noProducts' })
      .max(12),
  }),
  /**
   * One product of the catalogue by the store's product id, drawn from the catalogue when the
   * e-mail is built (image, title, price in the store's currency, button to its page). `null` is
   * the shopper's own product: an Element Send draws each shopper the product they were matched to.
   */
  z.object({
    type: z.literal('product'),
    id,
    product_id: z.string().min(1).max(100).nullable().default(null),
    /** Empty: the renderer's "Shop now" in the e-mail's language. */
    button_text: z.string().trim().max(60).default(''),
    show_compare_at: z.boolean().default(true),
    align,
  }),
  /** Several catalogue products in columns. */
  z.object({
    type: z.literal('product_grid'),
    id,
    product_ids: z.array(z.string().min(1).max(100)).min(1, { error: 'errors.content.noProducts' }).max(12),
    columns: z.union([z.literal(1), z.literal(2), z.literal(3)]).default(2),
    button_text: z.string().trim().max(60).default(''),
  }),
  z.object({
    type: z.literal('coupon'),
    id,
    code: z.string().trim().min(1, { error: 'errors.coupon.codeRequired' }).max(40),
    discount: z.number().min(0).max(LIMITS.couponDiscountMax),
    description: z.string().max(200).default(''),
  }),
  z.object({ type: z.literal('divider'), id }),
  /** The social links of the store's e-mail style. */
  z.object({ type: z.literal('social'), id, align }),
  /** The unsubscribe link and the store's postal address; every marketing e-mail has one. */
  z.object({ type: z.literal('footer'), id, text: z.string().max(2000).default(''), address: z.string().max(300).default('') }),
]);
export type EmailBlock = z.infer<typeof emailBlockSchema>;
export type EmailBlockType = EmailBlock['type'];

export const emailDocSchema = z
  .object({
    version: z.literal(1).default(1),
    blocks: z.array(emailBlockSchema).min(1, { error: 'errors.content.empty' }).max(60),
  })
  .refine((d) => d.blocks.filter((b) => b.type === 'footer').length === 1, { error: 'errors.content.footer', path: ['blocks'] });
export type EmailDoc = z.infer<typeof emailDocSchema>;

/** Catalogue product ids a document names (product and product grid blocks), each once. */
export function productIdsOf(doc: EmailDoc): string[] {
  const ids = new Set<string>();
  for (const b of doc.blocks) {
    if (b.type === 'product' && b.product_id) ids.add(b.product_id);
    if (b.type === 'product_grid') for (const p of b.product_ids) ids.add(p);
  }
  return [...ids];
}

/** Whether the document shows the shopper's own product: Element Send needs one, other sends none. */
export function hasMatchedProduct(doc: EmailDoc): boolean {
  return doc.blocks.some((b) => b.type === 'product' && b.product_id === null);
}

/** The e-mail style of a store (SPEC section 3): applied by the renderer to every e-mail. */
export const emailStyleSchema = z.object({
  logo_url: z.string().max(2000).default(''),
  content_color: colour.default('#ffffff'),
  button_bg_color: colour.default('#1677ff'),
  button_font_color: colour.default('#ffffff'),
  font: z.enum(FONTS.map((f) => f.name) as [string, ...string[]], { error: 'errors.content.font' }).default('Arial'),
  social_links: z
    .array(z.object({ type: z.enum(SOCIAL_TYPES, { error: 'errors.style.socialType' }), url: link }))
    .max(SOCIAL_TYPES.length)
    .default([])
    .refine((links) => new Set(links.map((l) => l.type)).size === links.length, { error: 'errors.style.socialRepeat' }),
});
export type EmailStyle = z.infer<typeof emailStyleSchema>;
