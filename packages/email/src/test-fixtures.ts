import type { EmailBlock, EmailDoc } from '@storecast/contract';
import type { LinkHooks, RenderContext } from './types.ts';

/** A context and documents for the package's tests. */
export function context(overrides: Partial<RenderContext> = {}): RenderContext {
  return {
    style: {
      logo_url: 'https://cdn.example.com/logo.jpg',
      content_color: '#fafafa',
      button_bg_color: '#d4380d',
      button_font_color: '#fffbe6',
      font: 'Georgia',
      social_links: [
        { type: 'instagram', url: 'https://instagram.com/shop' },
        { type: 'wechat', url: 'https://weixin.qq.com/shop' },
      ],
    },
    store: { name: 'Tea & Co', homepageUrl: 'https://tea.example.com' },
    locale: 'en-US',
    subject: 'Hello {{first_name|there}}',
    preheader: 'New teas for {{first_name|you}}',
    ...overrides,
  };
}

export const footer: EmailBlock = { type: 'footer', id: 'f', text: 'See you {{first_name|soon}}', address: '1 Leaf Road, Hangzhou' };

export function doc(...blocks: EmailBlock[]): EmailDoc {
  return { version: 1, blocks: [...blocks, footer] };
}

/** Every block type once. */
export const fullDoc: EmailDoc = doc(
  { type: 'header', id: 'h', align: 'center' },
  { type: 'text', id: 't', align: 'left', html: '<p>Hi {{first_name|friend}}, our <a href="https://tea.example.com/green?sort=new">green teas</a> are in.</p>' },
  { type: 'image', id: 'i', src: 'https://cdn.example.com/banner.jpg', alt: 'Spring banner', href: 'https://tea.example.com/spring', width: 80 },
  { type: 'button', id: 'b', text: 'Shop {{first_name|now}}', href: 'https://tea.example.com/shop', align: 'center' },
  {
    type: 'products',
    id: 'p',
    columns: 2,
    items: [
      { title: 'Longjing', image: 'https://cdn.example.com/longjing.jpg', price: '$12.00', href: 'https://tea.example.com/p/longjing' },
      { title: 'Pu-erh', image: 'https://cdn.example.com/puerh.jpg', price: '$18.00', href: 'https://tea.example.com/p/puerh' },
    ],
  },
  { type: 'coupon', id: 'c', code: 'SPRING15', discount: 15, description: 'Valid until May' },
  { type: 'divider', id: 'd' },
  { type: 'social', id: 's', align: 'center' },
);

export const hooks: LinkHooks = {
  unsubscribeUrl: 'https://mail.example.com/u/tok?x=1&y=2',
  openPixelUrl: 'https://mail.example.com/o/tok',
  linkUrl: (i) => `https://mail.example.com/c/tok/${i}`,
};
