import { z } from 'zod';
import { WAIT_UNITS } from './flow.ts';

/**
 * What AI strategy management chose for a flow and why, stored as data (message keys and their
 * values), so every reader reads it in their own language: the owner who turned AI on may read
 * another language than a manager of the same store.
 */

/** A sentence of the catalogue: a full message key (`notices.automation.ai.cartYes`, or a refusal's `errors.…`) and its values. */
export const aiReasonSchema = z.object({
  key: z.string().max(100),
  params: z.record(z.string(), z.union([z.string(), z.number()])).default({}),
});
export type AiReason = z.infer<typeof aiReasonSchema>;

/** What happened to the flow: the key of its summary under `notices.automation.ai`. */
export const AI_NOTE_OUTCOMES = ['enabled', 'keptOff', 'blocked', 'ownerEdited', 'stayedOn'] as const;

export const aiChoiceSchema = z.discriminatedUnion('field', [
  z.object({ field: z.literal('enabled'), on: z.boolean(), why: aiReasonSchema.nullable() }),
  z.object({ field: z.literal('first_wait'), amount: z.number().int(), unit: z.enum(WAIT_UNITS), why: aiReasonSchema.nullable() }),
  z.object({ field: z.literal('win_back_days'), days: z.number().int(), why: aiReasonSchema.nullable() }),
  z.object({ field: z.literal('coupon'), code: z.string().nullable(), discount: z.number().nullable(), why: aiReasonSchema.nullable() }),
  /** `language` is the store's, the copy was written in; null in notes older than the store's language. */
  z.object({ field: z.literal('copy'), by: z.enum(['ai', 'built-in']), language: z.enum(['zh-CN', 'en-US']).nullable() }),
]);
export type AiChoice = z.infer<typeof aiChoiceSchema>;

export const flowAiNoteSchema = z.object({
  at: z.string(),
  /** `ai` when a configured chat-completions API wrote the copy, `built-in` for the offline generator. */
  by: z.enum(['ai', 'built-in']),
  outcome: z.enum(AI_NOTE_OUTCOMES),
  /** Why a flow was kept off or could not be turned on. */
  reason: aiReasonSchema.nullable().default(null),
  choices: z.array(aiChoiceSchema),
});
export type FlowAiNote = z.infer<typeof flowAiNoteSchema>;

type Translate = (key: string, params?: Record<string, string | number>) => string;

/** A note as sentences of the reader's language, through their `t` (the web's i18next, the server's catalogue). */
export function describeAiNote(note: FlowAiNote, t: Translate): { summary: string; choices: { label: string; value: string; why: string }[] } {
  const ai = (key: string, params?: Record<string, string | number>) => t(`notices.automation.ai.${key}`, params);
  const say = (r: AiReason | null) => (r ? t(r.key, r.params) : '');
  return {
    summary: ai(note.outcome, { why: say(note.reason) }),
    choices: note.choices.map((c) => {
      const label = ai(`fields.${c.field}`);
      switch (c.field) {
        case 'enabled': return { label, value: ai(c.on ? 'on' : 'off'), why: say(c.why) };
        case 'first_wait': return { label, value: ai(c.unit, { n: c.amount }), why: say(c.why) };
        case 'win_back_days': return { label, value: ai('days', { n: c.days }), why: say(c.why) };
        case 'coupon': return { label, value: c.code ? `${c.code} (${c.discount ?? 0}%)` : ai('none'), why: say(c.why) };
        case 'copy': return {
          label,
          value: ai(c.by === 'ai' ? 'writer.ai' : 'writer.builtIn'),
          why: c.language ? ai(c.by === 'ai' ? 'copyAi' : 'copyBuiltIn', { language: ai(`languages.${c.language}`) }) : '',
        };
      }
    }),
  };
}
