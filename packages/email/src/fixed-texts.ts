import type { SocialType } from '@storecast/contract';

export type EmailLocale = 'zh-CN' | 'en-US';

/**
 * The words the renderer itself writes into an e-mail, in the e-mail's language (ctx.locale),
 * which is the recipient-facing language and not the admin's.
 */
export interface FixedTexts {
  unsubscribe: string;
  useCode: string;
  discount: (percent: number) => string;
  shopNow: string;
  receivedBecause: (store: string) => string;
  social: Record<SocialType, string>;
}

const SOCIAL_EN: Record<SocialType, string> = {
  facebook: 'Facebook',
  instagram: 'Instagram',
  x: 'X',
  youtube: 'YouTube',
  tiktok: 'TikTok',
  pinterest: 'Pinterest',
  linkedin: 'LinkedIn',
  weibo: 'Weibo',
  wechat: 'WeChat',
};

export const FIXED_TEXTS: Record<EmailLocale, FixedTexts> = {
  'en-US': {
    unsubscribe: 'Unsubscribe',
    useCode: 'Use code',
    discount: (p) => `${p}% off`,
    shopNow: 'Shop now',
    receivedBecause: (store) => `You are receiving this e-mail because you subscribed to ${store}.`,
    social: SOCIAL_EN,
  },
  'zh-CN': {
    unsubscribe: '退订',
    useCode: '使用优惠码',
    discount: (p) => `立减 ${p}%`,
    shopNow: '立即购买',
    receivedBecause: (store) => `您收到这封邮件，是因为您订阅了 ${store}。`,
    social: { ...SOCIAL_EN, weibo: '微博', wechat: '微信' },
  },
};
