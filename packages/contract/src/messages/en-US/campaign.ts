import type { Messages } from '../types.ts';
import type * as zh from '../zh-CN/campaign.ts';

/** The campaign centre (/custom): campaigns, their offers (SPEC 5) and lucky draws. */
export const campaignErrors: Messages<typeof zh.campaignErrors> = {
  campaign: {
    nameRequired: 'Enter the campaign name.',
    nameTooLong: 'The campaign name is at most 50 characters.',
    form: 'This campaign type does not have the chosen form.',
    giftMode: 'Choose how the gift is given.',
    offerValue: 'The offer value must be a whole number from 1 to 99.',
    amount: 'An amount must be positive, with at most 2 decimals.',
    offerBelowOrder: 'The offer amount must be below the order amount.',
    giftPriceAbove: 'The gift price must be above the assigned gift price.',
    thresholdsNotSet: 'Campaign thresholds are not set.',
    tooManyTiers: 'At most 10 thresholds.',
    window: 'Set a valid campaign time: the start must be before the end.',
    color: 'A colour must look like #RRGGBB.',
    link: 'The link must start with http:// or https://.',
    couponNotFound: 'The chosen coupon does not exist; choose it again.',
    labelRequired: 'Enter the prize name.',
    labelTooLong: 'A name is at most 40 characters.',
    probability: 'A probability must be from 0 to 100, with at most 2 decimals.',
    probabilitySum: 'The prizes\' probabilities must add up to 100%.',
    stock: 'A prize\'s stock must be a whole number from 0 to 1,000,000.',
    prizesCount: 'A draw needs 2 to 12 prizes.',
    drawRequired: 'Set the prizes of the draw.',
    drawOnlyForDraws: 'Only a lucky draw has prizes.',
    notFound: 'The campaign does not exist.',
    modeRequired: 'This campaign is enabled: choose to update the current one or save as new.',
    notEditable: 'An archived or closed campaign cannot be changed.',
    transition: 'The campaign\'s state does not allow this.',
    tooMany: 'The store has the most campaigns it may keep.',
    notRunning: 'This campaign is not running.',
    identityRequired: 'Enter the e-mail address or phone number the draw asks for.',
    alreadyDrawn: 'You have already played this draw.',
    promoterNotFound: 'A chosen send or flow no longer exists; choose again.',
    closedPromoters: 'A closed campaign cannot be promoted.',
  },
  campaignLink: {
    urlRequired: 'Enter the page the link opens.',
    urlInvalid: 'Enter a full link starting with http:// or https://.',
    foreignHost: 'The link must open a page of the store\'s own domain: {{hosts}}.',
    noStoreDomain: 'The store has no homepage yet: add it in the store info first.',
    utmRequired: 'Fill in this UTM parameter.',
    controlCharacters: 'Line breaks, tabs and other control characters are not allowed.',
    notFound: 'This link does not exist or was deleted.',
    tooMany: 'The store has the most links it may keep: delete some it no longer uses first.',
  },
};

export const campaignNotices: Messages<typeof zh.campaignNotices> = {
  campaign: {
    couponNotModified: 'The coupon information was not modified: coupon {{code}} still takes {{discount}}% off, not the campaign\'s {{offer}}%.',
    noPrize: 'Thanks for playing',
    prizeSubject: 'You won {{prize}} at {{store}}',
    prizeHeadline: 'Congratulations! You won {{prize}} in {{campaign}}.',
    prizeCode: 'Your coupon code',
    prizeCodeHint: 'Enter the code at checkout on {{store}}.',
    prizeGiftHint: 'Keep this mail: {{store}} will ask for it when you collect your prize.',
    prizeShop: 'Visit {{store}}',
    prizeWhy: 'You received this mail because this address played a lucky draw at {{store}}. If this was not you, ignore it.',
  },
};
