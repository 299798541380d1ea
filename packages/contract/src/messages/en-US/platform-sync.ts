import type { Messages } from '../types.ts';
import type * as zh from '../zh-CN/platform-sync.ts';

/** The first sync of a store's data from its platform (Shopify, Shoplazza, Shopline). */
export const platformSyncErrors: Messages<typeof zh.platformSyncErrors> = {
  platformSync: {
    failed: 'The first sync from the store platform failed. Please try again later.',
    unauthorized: 'The store platform refused the access token. Please authorise the app again.',
    scopeMissing: 'The store platform has not granted a permission the sync needs. Please authorise the app again to grant it.',
  },
};
