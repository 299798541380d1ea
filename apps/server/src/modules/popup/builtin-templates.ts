import type { PopupConditionsInput, PopupContentInput, templateLabelsSchema } from '@storecast/contract';
import type { z } from 'zod';

/**
 * The templates the product ships. A start adds the ones a database lacks, by `key`, and never
 * touches one that exists: the internal stores may have edited or retired it since.
 *
 * Each has its own layout, palette and voice, so the gallery offers real choices. Colours keep
 * text at 4.5:1 or more against its background (button text against the accent too). None names
 * a coupon: the store picks one of its presets, and the words promise a gift, not a figure the
 * preset may not match; the line under the code (`coupon_note`) is in both languages for the same
 * reason, where a preset's own description is in the one its owner wrote. No images: a template must not load anything from another host.
 */
export interface BuiltinTemplate {
  key: string;
  labels: z.input<typeof templateLabelsSchema>;
  content: PopupContentInput;
  conditions: PopupConditionsInput;
}

export const BUILTIN_TEMPLATES: BuiltinTemplate[] = [
  {
    key: 'welcome_discount',
    labels: { name_zh: '新客欢迎礼', name_en: 'Welcome discount', target: 'email', activity: 'welcome', theme: 'minimal', sort: 10 },
    content: {
      layout: 'center',
      fields: 'email',
      colors: { background: '#ffffff', text: '#1f1f1f', accent: '#c2410c', button_text: '#ffffff' },
      radius: 12,
      coupon_preset_id: null,
      texts: {
        'zh-CN': {
          title: '欢迎光临，首单送你一份见面礼',
          body: '留下邮箱，立即领取新客专属优惠，新品上架和会员活动也会第一时间通知你。',
          email_placeholder: '请输入邮箱地址',
          button: '领取见面礼',
          consent: '我同意接收本店的营销邮件，可随时一键退订。',
          success_title: '欢迎加入！',
          success_body: '你的专属优惠码如下，结账时填写即可使用。',
          coupon_note: '新客专属优惠，首单即可使用。',
        },
        'en-US': {
          title: 'Welcome! Your first order comes with a gift',
          body: 'Leave your e-mail to unlock a new-customer discount, plus early news of new arrivals and member offers.',
          email_placeholder: 'you@example.com',
          button: 'Unlock my gift',
          consent: 'I agree to receive marketing e-mails from this store and can unsubscribe at any time.',
          success_title: 'Welcome aboard!',
          success_body: 'Here is your code. Enter it at checkout to use it.',
          coupon_note: 'A new-customer offer for your first order.',
        },
      },
    },
    conditions: { trigger: { type: 'delay', delay_seconds: 30 }, audience: { visitors: 'new' } },
  },
  {
    key: 'newsletter',
    labels: { name_zh: '订阅我们的周刊', name_en: 'Newsletter', target: 'email', activity: 'newsletter', theme: 'elegant', sort: 20 },
    content: {
      layout: 'corner',
      fields: 'email',
      colors: { background: '#f7f3ee', text: '#2b2118', accent: '#2b2118', button_text: '#f7f3ee' },
      radius: 4,
      coupon_preset_id: null,
      texts: {
        'zh-CN': {
          title: '每周一封，只写值得读的',
          body: '搭配灵感、幕后故事和会员抢先看，每周四送达你的邮箱。',
          email_placeholder: '你的邮箱地址',
          button: '订阅周刊',
          consent: '我同意每周接收本店的资讯邮件，可随时退订。',
          success_title: '订阅成功，周四见',
          success_body: '第一封周刊正在路上，记得把我们加入通讯录。',
          coupon_note: '订阅读者的一点心意，结账时使用。',
        },
        'en-US': {
          title: 'One letter a week, worth reading',
          body: 'Styling ideas, stories from the studio and early access for members, every Thursday.',
          email_placeholder: 'Your e-mail address',
          button: 'Subscribe',
          consent: 'I agree to receive the weekly newsletter from this store and can unsubscribe at any time.',
          success_title: 'You are subscribed. See you Thursday',
          success_body: 'Your first issue is on its way. Add us to your contacts so it lands in your inbox.',
          coupon_note: 'A small thank-you for subscribing, to use at checkout.',
        },
      },
    },
    conditions: { trigger: { type: 'scroll', scroll_percent: 50 }, frequency: { times: 1, period_days: 7 } },
  },
  {
    key: 'exit_intent_offer',
    labels: { name_zh: '离开挽留优惠', name_en: 'Exit-intent offer', target: 'email', activity: 'exit_intent', theme: 'bold', sort: 30 },
    content: {
      layout: 'center',
      fields: 'email',
      colors: { background: '#111827', text: '#ffffff', accent: '#facc15', button_text: '#111827' },
      radius: 16,
      coupon_preset_id: null,
      texts: {
        'zh-CN': {
          title: '等一下！先别走',
          body: '购物车里的好物还在等你。留下邮箱，马上把专属优惠码发给你。',
          email_placeholder: '请输入邮箱地址',
          button: '把优惠码给我',
          consent: '我同意接收本店的营销邮件，可随时退订。',
          success_title: '优惠码到手啦',
          success_body: '现在回到购物车下单，结账时填写即可。',
          coupon_note: '结账时填写优惠码即可享受优惠。',
        },
        'en-US': {
          title: 'Wait! Before you go',
          body: 'Your picks are still waiting. Leave your e-mail and we will give you a code for this order.',
          email_placeholder: 'you@example.com',
          button: 'Give me the code',
          consent: 'I agree to receive marketing e-mails from this store and can unsubscribe at any time.',
          success_title: 'The code is yours',
          success_body: 'Head back to your cart and enter it at checkout.',
          coupon_note: 'Enter the code at checkout to get your offer.',
        },
      },
    },
    conditions: { trigger: { type: 'exit_intent' }, frequency: { times: 1, period_days: 3 } },
  },
  {
    key: 'sms_capture',
    labels: { name_zh: '短信会员招募', name_en: 'SMS sign-up', target: 'phone', activity: 'sms', theme: 'playful', sort: 40 },
    content: {
      layout: 'corner',
      fields: 'phone',
      colors: { background: '#ecfdf5', text: '#064e3b', accent: '#047857', button_text: '#ffffff' },
      radius: 20,
      coupon_preset_id: null,
      texts: {
        'zh-CN': {
          title: '短信会员，好价先知道',
          body: '补货提醒、限时秒杀和会员价，用短信第一时间告诉你。每月不超过 4 条。',
          phone_placeholder: '请输入手机号码',
          button: '加入短信会员',
          consent: '我同意接收本店的营销短信，回复 TD 即可退订。',
          success_title: '加入成功！',
          success_body: '第一条会员短信马上就到。',
          coupon_note: '短信会员专享，结账时使用。',
        },
        'en-US': {
          title: 'Texts worth opening',
          body: 'Restock alerts, flash sales and member prices, straight to your phone. No more than 4 a month.',
          phone_placeholder: 'Your mobile number',
          button: 'Join by text',
          consent: 'I agree to receive marketing text messages from this store. Reply STOP to opt out at any time.',
          success_title: 'You are on the list!',
          success_body: 'Your first member text is on its way.',
          coupon_note: 'For our text members, to use at checkout.',
        },
      },
    },
    conditions: { trigger: { type: 'delay', delay_seconds: 15 } },
  },
  {
    key: 'holiday',
    labels: { name_zh: '节日特惠', name_en: 'Holiday sale', target: 'email', activity: 'holiday', theme: 'festive', sort: 50 },
    content: {
      layout: 'fullscreen',
      fields: 'email',
      colors: { background: '#7f1d1d', text: '#fff7ed', accent: '#fbbf24', button_text: '#451a03' },
      radius: 8,
      coupon_preset_id: null,
      texts: {
        'zh-CN': {
          title: '节日礼遇，限时开启',
          body: '订阅即可领取节日专属优惠，送礼清单和限定礼盒也会提前告诉你。',
          email_placeholder: '请输入邮箱地址',
          button: '领取节日礼遇',
          consent: '我同意接收本店的节日活动与营销邮件，可随时退订。',
          success_title: '节日快乐！',
          success_body: '节日优惠码已送上，祝你挑到心仪的礼物。',
          coupon_note: '节日专享优惠，结账时使用。',
        },
        'en-US': {
          title: 'Holiday treats are here',
          body: 'Subscribe for a holiday-only offer, and hear first about gift guides and limited gift sets.',
          email_placeholder: 'you@example.com',
          button: 'Get my holiday offer',
          consent: 'I agree to receive holiday and marketing e-mails from this store and can unsubscribe at any time.',
          success_title: 'Happy holidays!',
          success_body: 'Your holiday code is below. Happy gifting.',
          coupon_note: 'A holiday offer, to use at checkout.',
        },
      },
    },
    conditions: { trigger: { type: 'delay', delay_seconds: 10 }, frequency: { times: 1, period_days: 2 } },
  },
  {
    key: 'free_shipping',
    labels: { name_zh: '订阅享包邮', name_en: 'Free shipping', target: 'email', activity: 'free_shipping', theme: 'minimal', sort: 60 },
    content: {
      layout: 'bar',
      fields: 'email',
      colors: { background: '#1e3a8a', text: '#ffffff', accent: '#fde68a', button_text: '#1e3a8a' },
      radius: 0,
      coupon_preset_id: null,
      texts: {
        'zh-CN': {
          title: '订阅即享下一单包邮',
          body: '留下邮箱，运费我们来付。',
          email_placeholder: '请输入邮箱地址',
          button: '领取包邮券',
          consent: '我同意接收本店的营销邮件，可随时退订。',
          success_title: '包邮券已到账',
          success_body: '下单时填写这个优惠码即可免运费。',
          coupon_note: '结账时填写，即享免运费。',
        },
        'en-US': {
          title: 'Free shipping on your next order',
          body: 'Leave your e-mail and the shipping is on us.',
          email_placeholder: 'you@example.com',
          button: 'Get free shipping',
          consent: 'I agree to receive marketing e-mails from this store and can unsubscribe at any time.',
          success_title: 'Free shipping unlocked',
          success_body: 'Enter this code at checkout.',
          coupon_note: 'Enter it at checkout for free shipping.',
        },
      },
    },
    conditions: { trigger: { type: 'delay', delay_seconds: 5 }, frequency: { times: 1, period_days: 1 } },
  },
  {
    key: 'new_arrivals',
    labels: { name_zh: '新品抢先看', name_en: 'New arrivals', target: 'email_phone', activity: 'new_arrivals', theme: 'elegant', sort: 70 },
    content: {
      layout: 'center',
      fields: 'email_phone',
      colors: { background: '#faf5ff', text: '#3b0764', accent: '#6d28d9', button_text: '#ffffff' },
      radius: 24,
      coupon_preset_id: null,
      texts: {
        'zh-CN': {
          title: '新品上架，你先知道',
          body: '每一季新品在上架前 24 小时通知你，邮件或短信任选其一。',
          email_placeholder: '请输入邮箱地址',
          phone_placeholder: '或留下手机号码',
          button: '抢先获取新品',
          consent: '我同意通过邮件或短信接收本店的新品与营销信息，可随时退订。',
          success_title: '已为你预留前排座位',
          success_body: '下一批新品上架前，我们会第一个通知你。',
          coupon_note: '新品专享优惠，结账时使用。',
        },
        'en-US': {
          title: 'See new arrivals first',
          body: 'Hear about each new collection 24 hours before it goes live, by e-mail or text, your choice.',
          email_placeholder: 'you@example.com',
          phone_placeholder: 'Or your mobile number',
          button: 'Get early access',
          consent: 'I agree to receive news of new arrivals and marketing messages by e-mail or text from this store and can unsubscribe at any time.',
          success_title: 'Your front-row seat is saved',
          success_body: 'We will tell you first when the next collection drops.',
          coupon_note: 'An offer for the new collection, to use at checkout.',
        },
      },
    },
    conditions: { trigger: { type: 'page_views', page_views: 3 }, audience: { visitors: 'returning' } },
  },
  {
    key: 'lucky_draw',
    labels: { name_zh: '幸运抽奖预告', name_en: 'Lucky draw teaser', target: 'email', activity: 'lucky_draw', theme: 'playful', sort: 80 },
    content: {
      layout: 'center',
      fields: 'email',
      colors: { background: '#fff1f2', text: '#881337', accent: '#be123c', button_text: '#ffffff' },
      radius: 28,
      coupon_preset_id: null,
      texts: {
        'zh-CN': {
          title: '幸运抽奖即将开启',
          body: '订阅即可获得一次抽奖机会，开奖当天我们会用邮件通知你。现在订阅还送一份小惊喜！',
          email_placeholder: '请输入邮箱地址',
          button: '我要参加',
          consent: '我同意接收本店的抽奖通知与营销邮件，可随时退订。',
          success_title: '报名成功，好运将至！',
          success_body: '开奖时我们会给你发邮件。先收下这份小惊喜吧。',
          coupon_note: '一份小惊喜，结账时使用。',
        },
        'en-US': {
          title: 'Our lucky draw is coming',
          body: 'Subscribe to get your entry, and we will e-mail you on draw day. Plus a small surprise right now!',
          email_placeholder: 'you@example.com',
          button: 'Count me in',
          consent: 'I agree to receive lucky draw news and marketing e-mails from this store and can unsubscribe at any time.',
          success_title: 'You are entered. Good luck!',
          success_body: 'We will e-mail you on draw day. Meanwhile, enjoy this little surprise.',
          coupon_note: 'A little surprise, to use at checkout.',
        },
      },
    },
    conditions: { trigger: { type: 'scroll', scroll_percent: 30 }, frequency: { times: 1, period_days: 7 } },
  },
];
