import type { Messages } from '../types.ts';
import type * as zh from '../zh-CN/api.ts';

/** API tokens and the ingest API. */
export const apiErrors: Messages<typeof zh.apiErrors> = {
  apiToken: {
    nameRequired: 'Please name the token.',
    invalid: 'The API token is missing, wrong or revoked.',
  },
  ingest: {
    contactRequired: 'An e-mail address or a phone number is needed.',
    badEmail: 'Invalid e-mail address.',
    badPhone: 'Invalid phone number.',
    unknownSubscriber: 'No subscriber matches this e-mail address or customer id.',
    badCurrency: 'Unknown currency; use an ISO 4217 code such as USD.',
    priceRequired: 'A product without variants needs a price.',
  },
};
