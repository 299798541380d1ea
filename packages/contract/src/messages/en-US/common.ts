import type { Messages } from '../types.ts';
import type * as zh from '../zh-CN/common.ts';

/** Messages every form and route shares (schema rules, limits, transport errors). */
export const commonErrors: Messages<typeof zh.commonErrors> = {
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
    bodyNotAccepted: 'The request body is not accepted: send a JSON object.',
  },
};
