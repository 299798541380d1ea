/**
 * The SMS provider's webhooks: delivery status and inbound replies (STOP / 退订, START). The
 * writes live in the delivery engine, which owns the deliveries they name.
 */
export { smsWebhookRoutes } from './sms-webhook-routes.ts';
