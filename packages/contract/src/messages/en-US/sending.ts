import type { Messages } from '../types.ts';
import type * as zh from '../zh-CN/sending.ts';

/** SPEC section 8 wording is kept for the refusals it lists. Segment Send strategies, sending volume, the public unsubscribe page and the outbox. */
export const sendingErrors: Messages<typeof zh.sendingErrors> = {
  strategy: {
    nameRequired: 'Enter the strategy name.',
    nameTooLong: 'The strategy name is too long, limit 60 characters.',
    titleRequired: 'Enter the email title.',
    titleTooLong: 'The email title is too long, limit 150 characters.',
    contentRequired: 'Add the email content.',
    segmentsRequired: 'Choose at least one segment.',
    sendAtRequired: 'Choose the send time.',
    sendAtInvalid: 'The send time is not a valid date and time.',
    sendAtTooSoon: 'The send time must be at least one hour from now.',
    noRecipients: 'The chosen segments contain no subscribed email address.',
    senderNotVerified: "You can't send emails, please verify the sender email and sender domain.",
    notFound: 'The strategy does not exist.',
    notEditable: 'Only a draft or a strategy still to be sent can be changed.',
    notTerminable: 'Only a strategy to be sent or sending can be terminated.',
    notDeletable: 'A strategy that is sending cannot be deleted; terminate it first.',
    renderFailed: 'The email content could not be rendered.',
    sendFailed: 'Sending stopped because of an error.',
    segmentNotFound: 'A chosen segment does not exist. Choose the segments again.',
    couponNotFound: 'The chosen coupon preset does not exist. Choose it again.',
    noPostalAddress: 'Your store has no postal address. Bulk-mail rules (CAN-SPAM, Gmail, Yahoo) ask for one in every email: add it in Store information before sending.',
    httpLinks: "This installation's public address is not https, so the unsubscribe and tracking links in this email would be http, which mailbox providers refuse. Ask whoever runs Storecast to set an https PUBLIC_URL.",
  },
  volume: {
    short: 'Your current delivery is {{num}}, which is not enough to complete the delivery of this email, please purchase.',
    noPack: 'No available sending-volume pack, so emails cannot be sent.',
  },
  unsubscribe: {
    invalid: 'This unsubscribe link is not valid.',
  },
  outbox: {
    notFound: 'The message does not exist.',
  },
};

export const sendingNotices: Messages<typeof zh.sendingNotices> = {
  strategy: {
    saved: 'Saved.',
    scheduled: 'The email is scheduled.',
    started: 'Sending has started.',
  },
  unsubscribe: {
    title: 'Unsubscribe',
    question: 'Do you want to stop receiving marketing emails from {{store}} at {{email}}?',
    confirm: 'Unsubscribe',
    done: 'You have been unsubscribed from {{store}}. You will not receive marketing emails at {{email}} any more.',
  },
};
