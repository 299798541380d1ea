/**
 * Store platform connectors (Shopify, Shoplazza, Shopline): so far the checks every platform
 * call and webhook stands on, and the webhooks' door. See README.md for what is built and what comes next.
 */
export { openSecret, SealedSecretError, sealSecret } from './seal-secret.ts';
export { type PlatformWebhook, SHOPIFY_API_VERSION, verifyWebhook, type WebhookCheck } from './verify-webhook.ts';
export { PLATFORM_WEBHOOK_PATH, platformWebhookRoutes } from './receive-webhook.ts';
export { channelShopRoutes } from './channel-shop-routes.ts';
export { PLATFORM_CALLBACK_PATH, PLATFORM_INSTALL_PATH } from './install-routes.ts';
export { FIRST_SYNC_QUEUE } from './claim-platform-store.ts';
export { openToken, sealToken, tokenContext } from './channel-shop-token.ts';
export { readAppEmbedStatus } from './app-embed-status.ts';
export { platformWebhookJob } from './apply-platform-webhooks-job.ts';
export { FIRST_SYNC_JOB, firstSyncJob, platformSyncJob } from './sync-job.ts';
export { syncStatusRoutes } from './sync-status.ts';
export { createDueDiscountCodes, discountCodesJob } from './create-discount-codes.ts';
export { tokenRefreshJob } from './refresh-expiring-tokens.ts';
