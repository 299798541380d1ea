import type { EmailLocale } from './fixed-texts.ts';
import type { LinkHooks, Recipient } from './types.ts';

/** Recipients shown in previews and used to measure an e-mail's size. */
export const SAMPLE_RECIPIENTS: Record<EmailLocale, Recipient> = {
  'en-US': { first_name: 'Alex', last_name: 'Smith', email: 'alex.smith@example.com', phone: '+12025550123' },
  'zh-CN': { first_name: '小明', last_name: '王', email: 'xiaoming.wang@example.com', phone: '+8613800138000' },
};

/** Hooks with URLs as long as real tracked ones (origin plus a 43-character token), for sizing. */
export const SIZING_HOOKS: LinkHooks = {
  unsubscribeUrl: `https://mail.example.com/u/${'x'.repeat(43)}`,
  openPixelUrl: `https://mail.example.com/o/${'x'.repeat(43)}`,
  linkUrl: (i) => `https://mail.example.com/c/${'x'.repeat(43)}/${i}`,
};
