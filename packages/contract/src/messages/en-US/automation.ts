import type { Messages } from '../types.ts';
import type * as zh from '../zh-CN/automation.ts';

/** Smart Send: flows, their switches, steps, AI strategy management. SPEC section 8 wording where SPEC lists it. */
export const automationErrors: Messages<typeof zh.automationErrors> = {
  automation: {
    notFound: 'The flow does not exist.',
    senderEmailNotVerified: "You have not verified the sender's email address, so you cannot enable Smart Send.",
    senderDomainNotVerified: "You have not verified the sender's domain, so you cannot enable Smart Send.",
    stepKeyInvalid: 'A step key may hold only lower-case letters, digits and hyphens, up to 24 characters.',
    stepKeyRepeated: 'Two steps of the flow have the same key.',
    tooManySteps: 'A flow can have at most 30 steps.',
    tooDeep: 'Splits can be nested at most 3 deep.',
    waitInvalid: 'A wait must be a whole number between 1 minute and 90 days.',
    smsTooLong: 'The SMS text is too long, limit 670 characters.',
    smsTextRequired: 'Enter the SMS text.',
    emailIncomplete: 'The email step "{{step}}" has no subject or no content.',
    noSteps: 'A flow needs at least one email or SMS step.',
    couponNotFound: 'The coupon preset of the email step "{{step}}" does not exist.',
    winBackDaysInvalid: 'Days without an order must be between 14 and 365.',
  },
};

export const automationNotices: Messages<typeof zh.automationNotices> = {
  automation: {
    enabled: 'The flow is on.',
    disabled: 'The flow is off; runs in progress send nothing more.',
    published: 'Published. New runs follow the new version; runs in progress finish on the version they entered.',
  },
};
