/**
 * Store platform connectors (Shopify, Shoplazza, Shopline): so far the checks every platform
 * call and webhook stands on. See README.md for what is built and what comes next.
 */
export { openSecret, SealedSecretError, sealSecret } from './seal-secret.ts';
export { type Platform, type PlatformWebhook, PLATFORMS, SHOPIFY_API_VERSION, verifyWebhook, type WebhookCheck } from './verify-webhook.ts';
