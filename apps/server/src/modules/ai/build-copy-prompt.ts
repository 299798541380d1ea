import type { ChatMessage } from './ask-chat-completions.ts';
import { COPY_LIMITS } from './parse-written-copy.ts';
import type { CopyPurpose, CopyRequest } from './write-copy-types.ts';

const PURPOSES: Record<CopyPurpose, string> = {
  welcome: 'the first e-mail of a welcome series to a new subscriber',
  'abandoned-cart': 'a reminder to a shopper who added products to the cart and left without buying',
  'browse-abandonment': 'a follow-up to a shopper who viewed a product and left without adding it to the cart',
  'abandoned-checkout': 'a reminder to a shopper who started checkout and did not finish it',
  'post-purchase': 'a thank-you after an order, with products that go well with it',
  'win-back': 'a message to a customer who has not ordered for a long time',
  birthday: "a birthday greeting on the customer's birthday",
  'cross-sell': 'a message suggesting products that go well with a past purchase',
  campaign: 'a one-off marketing e-mail to a segment of subscribers',
};

/**
 * The chat messages that ask the model for one piece of copy: the store's facts, the purpose,
 * the language, the length limits and SPEC's rule that a suggested discount is at most 30 %.
 */
export function buildCopyPrompt(request: CopyRequest): ChatMessage[] {
  const { facts, purpose, channel } = request;
  const language = facts.locale === 'zh-CN' ? 'Simplified Chinese (zh-CN)' : 'American English (en-US)';
  const coupon = facts.coupon
    ? `Offer: coupon code ${facts.coupon.code} for ${facts.coupon.discount}% off. Name the code and the percent exactly as given.`
    : 'Offer: none. Do not mention or imply any discount, sale price, percentage off, free gift or coupon.';
  const system = [
    'You write marketing copy for an online store\'s e-mail and SMS messages.',
    'Answer with one JSON object only, with the string fields "subject", "preview", "heading", "body", "button" and "sms".',
    `Limits: subject at most ${COPY_LIMITS.subject} characters (aim for under 60), preview at most ${COPY_LIMITS.preview},`,
    `heading at most ${COPY_LIMITS.heading}, button at most ${COPY_LIMITS.button} (2-4 words), body at most ${COPY_LIMITS.body}`,
    'as plain text with paragraphs separated by a blank line (no HTML, no Markdown), and sms at most 2 SMS parts',
    '(about 300 Latin characters or 130 Chinese characters) including the store name at the start.',
    'In subject, preview, heading, body and button you may greet the reader with the personal field {{first_name|there}}',
    '(in Chinese {{first_name|亲爱的顾客}}) written exactly like that; never in the sms.',
    'Facts only come from the user message: never invent products, prices, shipping terms or deadlines.',
    'If you suggest a discount, it is at most 30 %.',
  ].join(' ');
  const products = (facts.products ?? []).filter((p) => p.title.trim())
    .map((p) => `- ${p.title}${p.price ? ` (${p.price} ${facts.currency})` : ''}`).join('\n');
  const user = [
    `Write ${channel === 'sms' ? 'an SMS' : 'an e-mail'} in ${language}.`,
    `Purpose: ${PURPOSES[purpose]}.`,
    `Store: ${facts.storeName} (${facts.homepageUrl}), currency ${facts.currency}.`,
    coupon,
    products ? `Products:\n${products}` : 'Products: none named; do not name any.',
    facts.brief?.trim() ? `Notes from the store owner (tone, theme, occasion): ${facts.brief.trim()}` : '',
  ].filter(Boolean).join('\n');
  return [{ role: 'system', content: system }, { role: 'user', content: user }];
}
