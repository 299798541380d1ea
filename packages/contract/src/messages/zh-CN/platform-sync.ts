/** The first sync of a store's data from its platform (Shopify, Shoplazza, Shopline). */
export const platformSyncErrors = {
  platformSync: {
    failed: '从店铺平台首次同步数据失败，请稍后重试。',
    unauthorized: '店铺平台拒绝了访问令牌，请重新授权应用。',
    scopeMissing: '店铺平台未授予同步所需的权限，请重新授权应用以补齐权限。',
  },
};
