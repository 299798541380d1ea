import type { FlowKind, Locale } from '@storecast/contract';

/** What a piece of marketing copy is for: a flow's e-mail or SMS, or a one-off Segment Send. */
export type CopyPurpose = FlowKind | 'cross-sell' | 'campaign';

/** The store facts copy is written from; the writer never reads the database itself. */
export interface CopyFacts {
  storeName: string;
  homepageUrl: string;
  currency: string;
  locale: Locale;
  /** A coupon to offer (code and percent off), when the flow or send has one. */
  coupon?: { code: string; discount: number } | null;
  /** Products named in the copy (a cart, a viewed product, best sellers). */
  products?: { title: string; price?: string }[];
  /** Free words from the owner: tone, theme, holiday. */
  brief?: string;
}

export interface CopyRequest {
  purpose: CopyPurpose;
  channel: 'email' | 'sms';
  facts: CopyFacts;
  /** Picks among the built-in writer's variants (and varies the AI's answer): "write again" passes another number. */
  seed?: number;
}

/**
 * Written copy in the request's language. SMS uses `sms` only; e-mail the rest. `body` is plain
 * text, paragraphs apart by a blank line; fields may hold personal fields (`{{first_name|there}}`).
 */
export interface WrittenCopy {
  subject: string;
  preview: string;
  heading: string;
  body: string;
  button: string;
  sms: string;
  /** `ai` when the configured chat-completions API wrote it, `built-in` for the offline writer. */
  by: 'ai' | 'built-in';
}
