/** The delivery engine's names for flow sends, carried by queued deliver jobs: never renamed. */
export const FLOW_EMAIL = 'flow-email';
export const FLOW_SMS = 'flow-sms';
