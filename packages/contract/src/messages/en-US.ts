/**
 * Messages the server and the forms share, in English. Wording of SPEC section 8 is kept where
 * SPEC lists the message. Placeholders use the {{name}} form of i18next.
 */
import { brandMessages } from './brand.ts';
import { contentMessages } from './content.ts';
import { senderMessages } from './sender.ts';
import { strategyMessages } from './strategy.ts';

export const errorsEnUS = {
  ...contentMessages.en,
  ...senderMessages.en,
  ...strategyMessages.en,
  ...brandMessages.en,
  account: { format: 'Account format is not correct.' },
  mobile: { format: 'Phone number format is not correct.', unknown: 'No account uses this phone number.', taken: 'This phone number is already used by another account.' },
  code: {
    format: 'The verification code is 6 digits.',
    wrong: 'The verification code is wrong.',
    expired: 'The verification code has expired, please get a new one.',
    tooManyTries: 'Too many wrong tries, please get a new code.',
    wait: 'Please wait {{seconds}} seconds before asking for another code.',
  },
  password: {
    rule: 'Password must be 8-16 characters with at least one letter and one digit.',
    required: 'Please enter the password.',
    mismatch: 'The two new passwords are not the same.',
    oldWrong: 'The current password is wrong.',
  },
  register: {
    mustAgree: 'Please agree to the terms of service and the anti-spam policy.',
    accountTaken: 'This account is already registered.',
  },
  login: {
    method: 'Choose password or verification code to sign in.',
    failed: 'The account or password is wrong.',
    verifyFailed: 'Verification failed, please Login again.',
    changed: 'Login information has changed, please refresh the page.',
  },
  store: {
    nameRequired: 'Store name can not be empty.',
    nameTooLong: 'Store name is too long, limit 30 characters.',
    homepageFormat: 'The link to the store homepage format error.',
    currencyRequired: 'Please choose a currency.',
    timezoneInvalid: 'Please choose a valid time zone.',
    addressTooLong: 'The postal address is too long, limit 300 characters.',
    choose: 'Please choose a store.',
    notMember: 'You do not manage this store.',
    notConnected: 'The current authorization has not been completed.',
  },
  segment: {
    nameRequired: 'Segment name can not be empty.',
    nameTooLong: 'Segment name is too long, limit 16 characters.',
    incomplete: 'Please complete the condition.',
    number: 'Please enter a valid number.',
    noConditions: 'Add at least one condition.',
    systemReadonly: 'System recommended groups cannot be added.',
    nameTaken: 'A segment with this name already exists.',
    /** Names of the system recommended groups. */
    systemGroup: {
      active: 'Active subscribers',
      loyal: 'Loyal buyers',
      recentBuyers: 'Bought in 30 days',
      neverPurchased: 'Never purchased',
      inactive: 'Inactive 180 days',
    },
  },
  tag: {
    nameTaken: 'A tag with this name already exists.', required: 'Choose a tag.', notFound: 'The tag does not exist.',
    nameRequired: 'Tag name can not be empty.', nameTooLong: 'Tag name is too long, limit 16 characters.',
  },
  subscriber: {
    contactRequired: 'Enter an e-mail address or a phone number.',
    emailTaken: 'A subscriber with this e-mail address already exists.',
    chooseSome: 'Choose subscribers or a filter.',
  },
  import: {
    fileType: 'Only xls, xlsx, ods or csv files can be imported.',
    fileSize: 'The file must be smaller than 15 MB.',
    empty: 'The file has no rows to import.',
    unreadable: 'The file could not be read. Please save it again as xlsx or csv and retry.',
    uploadGone: 'The uploaded file has expired, please upload it again.',
    noContactColumn: 'Map a column to e-mail or phone.',
    badEmail: 'Invalid e-mail address',
    badPhone: 'Invalid phone number',
    noContact: 'No e-mail address or phone number',
    duplicate: 'Same e-mail address as an earlier row',
    badDate: 'Invalid date',
    badStatus: 'Unknown status',
    duplicatePhone: 'Same phone number as an earlier row',
    badTag: 'Tag name is longer than 16 characters',
    busy: 'An import is already in progress, please wait for it to finish.',
    reportRow: 'Row',
    reportReason: 'Reason',
    tooLarge: 'The spreadsheet is too large to import: at most 500,000 rows, 2,000,000 cells and 100 MB unpacked. Save it as CSV (no row limit) or split it.',
    tooManyColumns: 'The file has more than 200 columns. Remove the columns you do not need and upload it again.',
    cellTooLong: 'A cell holds more than 32,767 characters, more than a spreadsheet cell can. Check the file and upload it again.',
    unclosedQuote: 'A quoted field is never closed: a quote mark (") is missing in the file. Fix it and upload it again.',
  },
  export: { range: "Export time can't exceed 31 days." },
  apiToken: { nameRequired: 'Please name the token.', invalid: 'The API token is missing, wrong or revoked.' },
  ingest: {
    contactRequired: 'An e-mail address or a phone number is needed.',
    badEmail: 'Invalid e-mail address.',
    badPhone: 'Invalid phone number.',
    unknownSubscriber: 'No subscriber matches this e-mail address or customer id.',
  },
  common: {
    invalid: 'Some fields are not valid.',
    notFound: 'Not found.',
    tooMany: 'Too many requests, please try again later.',
    internal: 'Something went wrong on our side, please try again later.',
    network: 'Network error, please check your connection.',
    required: 'This field is required.',
    wrongType: 'This value has the wrong type.',
    notInteger: 'Please enter a whole number.',
    tooLong: 'At most {{max}} characters.',
    tooShort: 'At least {{min}} characters.',
    tooLarge: 'The value must be at most {{max}}.',
    tooSmall: 'The value must be at least {{min}}.',
    aboveOnly: 'The value must be greater than {{min}}.',
    tooManyItems: 'At most {{max}} items.',
    tooFewItems: 'At least {{min}} item(s).',
    choose: 'Please choose one of the allowed values.',
    format: 'The format is not correct.',
    badCharacters: 'Contains characters that cannot be saved (a NUL or a broken Unicode character).',
    tooDeep: 'The request is nested too deeply.',
    uriTooLong: 'The request address is too long.',
    bodyTooLarge: 'The request is too large.',
  },
} as const;

type Widen<T> = { [K in keyof T]: T[K] extends string ? string : Widen<T[K]> };
export type ErrorCatalogue = Widen<typeof errorsEnUS>;

/** The notices of this language, for the admin's language chunk (it imports this file only). */
export { noticesEnUS } from './notices.ts';
