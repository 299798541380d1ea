// A store's link to its platform, shown wherever the store is: whether it is authorised, the
// theme app embed, the first sync's progress. The connect page, the store pages and the pop-up
// page take these from here; the sub-feature holds no page of its own.
export { AppEmbedStatus } from './app-embed-status.tsx';
export { NotAuthorizedAlert } from './not-authorized-alert.tsx';
export { PLATFORM_DOMAIN_SUFFIX, platformAdminUrl, platformDomainOf, shopifyDomainOf } from './shop-domain.ts';
export { SyncProgress, syncPercent } from './sync-progress.tsx';
export { useChannelShop, useSyncStatus } from './use-channel-shop.ts';
