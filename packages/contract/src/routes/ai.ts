import { z } from 'zod';
import { FLOW_KINDS } from '../rules/flow.ts';
import { defineRoute } from './define-route.ts';

/** What a piece of copy is for: a flow's message, a cross-sell, or a one-off Segment Send ("campaign"). */
export const COPY_PURPOSES = [...FLOW_KINDS, 'cross-sell', 'campaign'] as const;
export type CopyPurposeName = (typeof COPY_PURPOSES)[number];

export const writeCopyBody = z.object({
  purpose: z.enum(COPY_PURPOSES),
  channel: z.enum(['email', 'sms']),
  /** The owner's words: tone, theme, occasion. */
  brief: z.string().trim().max(200, { error: 'errors.ai.briefTooLong' }).optional(),
  /** A coupon preset of the store whose code and percent the copy offers. */
  coupon_id: z.string().max(50).optional(),
  /** Another number writes other words ("write again"). */
  seed: z.number().int().min(0).max(1_000_000).optional(),
});
export type WriteCopyBody = z.infer<typeof writeCopyBody>;

/**
 * Written copy in the caller's language. `body` is plain text, paragraphs apart by a blank line;
 * the e-mail fields may hold personal fields (`{{first_name|there}}`). `by`: `ai` when the
 * configured chat-completions API wrote it, `built-in` for the offline writer.
 */
export const writtenCopySchema = z.object({
  subject: z.string(),
  preview: z.string(),
  heading: z.string(),
  body: z.string(),
  button: z.string(),
  sms: z.string(),
  by: z.enum(['ai', 'built-in']),
});
export type WrittenCopyData = z.infer<typeof writtenCopySchema>;

export const aiRoutes = {
  writeCopy: defineRoute({
    method: 'POST', path: '/ai/write-copy', access: 'shop', feature: 'aiWriter', tag: 'ai',
    summary: 'Writes e-mail or SMS copy from the store\'s facts ("write it for me")',
    body: writeCopyBody,
    data: writtenCopySchema,
  }),
};
