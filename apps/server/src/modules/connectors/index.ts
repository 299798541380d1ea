/**
 * Store platform connectors (Shopify, Shoplazza, Shopline): so far the checks every platform
 * call and webhook stands on, and the webhooks' door. See README.md for what is built and what comes next.
 */
export { openSecret, SealedSecretError, sealSecret } from './seal-secret.ts';
export { type PlatformWebhook, SHOPIFY_API_VERSION, verifyWebhook, type WebhookCheck } from './verify-webhook.ts';
export { PLATFORM_WEBHOOK_PATH, platformWebhookRoutes } from './receive-webhook.ts';
