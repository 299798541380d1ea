import type { Messages } from '../types.ts';
import type * as zh from '../zh-CN/help.ts';

export const help: Messages<typeof zh.help> = {
  title: 'Help centre',
  intro: 'How to set up your store, bring your subscribers and send e-mail.',
  articles: 'Articles',
  backToApp: 'Back to the admin',
  notFound: 'This article was not found.',
  contact: {
    title: 'Contact support',
    summary: 'How to reach us when something goes wrong.',
    intro: 'If the articles do not answer your question, contact the team that runs this Storecast.',
    write: 'Write to',
    include: 'Say your store name, the e-mail of your account and what you were doing when the problem appeared (a screenshot helps).',
    online: 'Open online support',
    unset: 'No support address has been set for this site yet. Whoever runs this Storecast sets one with SUPPORT_EMAIL in the server settings (or SUPPORT_URL for an external support page); until then, contact them the way you got your account here.',
  },
};
