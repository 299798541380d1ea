import type { ShopperLanguage } from '@storecast/contract';

/**
 * The script's own words: what a pop-up shows when the owner left a text empty, and the messages
 * the form gives before it asks the server; the lucky draw's buttons and results. The owner's
 * words come from the pop-up's content and the draw's prizes.
 */
const enUS = {
  close: 'Close',
  emailLabel: 'E-mail address',
  phoneLabel: 'Phone number',
  emailPlaceholder: 'name@example.com',
  phonePlaceholder: '+1 555 123 4567',
  emailRequired: 'Enter your e-mail address',
  emailInvalid: 'Enter an e-mail address like name@example.com',
  phoneRequired: 'Enter your phone number',
  phoneInvalid: 'Enter a phone number of 6 to 15 digits',
  contactRequired: 'Enter your e-mail address or phone number',
  consentRequired: 'Tick the box to agree before you sign up',
  sending: 'Signing up…',
  failed: 'Something went wrong. Please try again.',
  couponLabel: 'Your coupon code',
  copy: 'Copy',
  copied: 'Copied',
  confirm: 'Check your inbox and click the link in our e-mail to confirm.',
  done: 'Continue shopping',
  honeypot: 'Leave this field empty',
  drawPrizes: 'Prizes',
  drawPlay: 'Play',
  drawing: 'Drawing…',
  drawWon: 'You won: {prize}',
  drawNone: 'No prize this time',
};

export type MessageKey = keyof typeof enUS;

const zhCN: Record<MessageKey, string> = {
  close: '关闭',
  emailLabel: '邮箱地址',
  phoneLabel: '手机号码',
  emailPlaceholder: 'name@example.com',
  phonePlaceholder: '请输入手机号码',
  emailRequired: '请输入邮箱地址',
  emailInvalid: '请输入有效的邮箱地址，例如 name@example.com',
  phoneRequired: '请输入手机号码',
  phoneInvalid: '请输入 6 到 15 位数字的手机号码',
  contactRequired: '请输入邮箱地址或手机号码',
  consentRequired: '请先勾选同意再订阅',
  sending: '正在提交…',
  failed: '出错了，请稍后重试。',
  couponLabel: '你的优惠码',
  copy: '复制',
  copied: '已复制',
  confirm: '请查收邮件，点击邮件中的链接完成确认。',
  done: '继续购物',
  honeypot: '请勿填写此项',
  drawPrizes: '奖品',
  drawPlay: '开始抽奖',
  drawing: '抽奖中…',
  drawWon: '恭喜你获得：{prize}',
  drawNone: '很遗憾，这次没有中奖',
};

export const POPUP_MESSAGES: Record<ShopperLanguage, Record<MessageKey, string>> = { 'en-US': enUS, 'zh-CN': zhCN };

/** The contract's rule, from its zod-free entry so the storefront bundle carries no zod. */
export { shopperLanguage as pickShopperLanguage } from '@storecast/contract/shopper-language';
