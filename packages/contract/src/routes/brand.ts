import { z } from 'zod';
import { emailDocSchema, emailStyleSchema } from '../rules/email-content.ts';
import {
  couponPresetBody, libraryTemplateBody, libraryTitleBody, salesAttributionSchema, saveEmailStyleBody,
} from '../rules/brand.ts';
import { defineRoute } from './define-route.ts';

/** An uploaded image as the API returns it; `url` is public so mail clients can fetch it. */
export const mediaSchema = z.object({
  media_id: z.string(),
  url: z.string(),
  file_name: z.string(),
  mime: z.string(),
  size: z.number().int(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
});
export type Media = z.infer<typeof mediaSchema>;

/** Advice on a logo that is not 4:1, not JPG or over 200 KB; the upload is kept all the same. */
export const logoWarningSchema = z.object({ code: z.enum(['ratio', 'format', 'size']), message: z.string() });

export const couponPresetSchema = z.object({
  id: z.string(),
  code: z.string(),
  discount: z.number(),
  description: z.string(),
  updated_at: z.string(),
});
export type CouponPreset = z.infer<typeof couponPresetSchema>;

export const libraryTitleSchema = z.object({ id: z.string(), text: z.string(), updated_at: z.string() });
export const libraryImageSchema = mediaSchema.extend({ id: z.string(), name: z.string(), updated_at: z.string() });
export const libraryTemplateSchema = z.object({ id: z.string(), name: z.string(), content: emailDocSchema, updated_at: z.string() });
export type LibraryTitle = z.infer<typeof libraryTitleSchema>;
export type LibraryImage = z.infer<typeof libraryImageSchema>;
export type LibraryTemplate = z.infer<typeof libraryTemplateSchema>;

const idBody = z.object({ id: z.string().min(1).max(40) });

/** Uploads take one multipart field "file"; the contract has no body schema for them. */
export const brandRoutes = {
  emailStyle: defineRoute({
    method: 'GET', path: '/shop/email-style', access: 'shop', tag: 'brand',
    summary: 'The store\'s e-mail style (defaults when never saved)', data: emailStyleSchema,
  }),
  saveEmailStyle: defineRoute({
    method: 'POST', path: '/shop/save-email-style', access: 'shop', tag: 'brand',
    summary: 'Save the e-mail style: logo, colours, font, social links', body: saveEmailStyleBody, data: emailStyleSchema,
  }),
  uploadLogo: defineRoute({
    method: 'POST', path: '/shop/upload-logo', access: 'shop', tag: 'brand',
    summary: 'Upload a logo (multipart "file": jpg, jpeg, gif or png under 2 MB); advice when not 4:1, JPG, under 200 KB',
    data: mediaSchema.extend({ warnings: z.array(logoWarningSchema) }),
  }),
  presets: defineRoute({
    method: 'GET', path: '/shop/presets', access: 'shop', tag: 'brand',
    summary: 'Coupon presets, newest change first', data: z.array(couponPresetSchema),
  }),
  savePreset: defineRoute({
    method: 'POST', path: '/shop/presets-info', access: 'shop', tag: 'brand',
    summary: 'Add a coupon preset, or edit one when `id` is given', body: couponPresetBody, data: couponPresetSchema,
  }),
  deletePreset: defineRoute({
    method: 'POST', path: '/shop/presets-delete', access: 'shop', ownerOnly: true, tag: 'brand',
    summary: 'Delete a coupon preset', body: idBody, data: z.object({ deleted: z.boolean() }),
  }),
  salesAttribution: defineRoute({
    method: 'GET', path: '/shop/sales-attribution', access: 'shop', tag: 'brand',
    summary: 'Sales attribution window and trigger (5 days, click when never saved)', data: salesAttributionSchema,
  }),
  saveSalesAttribution: defineRoute({
    method: 'POST', path: '/shop/save-sales-attribution', access: 'shop', tag: 'brand',
    summary: 'Save the sales attribution settings', body: salesAttributionSchema, data: salesAttributionSchema,
  }),
  uploadImage: defineRoute({
    method: 'POST', path: '/material/upload-image', access: 'shop', tag: 'library',
    summary: 'Upload an image (multipart "file": jpg, jpeg, gif or png under 2 MB) into the content library',
    data: libraryImageSchema,
  }),
  imageList: defineRoute({
    method: 'GET', path: '/material/image-list', access: 'shop', tag: 'library',
    summary: 'Images of the content library, newest first', data: z.array(libraryImageSchema),
  }),
  titleList: defineRoute({
    method: 'GET', path: '/material/title-list', access: 'shop', tag: 'library',
    summary: 'Saved e-mail titles, newest change first', data: z.array(libraryTitleSchema),
  }),
  saveTitle: defineRoute({
    method: 'POST', path: '/material/save-title', access: 'shop', tag: 'library',
    summary: 'Add a title, or edit one when `id` is given', body: libraryTitleBody, data: libraryTitleSchema,
  }),
  templateList: defineRoute({
    method: 'GET', path: '/material/template-list', access: 'shop', tag: 'library',
    summary: 'Saved e-mail templates with their content, newest change first', data: z.array(libraryTemplateSchema),
  }),
  saveTemplate: defineRoute({
    method: 'POST', path: '/material/save-template', access: 'shop', tag: 'library',
    summary: 'Add a template, or edit one when `id` is given', body: libraryTemplateBody, data: libraryTemplateSchema,
  }),
  deleteItem: defineRoute({
    method: 'POST', path: '/material/delete', access: 'shop', ownerOnly: true, tag: 'library',
    summary: 'Delete a title, image or template of the content library', body: idBody, data: z.object({ deleted: z.boolean() }),
  }),
} as const;
