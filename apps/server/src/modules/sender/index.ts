/** What other modules use of a store's sender: the identity mail goes out with, and its summary on the session. */
export { senderRoutes } from './routes.ts';
export { senderDnsJob } from './recheck-sender-domains.ts';
export { findSendingIdentity, BOUNCE_LOCAL_PART, type SendingIdentity } from './find-sending-identity.ts';
export { summarizeSender } from './summarize-sender.ts';
export { mailAsStore } from './mail-as-store.ts';
