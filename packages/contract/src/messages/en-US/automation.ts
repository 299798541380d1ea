import type { Messages } from '../types.ts';
import type * as zh from '../zh-CN/automation.ts';

/** Smart Send: flows, their switches, steps, AI strategy management. SPEC section 8 wording where SPEC lists it. */
export const automationErrors: Messages<typeof zh.automationErrors> = {
  automation: {
    notFound: 'The flow does not exist.',
    smsSignatureInvalid: 'The request is not signed by the SMS provider.',
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
    ai: {
      enabled: 'AI strategy management turned this flow on and wrote its messages.',
      keptOff: 'AI strategy management wrote the messages of this flow but left it off: {{why}}',
      blocked: 'AI strategy management prepared this flow but could not turn it on: {{why}}',
      ownerEdited: 'You edited this flow after AI last changed it, so AI leaves it as it is.',
      stayedOn: 'AI strategy management updated the messages of this flow; it stays on.',
      welcome: 'Every store gains new subscribers; {{count}} are subscribed now.',
      cartYes: 'The storefront recorded {{count}} add-to-cart events in the last 90 days, so shoppers who did not buy can be reminded.',
      cartNo: 'No add-to-cart events have arrived from the storefront yet.',
      browseYes: 'The storefront recorded {{count}} product views in the last 90 days, so interested shoppers can be reminded.',
      browseNo: 'No product views have arrived from the storefront yet.',
      checkoutYes: 'The storefront recorded {{count}} started checkouts in the last 90 days, so shoppers who did not finish can be reminded.',
      checkoutNo: 'No checkout events have arrived from the storefront yet.',
      ordersYes: 'The store has {{count}} orders, so buyers can be thanked and brought back.',
      ordersNo: 'The store has no orders yet.',
      birthdayYes: '{{count}} subscribers have a birthday on record.',
      birthdayNo: 'No subscriber has a birthday on record yet.',
      waitEngaged: 'Most of your subscribers are active ({{share}}% at level S or A), so an earlier reminder gets answered.',
      waitUsual: 'A reminder a few hours after leaving comes while the purchase is still on their mind, without rushing them.',
      winBack: 'Most repeat orders come within two months; {{days}} days without one is the time for a reminder.',
      coupon: 'The preset nearest 15% off was chosen (never above 30%): enough to win a hesitant buyer without teaching the list to wait for discounts.',
      noCoupon: 'The store has no coupon preset of at most 30% off, so the messages offer none.',
      copyBuiltIn: 'The messages were written in English by the built-in writer.',
      copyAi: 'The messages were written in English by AI.',
      on: 'on',
      off: 'off',
      hours: '{{n}} hours',
      days: '{{n}} days',
      minutes: '{{n}} minutes',
      none: 'none',
    },
  },
};
