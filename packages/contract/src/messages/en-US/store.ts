import type { Messages } from '../types.ts';
import type * as zh from '../zh-CN/store.ts';

/** The store record and who may manage it. */
export const storeErrors: Messages<typeof zh.storeErrors> = {
  store: {
    nameRequired: 'Store name can not be empty.',
    nameTooLong: 'Store name is too long, limit 30 characters.',
    homepageFormat: 'The link to the store homepage format error.',
    currencyRequired: 'Please choose a currency.',
    timezoneInvalid: 'Please choose a valid time zone.',
    addressTooLong: 'The postal address is too long, limit 300 characters.',
    languageInvalid: 'Please choose the language the store writes to shoppers in.',
    choose: 'Please choose a store.',
    notMember: 'You do not manage this store.',
    notConnected: 'The current authorization has not been completed.',
    platformNotConfigured: 'This server has no app on that store platform, so its stores cannot be connected here.',
  },
};
