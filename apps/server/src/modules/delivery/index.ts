/**
 * The delivery engine: deliveries and their claim, sending and outcomes, tracking tokens and the
 * VERP address, the public tracking and unsubscribe routes, engagement, bounce and complaint
 * writes, numbers counted from deliveries, the outbox reader and the deliver queue. Features
 * that send plug in as a DeliverySource (delivery-source.ts); the engine knows none of them.
 */
export type { DeliveryChannel, DeliveryEvent, DeliverySource, EmailPlan, SendPlan, SmsPlan } from './delivery-source.ts';
// Recording a send (in the caller's transaction) and stopping it.
export { addRecipients, addRecipientsFrom, cancelIdleDeliveries, deleteSendRecords, recordSendLinks } from './manage-recipients.ts';
export { queueDelivery } from './delivery-queue.ts';
// The worker: one job for every source; deliverSend and buildMail also serve the send benchmark.
export { deliveryJob } from './delivery-job.ts';
export { deliverSend, type DeliverResult } from './deliver-batches.ts';
export { buildMail, type ClaimedDelivery } from './build-mail.ts';
// SMS: the links a source records for a text, and the volume a text holds.
export { findSmsLinks, smsUnits } from './build-sms.ts';
// Numbers and checks for the callers' pages.
export { readSendStats, readVariantStats, type SendStats } from './read-send-stats.ts';
export { readSendTimeline, type TimelinePoint } from './read-send-timeline.ts';
export { listDeliveryWarnings } from './list-delivery-warnings.ts';
// Routes: the public ones mail clients call, and the admin's outbox.
export { publicTrackingRoutes } from './public-tracking-routes.ts';
export { outboxRoutes } from './routes.ts';
// What the inbound listener needs: addresses, tokens, and the feedback writes.
export { parseInboundAddress, verpAddress, UNSUBSCRIBE_LOCAL_PART, type InboundAddress } from './verp-address.ts';
export {
  appSecret, DELIVERY_ADDRESS_TOKEN_PATTERN, DELIVERY_TOKEN_PATTERN, readDeliveryAddressToken, readDeliveryToken, signDeliveryTokens,
  type TokenPurpose,
} from './tracking-token.ts';
export { recordBounce, recordComplaint, type FeedbackResult } from './record-feedback.ts';
export { unsubscribeDelivery } from './record-engagement.ts';
// What the SMS webhooks (modules/sms) write: provider status, STOP and START.
export { readSmsToken } from './sms-token.ts';
export { recordSmsStatus, restartSmsForPhone, stopSmsForPhone, type SmsStatusReport } from './record-sms-status.ts';
