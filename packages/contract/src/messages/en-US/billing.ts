import type { Messages } from '../types.ts';
import type * as zh from '../zh-CN/billing.ts';

/** Sending-volume packs, membership, cards, payments and invoices (SPEC sections 3, 4, 8 and 9). */
export const billingErrors: Messages<typeof zh.billingErrors> = {
  billing: {
    notConfigured: "Payments are not configured on this server, so nothing can be bought here. The store keeps its free starter volume, and the server's operator can grant more.",
    noCard: 'Please add a credit card first.',
    cardExpired: 'The current credit card has expired, please replace the credit card.',
    declined: 'The bank declined the payment and nothing was charged. Use another card or contact your bank.',
    insufficientFunds: 'The card has insufficient funds; nothing was charged.',
    authenticationFailed: "The bank's verification (3-D Secure) was not completed; nothing was charged.",
    providerUnavailable: 'The payment provider did not answer. The same payment is never charged twice: check the payment in a moment or try again.',
    providerRefused: 'The payment provider refused the request and nothing was charged. Please contact support.',
    amountMismatch: 'The payment provider reported another amount or currency than the order, so nothing was credited. Please contact support.',
    setupNotFinished: 'The card was not saved: please complete the card form first.',
    offerUnknown: 'This sending-volume pack is not on sale.',
    termInvalid: 'Please choose 1 month or 12 months.',
    alreadyMember: 'A membership is running; upgrade it instead.',
    cannotUpgrade: 'This membership cannot be upgraded: it has expired or is already at the top level.',
    notHigher: 'Please choose a higher level, or a longer term at the same level.',
    paymentNotFound: 'This payment does not exist.',
    invoiceGenerating: 'The invoice is currently being generated, please check back later.',
    invoiceNotFound: 'This invoice does not exist.',
    // OFFERS-INVOICES: renewal switches of packs and membership.
    packNotFound: 'This sending-volume pack does not exist.',
    starterNoRenew: 'The free starter volume cannot be renewed.',
    grantNoRenew: 'Volume granted by the operator cannot be renewed.',
    renewNeedsMembership: 'Auto-renewal can only be set on a running paid membership.',
  },
  membership: {
    required1: 'This feature needs the Starter membership (level 1) or higher. Upgrade on the membership page.',
    required2: 'This feature needs the Basic membership (level 2) or higher. Upgrade on the membership page.',
    required3: 'This feature needs the Professional membership (level 3). Upgrade on the membership page.',
  },
  operator: {
    invalid: 'The operator token is not valid.',
    disabled: 'No operator token (OPERATOR_TOKEN) is set on this server.',
    storeRequired: "Give the store's id or its owner's login e-mail.",
    storeNotFound: 'No such store.',
    storeAmbiguous: 'This owner has several stores; use a store id: {{ids}}',
    quantity: 'The volume must be a whole number from 1 to 10,000,000.',
    days: 'The validity must be a whole number of days from 1 to 3650.',
  },
};

export const billingNotices: Messages<typeof zh.billingNotices> = {
  billing: {
    paid: 'Payment received.',
    processing: 'The payment is being processed; it is credited as soon as it completes.',
    cardSaved: 'The credit card is saved.',
    renewOn: 'Auto-renewal is on.',
    renewOff: 'Auto-renewal is off.',
    packName: '{{quantity}} e-mails of sending volume',
    starterPackName: 'Free starter volume',
    grantPackName: 'Granted by the operator: {{quantity}}',
    membershipName: '{{level}} membership, {{term}}',
    upgradeName: 'Upgrade to {{level}} membership, {{term}}',
    terms: { one: '1 month', other: '{{months}} months' },
    levels: { 0: 'Free', 1: 'Starter', 2: 'Basic', 3: 'Professional' },
    // OFFERS-INVOICES: the ledger's names, the membership-ended mail and the invoice PDF.
    packInvoiceLine: '{{quantity}} e-mails of sending volume, valid {{days}} days',
    expiryMail: {
      subject: 'The membership of the store "{{shop}}" has ended',
      body: 'The {{level}} membership of the store "{{shop}}" ended on {{date}} (UTC). Membership features are off; sending volume you bought is not affected.',
      action: 'To use membership features again, buy a membership on the membership page: {{url}}',
    },
    invoicePdf: {
      title: 'Invoice',
      number: 'Invoice number',
      issued: 'Issue date',
      seller: 'Seller',
      billedTo: 'Billed to',
      homepage: 'Homepage',
      currency: 'Currency',
      item: 'Item',
      amount: 'Amount',
      total: 'Total',
      paidBy: 'Paid by',
      paidByCard: '{{brand}} ending in {{last4}}',
      support: 'Contact',
    },
    mail: {
      renewFailedSubject: 'Auto-renewal failed: {{item}}',
      renewFailedBody: 'The auto-renewal charge of {{amount}} for "{{item}}" of the store "{{shop}}" did not go through: {{reason}}',
      renewRetry: 'We will try again in a day (attempt {{attempt}} of {{max}}). Please check or replace the card on the billing page.',
      renewGaveUp: 'After {{max}} attempts it will not renew automatically. Please buy it on the billing page.',
      cardExpiringSubject: "The store's credit card expires soon",
      cardExpiringBody: 'The {{brand}} card ending in {{last4}} saved for the store "{{shop}}" expires at the end of {{month}}/{{year}}. Replace it on the billing page so that auto-renewals keep working.',
    },
  },
};
