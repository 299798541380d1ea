import type { Messages } from '../types.ts';
import type * as zh from '../zh-CN/storefront.ts';

/** The storefront script's public routes: sign-ups, events and the double opt-in mail and page. */
export const storefrontErrors: Messages<typeof zh.storefrontErrors> = {
  storefront: {
    key: 'The store\'s public key is not valid.',
    unknownKey: 'No store has this public key.',
    origin: 'This website may not use this store\'s pop-ups.',
    visitor: 'The visitor id is not valid.',
    popupUnavailable: 'This pop-up is closed.',
    consentRequired: 'Tick the box to agree to receive marketing messages.',
    contactRequired: 'Enter your e-mail address or phone number.',
    emailRequired: 'Enter your e-mail address.',
    phoneRequired: 'Enter your phone number.',
    emailInvalid: 'The e-mail address is not valid.',
    phoneInvalid: 'The phone number is not valid.',
    tooMany: 'Too many requests; try again shortly.',
  },
};

export const storefrontNotices: Messages<typeof zh.storefrontNotices> = {
  storefront: {
    confirmSubject: 'Please confirm your subscription',
    confirmBody: 'Click the button below to confirm your subscription to {{store}}. If this was not you, ignore this mail.',
    confirmButton: 'Confirm subscription',
    confirmedTitle: 'You are subscribed',
    confirmedBody: 'Thank you for subscribing to {{store}}.',
    confirmExpired: 'This confirmation link is not valid or has expired.',
    couponLabel: 'Your coupon code: {{code}}',
    pageTitle: 'Confirm your subscription',
  },
};
