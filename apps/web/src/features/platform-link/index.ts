// A store's link to its platform, shown wherever the store is: whether it is authorised (and
// granted every scope the app asks for), the theme app embed, the first sync's progress. The
// connect page, the store pages, the dashboard and the pop-up page take these from here; each
// piece brings its strings with it.
import { AppEmbedStatus as Embed } from './app-embed-status.tsx';
import { withPlatformStrings } from './load-platform-strings.tsx';
import { MissingScopesAlert as ScopesAlert } from './missing-scopes-alert.tsx';
import { NotAuthorizedAlert as Alert } from './not-authorized-alert.tsx';
import { SyncProgress as Progress } from './sync-progress.tsx';

export const AppEmbedStatus = withPlatformStrings(Embed);
export const NotAuthorizedAlert = withPlatformStrings(Alert);
export const MissingScopesAlert = withPlatformStrings(ScopesAlert);
export const SyncProgress = withPlatformStrings(Progress);
export { loadPlatformStrings, withPlatformStrings } from './load-platform-strings.tsx';
export { PLATFORM_DOMAIN_SUFFIX, platformAdminUrl, platformDomainOf, shopifyDomainOf } from './shop-domain.ts';
export { syncPercent } from './sync-progress.tsx';
export { useChannelShop, useSyncStatus } from './use-channel-shop.ts';
