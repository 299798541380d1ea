import type { Messages } from '../types.ts';
import type * as zh from '../zh-CN/element.ts';

/** The product catalogue and Element Send (SPEC sections 4, 5 and 8, whose wording is kept). */
export const elementErrors: Messages<typeof zh.elementErrors> = {
  catalogue: {
    refRequired: 'Enter a product ID or handle.',
    oneAtATime: 'Search one product ID or handle at a time.',
    notFound: 'Product ID/Handle not found.',
    notInCatalogue: "Product {{id}} is not in this store's catalogue.",
    blockedFull: 'The blocked-product list holds at most {{max}} products; remove some first.',
  },
  element: {
    notFound: 'The Element Send does not exist.',
    disabled: 'Element Send is not available for this store.',
    sixProducts: 'Element Send needs exactly 6 products.',
    onlyNum: 'Only {{num}} product can be added.',
    duplicate: 'This product already exists.',
    queryTimeout: 'The No.{{num}} product query timeout.',
    productGone: 'The No.{{num}} product is no longer in the catalogue; change it.',
    productBlocked: 'This product is on the blocked-product list and is never promoted.',
    slotBlocked: 'The No.{{num}} product is on the blocked-product list; change it.',
    matchFailed: 'Element matching failed ({{done}}/{{total}}), retry or change products.',
    matchingZero: 'Matching email cannot be 0.',
    notMatched: 'Match the six products before sending.',
    stillMatching: 'The products are still being matched; wait for it to finish.',
    nothingToRetry: 'No product failed, so there is nothing to retry.',
    notEditable: 'The products of an Element Send that has been sent cannot be changed.',
    noProductBlock: "The e-mail needs a product block that shows the shopper's product.",
  },
};

export const elementNotices: Messages<typeof zh.elementNotices> = {
  element: {
    matchDone: 'All 6 products are matched: {{count}} shoppers in all.',
    defaultName: 'Element Send {{date}}',
  },
};
