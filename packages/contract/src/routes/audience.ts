import { z } from 'zod';
import { attributesSchema } from '../rules/attributes.ts';
import { emailSchema, mobileSchema } from '../rules/account.ts';
import {
  ACTIVITY_LEVELS, exportRangeOk, pageSchema, rowIdSchema, segmentConditionSchema, segmentNameSchema, segmentRuleSchema,
  SUBSCRIBER_STATUSES, subscriberFilterSchema, tagNameSchema,
} from '../rules/segment.ts';
import { defineRoute } from './define-route.ts';

/** Fields an imported column can map to; `attribute:<key>` keeps any other column. */
export const IMPORT_FIELDS = ['email', 'phone', 'first_name', 'last_name', 'source', 'subscribed_at', 'status', 'tags'] as const;

const transferStatus = z.enum(['in_progress', 'completed', 'failed']);

export const subscriberRowSchema = z.object({
  id: z.number().int(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  first_name: z.string(),
  last_name: z.string(),
  source: z.string(),
  /** For source `popup`: the name of the pop-up the shopper signed up through; empty otherwise. */
  source_detail: z.string(),
  status: z.enum(SUBSCRIBER_STATUSES),
  /** SMS consent, apart from e-mail consent: null never given, or given and later withdrawn (a STOP reply). */
  sms_status: z.enum(['subscribed', 'unsubscribed']).nullable(),
  subscribed_at: z.string(),
  activity_level: z.enum(ACTIVITY_LEVELS),
  tags: z.array(z.object({ id: z.number().int(), name: z.string() })),
});
export type SubscriberRow = z.infer<typeof subscriberRowSchema>;

const consentSchema = z.object({
  source: z.string(), at: z.string(), ip: z.string().optional(), file: z.string().optional(),
  popup_id: z.string().optional(), popup_name: z.string().optional(),
});

export const CONSENT_EVENT_KINDS = ['signed_up', 'confirmed', 'subscribed', 'resubscribed', 'unsubscribed', 'complained'] as const;

/**
 * One step of a subscriber's consent history, newest first: a sign-up or confirmation carries
 * the page, pop-up, language and wording the shopper saw; a change of status says how it came
 * (`via`: popup, confirm-link, link, one-click, mailto, sms-stop, sms-start, carrier, admin,
 * import, api, other).
 */
export const consentEventSchema = z.object({
  channel: z.enum(['email', 'sms']),
  kind: z.enum(CONSENT_EVENT_KINDS),
  via: z.string(),
  occurred_at: z.string(),
  ip: z.string().nullable(),
  user_agent: z.string().nullable(),
  /** The import's file, the admin's e-mail, the pop-up's name, the number that texted STOP. */
  detail: z.string().nullable(),
  popup_name: z.string().nullable(),
  page_url: z.string().nullable(),
  language: z.string().nullable(),
  wording: z.string().nullable(),
});
export type ConsentEvent = z.infer<typeof consentEventSchema>;

export const subscriberDetailSchema = subscriberRowSchema.extend({
  attributes: z.record(z.string(), z.union([z.string(), z.number(), z.boolean()])),
  consent: consentSchema.nullable(),
  sms_consent: consentSchema.nullable(),
  consent_history: z.array(consentEventSchema),
  order_count: z.number().int(),
  total_spent: z.number().int(),
  last_order_at: z.string().nullable(),
  orders: z.array(z.object({ id: z.string(), total: z.number().int(), currency: z.string(), placed_at: z.string(), items: z.number().int() })),
  events: z.array(z.object({ type: z.string(), occurred_at: z.string(), subject: z.string().nullable() })),
});

export const segmentSchema = z.object({
  /** Saved segments have numeric ids as strings; system groups have ids like "system:active". */
  id: z.string(),
  name: z.string(),
  match: z.enum(['all', 'any']),
  conditions: z.array(segmentConditionSchema),
  system: z.boolean(),
  count: z.number().int(),
});

export const importRecordSchema = z.object({
  id: z.string(),
  file_name: z.string(),
  status: transferStatus,
  total_rows: z.number().int(),
  processed_rows: z.number().int(),
  new_rows: z.number().int(),
  updated_rows: z.number().int(),
  skipped_rows: z.number().int(),
  invalid_rows: z.number().int(),
  failure: z.string().nullable(),
  created_at: z.string(),
  finished_at: z.string().nullable(),
});

export const exportRecordSchema = z.object({
  id: z.string(),
  format: z.enum(['csv', 'xlsx']),
  status: transferStatus,
  total_rows: z.number().int(),
  processed_rows: z.number().int(),
  failure: z.string().nullable(),
  created_at: z.string(),
  finished_at: z.string().nullable(),
});

const idQuery = z.object({ id: z.string().min(1).max(50) });

export const audienceRoutes = {
  subscriberList: defineRoute({
    method: 'GET', path: '/subscriber/list', access: 'shop', tag: 'audience',
    summary: 'Subscribers, newest first, paged by cursor so deep pages stay fast',
    query: subscriberFilterSchema.extend({
      cursor: z.string().max(50).optional(),
      page_size: pageSchema.max(200).default(50),
    }),
    data: z.object({ items: z.array(subscriberRowSchema), next_cursor: z.string().nullable(), total: z.number().int() }),
  }),
  subscriberDetail: defineRoute({
    method: 'GET', path: '/subscriber/detail', access: 'shop', tag: 'audience',
    summary: 'One subscriber with attributes, tags, orders and event timeline', query: idQuery, data: subscriberDetailSchema,
  }),
  subscriberSave: defineRoute({
    method: 'POST', path: '/subscriber/save', access: 'shop', tag: 'audience',
    summary: 'Add a subscriber by hand or edit one',
    body: z.object({
      id: rowIdSchema.optional(),
      email: emailSchema.optional(),
      phone: mobileSchema.optional(),
      first_name: z.string().trim().max(100).default(''),
      last_name: z.string().trim().max(100).default(''),
      attributes: attributesSchema.default({}),
      tag_ids: z.array(rowIdSchema).max(1000).default([]),
    }).refine((b) => b.email || b.phone, { error: 'errors.subscriber.contactRequired', path: ['email'] }),
    data: z.object({ id: z.number().int() }),
  }),
  subscriberBulk: defineRoute({
    method: 'POST', path: '/subscriber/bulk', access: 'shop', tag: 'audience',
    summary: 'Tag, untag or unsubscribe (from e-mail or from SMS) chosen subscribers, or every one matching a filter',
    body: z.object({
      action: z.enum(['tag', 'untag', 'unsubscribe', 'sms_unsubscribe']),
      ids: z.array(rowIdSchema).max(10_000).optional(),
      filter: subscriberFilterSchema.optional(),
      tag_id: rowIdSchema.optional(),
    }),
    data: z.object({ affected: z.number().int() }),
  }),
  tagList: defineRoute({
    method: 'GET', path: '/tag/list', access: 'shop', tag: 'audience',
    summary: 'Tags with their subscriber counts',
    data: z.array(z.object({ id: z.number().int(), name: z.string(), count: z.number().int() })),
  }),
  tagSave: defineRoute({
    method: 'POST', path: '/tag/save', access: 'shop', tag: 'audience',
    summary: 'Create or rename a tag', body: z.object({ id: rowIdSchema.optional(), name: tagNameSchema }),
    data: z.object({ id: z.number().int() }),
  }),
  tagDelete: defineRoute({
    method: 'POST', path: '/tag/delete', access: 'shop', ownerOnly: true, tag: 'audience',
    summary: 'Delete a tag (subscribers stay)', body: z.object({ id: rowIdSchema }), data: z.null(),
  }),
  segmentList: defineRoute({
    method: 'GET', path: '/segment/list', access: 'shop', tag: 'audience',
    summary: 'System recommended groups and saved segments, with counts', data: z.array(segmentSchema),
  }),
  segmentSave: defineRoute({
    method: 'POST', path: '/segment/save', access: 'shop', tag: 'audience',
    summary: 'Create or edit a segment; system groups cannot be added or edited',
    body: segmentRuleSchema.extend({ id: z.string().max(50).optional(), name: segmentNameSchema }),
    data: z.object({ id: z.string() }),
  }),
  segmentDelete: defineRoute({
    method: 'POST', path: '/segment/delete', access: 'shop', ownerOnly: true, tag: 'audience',
    summary: 'Delete a saved segment', body: z.object({ id: z.string().max(50) }), data: z.null(),
  }),
  segmentCount: defineRoute({
    method: 'POST', path: '/segment/count', access: 'shop', tag: 'audience',
    summary: 'Live count of subscribers matching conditions being edited',
    body: segmentRuleSchema, data: z.object({ count: z.number().int() }),
  }),
  importUpload: defineRoute({
    method: 'POST', path: '/import/upload', access: 'shop', tag: 'audience',
    summary: 'Upload a file (multipart field "file": xls, xlsx, ods or csv under 15 MB); returns columns and a preview',
    data: z.object({
      upload_id: z.string(),
      file_name: z.string(),
      columns: z.array(z.string()),
      preview: z.array(z.array(z.string())),
      suggested_mapping: z.record(z.string(), z.string()),
    }),
  }),
  importStart: defineRoute({
    method: 'POST', path: '/import/start', access: 'shop', tag: 'audience',
    summary: 'Start importing an uploaded file with a column mapping',
    body: z.object({
      upload_id: z.string().min(1).max(100),
      /** Column name -> one of IMPORT_FIELDS, "attribute:<key>", or "" to skip. */
      mapping: z.record(z.string().max(500), z.string().max(60)),
      tag_ids: z.array(rowIdSchema).max(1000).default([]),
    }),
    data: z.object({ import_id: z.string() }),
  }),
  importList: defineRoute({
    method: 'GET', path: '/import/list', access: 'shop', tag: 'audience',
    summary: 'Import records, newest first', data: z.array(importRecordSchema),
  }),
  importDetail: defineRoute({
    method: 'GET', path: '/import/detail', access: 'shop', tag: 'audience',
    summary: 'One import record, for progress', query: idQuery, data: importRecordSchema,
  }),
  exportStart: defineRoute({
    method: 'POST', path: '/export/start', access: 'shop', tag: 'audience',
    summary: 'Export subscribers matching a filter; the subscription-date range is at most 31 days',
    body: z.object({ format: z.enum(['csv', 'xlsx']), filter: subscriberFilterSchema })
      .refine((b) => exportRangeOk(b.filter.subscribed_from, b.filter.subscribed_to), { error: 'errors.export.range', path: ['filter'] }),
    data: z.object({ export_id: z.string() }),
  }),
  exportList: defineRoute({
    method: 'GET', path: '/export/list', access: 'shop', tag: 'audience',
    summary: 'Export records, newest first', data: z.array(exportRecordSchema),
  }),
  exportDetail: defineRoute({
    method: 'GET', path: '/export/detail', access: 'shop', tag: 'audience',
    summary: 'One export record, for progress', query: idQuery, data: exportRecordSchema,
  }),
} as const;

/**
 * File downloads answer with the file, not the envelope, and only to a session of the store
 * that made it: `GET /api/import/errors?id=` (bad rows as CSV) and `GET /api/export/download?id=`.
 */
export const DOWNLOAD_PATHS = { importErrors: '/import/errors', exportFile: '/export/download' } as const;
