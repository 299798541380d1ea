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
    claimInvalid: 'This connection link has expired or was already used. Please install the app again from your store platform\'s admin.',
    platformLinked: 'This platform store is already connected to another store here.',
    platformUnavailable: 'The store platform cannot be reached right now, please try again later.',
    shopDomainFormat: 'Please enter the store\'s Shopify domain, such as tea.myshopify.com.',
    tokenFormat: 'The access token format is not correct.',
    tokensNotShopify: 'Shopify access tokens can be saved only for a Shopify or custom store.',
  },
};
