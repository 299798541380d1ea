import { z } from 'zod';
import { LIMITS } from '../limits.ts';
import { isoDateTimeSchema } from './date-time.ts';

/**
 * Segment conditions (SPEC: "Segment (tag): name (max 16), conditions (all or any)"). The server
 * compiles them into one parameterised SQL query; the editor builds them field by field.
 */
export const ACTIVITY_LEVELS = ['S', 'A', 'B', 'C'] as const;
export type ActivityLevel = (typeof ACTIVITY_LEVELS)[number];

export const SUBSCRIBER_STATUSES = ['subscribed', 'unsubscribed', 'complaint', 'error'] as const;
export type SubscriberStatus = (typeof SUBSCRIBER_STATUSES)[number];

export const BEHAVIOURS = ['opened', 'clicked', 'purchased', 'viewed_product'] as const;

const days = z.number({ error: 'errors.segment.number' }).int({ error: 'errors.segment.number' }).min(1, { error: 'errors.segment.number' }).max(3650, { error: 'errors.segment.number' });
const amount = z.number({ error: 'errors.segment.number' }).finite({ error: 'errors.segment.number' }).min(0, { error: 'errors.segment.number' }).max(Number.MAX_SAFE_INTEGER, { error: 'errors.segment.number' });
const text = z.string({ error: 'errors.segment.incomplete' }).trim().min(1, { error: 'errors.segment.incomplete' }).max(200);

export const segmentConditionSchema = z.discriminatedUnion(
  'field',
  [
    z.object({
      field: z.enum(['email', 'phone', 'first_name', 'last_name', 'source']),
      op: z.enum(['eq', 'neq', 'contains', 'not_contains', 'is_set', 'is_not_set']),
      value: text.optional(),
    }),
    z.object({ field: z.literal('status'), op: z.enum(['in', 'not_in']), value: z.array(z.enum(SUBSCRIBER_STATUSES)).min(1, { error: 'errors.segment.incomplete' }) }),
    z.object({
      field: z.literal('attribute'),
      key: text,
      op: z.enum(['eq', 'neq', 'contains', 'gt', 'lt', 'is_set', 'is_not_set']),
      value: z.union([text, z.number().min(-Number.MAX_SAFE_INTEGER).max(Number.MAX_SAFE_INTEGER)]).optional(),
    }),
    z.object({ field: z.literal('activity_level'), op: z.enum(['in', 'not_in']), value: z.array(z.enum(ACTIVITY_LEVELS)).min(1, { error: 'errors.segment.incomplete' }) }),
    z.object({ field: z.enum(['order_count', 'total_spent']), op: z.enum(['eq', 'gt', 'gte', 'lt', 'lte']), value: amount }),
    z.object({ field: z.enum(['last_order_at', 'subscribed_at']), op: z.enum(['within_days', 'before_days']), value: days }),
    z.object({ field: z.literal('tag'), op: z.enum(['has', 'not_has']), value: z.number({ error: 'errors.segment.incomplete' }).int({ error: 'errors.segment.incomplete' }).positive({ error: 'errors.segment.incomplete' }).max(Number.MAX_SAFE_INTEGER, { error: 'errors.segment.incomplete' }) }),
    z.object({
      field: z.literal('behavior'),
      event: z.enum(BEHAVIOURS),
      op: z.enum(['did', 'did_not']),
      days,
      /** A product id or handle for viewed_product and purchased; empty means any. */
      subject: z.string().trim().max(200).optional(),
    }),
  ],
  { error: 'errors.segment.incomplete' },
).superRefine((c, ctx) => {
  // Every operator except the "is set" pair needs a value.
  const needsValue = 'op' in c && !['is_set', 'is_not_set'].includes(c.op);
  if ((c.field === 'attribute' || ['email', 'phone', 'first_name', 'last_name', 'source'].includes(c.field)) && needsValue && (c as { value?: unknown }).value === undefined) {
    ctx.addIssue({ code: 'custom', message: 'errors.segment.incomplete', path: ['value'] });
  }
});
export type SegmentCondition = z.infer<typeof segmentConditionSchema>;

export const segmentRuleSchema = z.object({
  match: z.enum(['all', 'any']),
  conditions: z.array(segmentConditionSchema).min(1, { error: 'errors.segment.noConditions' }).max(20),
});

export const segmentNameSchema = z
  .string({ error: 'errors.segment.nameRequired' })
  .trim()
  .min(1, { error: 'errors.segment.nameRequired' })
  .max(LIMITS.segmentNameMax, { error: 'errors.segment.nameTooLong' });

/** Tags share the length limit of segment names, with their own words. */
export const tagNameSchema = z
  .string({ error: 'errors.tag.nameRequired' })
  .trim()
  .min(1, { error: 'errors.tag.nameRequired' })
  .max(LIMITS.segmentNameMax, { error: 'errors.tag.nameTooLong' });

/** A bigint row id as the API takes it: a positive whole number JavaScript holds exactly. */
export const rowIdSchema = z.number().int().min(1).max(Number.MAX_SAFE_INTEGER);
/** Page numbers and sizes: far above any real list, and small enough for any OFFSET. */
export const pageSchema = z.coerce.number().int().min(1).max(100_000);

/**
 * Filters of the subscriber list, shared by the list, bulk actions and exports. Dates are ISO
 * strings; `tag_id` and `segment_id` narrow to a tag or a saved segment.
 */
export const subscriberFilterSchema = z.object({
  q: z.string().trim().max(200).optional(),
  status: z.enum(SUBSCRIBER_STATUSES).optional(),
  source: z.string().trim().max(50).optional(),
  tag_id: z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER).optional(),
  segment_id: z.string().max(50).optional(),
  subscribed_from: isoDateTimeSchema('errors.common.invalid').optional(),
  subscribed_to: isoDateTimeSchema('errors.common.invalid').optional(),
});
export type SubscriberFilter = z.infer<typeof subscriberFilterSchema>;

/** SPEC section 9: an export covers at most 31 days of subscription dates. */
export function exportRangeOk(from: string | undefined, to: string | undefined): boolean {
  if (!from || !to) return false;
  const ms = new Date(to).getTime() - new Date(from).getTime();
  return ms >= 0 && ms <= LIMITS.exportRangeMaxDays * 86_400_000;
}
