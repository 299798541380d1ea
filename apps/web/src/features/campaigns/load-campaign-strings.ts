import { lazyStrings } from '../../shared/i18n/lazy-strings.tsx';

/** The campaign centre's strings (locales/<lang>/campaigns.ts), loaded with the first /custom page. */
export const { load: loadCampaignStrings, withStrings: withCampaignStrings } = lazyStrings('campaigns', {
  'zh-CN': () => import('../../locales/zh-CN/campaigns.ts'),
  'en-US': () => import('../../locales/en-US/campaigns.ts'),
});
