import type { Messages } from '../types.ts';
import type * as zh from '../zh-CN/popup.ts';

/** Pop-ups, the pop-up centre and its templates. */
export const popupErrors: Messages<typeof zh.popupErrors> = {
  popup: {
    nameRequired: 'Enter the pop-up name.',
    nameTooLong: 'The name is at most 50 characters.',
    titleRequired: 'Enter the title.',
    titleTooLong: 'The title is at most 80 characters.',
    bodyTooLong: 'The text is at most 300 characters.',
    placeholderTooLong: 'A field hint is at most 60 characters.',
    buttonRequired: 'Enter the button text.',
    buttonTooLong: 'The button text is at most 30 characters.',
    consentRequired: 'Enter the consent wording.',
    consentTooLong: 'The consent wording is at most 500 characters.',
    successRequired: 'Enter the title shown after a sign-up.',
    successTooLong: 'The text shown after a sign-up is at most 200 characters.',
    imageUrl: 'The image link must start with http:// or https://.',
    color: 'A colour must look like #RRGGBB.',
    pageNameRequired: 'Enter the page name.',
    pageNameTooLong: 'The page name is at most 10 characters.',
    pageValueRequired: 'Enter the page link rule.',
    pageValueTooLong: 'The page link rule is at most 300 characters.',
    tooManyPages: 'At most 20 page rules.',
    delaySeconds: 'The delay must be a whole number of seconds from 1 to 3600.',
    scrollPercent: 'The scroll distance must be a positive whole number below 100.',
    pageViews: 'The page count must be a whole number from 1 to 100.',
    daysSinceOrder: 'Days since the last order must be a positive whole number.',
    frequency: 'The frequency must be a positive whole number.',
    schedule: 'Choose a valid date and time.',
    scheduleOrder: 'The end must be after the start.',
    sort: 'The sort value must be 0 or a positive whole number.',
    notFound: 'The pop-up does not exist.',
    templateNotFound: 'The template does not exist.',
    couponNotFound: 'The chosen coupon no longer exists; choose another.',
    tooMany: 'The pop-up centre holds at most 50 pop-ups.',
    internalOnly: 'Only internal stores can manage pop-up templates.',
  },
};

export const popupNotices: Messages<typeof zh.popupNotices> = {
  popup: {
    defaultName: 'Subscription pop-up',
    sourceName: 'Pop-up',
  },
};
