import type { Messages } from '../types.ts';
import type * as zh from '../zh-CN/audience.ts';

/** Segments, tags and subscribers. */
export const audienceErrors: Messages<typeof zh.audienceErrors> = {
  segment: {
    nameRequired: 'Segment name can not be empty.',
    nameTooLong: 'Segment name is too long, limit 16 characters.',
    incomplete: 'Please complete the condition.',
    number: 'Please enter a valid number.',
    noConditions: 'Add at least one condition.',
    systemReadonly: 'System recommended groups cannot be added.',
    nameTaken: 'A segment with this name already exists.',
  },
  tag: {
    nameTaken: 'A tag with this name already exists.',
    required: 'Choose a tag.',
    notFound: 'The tag does not exist.',
    nameRequired: 'Tag name can not be empty.',
    nameTooLong: 'Tag name is too long, limit 16 characters.',
  },
  subscriber: {
    contactRequired: 'Enter an e-mail address or a phone number.',
    emailTaken: 'A subscriber with this e-mail address already exists.',
    chooseSome: 'Choose subscribers or a filter.',
  },
};

export const audienceNotices: Messages<typeof zh.audienceNotices> = {
  segment: {
    /** Names of the system recommended groups, shown as segment names. */
    systemGroup: {
      active: 'Active subscribers',
      loyal: 'Loyal buyers',
      recentBuyers: 'Bought in 30 days',
      neverPurchased: 'Never purchased',
      inactive: 'Inactive 180 days',
    },
  },
};
