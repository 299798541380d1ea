import type { Messages } from '../types.ts';
import type * as zh from '../zh-CN/sender.ts';

/** The sender e-mail and sender domain: form rules, refusals, the verification mail and the page its link opens. */
export const senderErrors: Messages<typeof zh.senderErrors> = {
  sender: {
    emailRequired: 'Please enter the sender email.',
    emailFormat: 'Email format is not correct.',
    nameRequired: 'Please enter the sender name.',
    nameTooLong: 'The sender name can be at most 64 characters.',
    domainMismatch: 'The sender email domain differs from the homepage domain ({{domain}}). Please use an address of your store domain.',
    none: 'Please add the sender email first.',
    resendWait: 'Please wait {{seconds}} s before sending another verification email.',
    alreadyVerified: 'This sender email is already verified.',
    mailFailed: 'The verification email could not be sent. Please try again later.',
    notVerifiedYet: 'Please verify the sender email first.',
  },
};

export const senderNotices: Messages<typeof zh.senderNotices> = {
  sender: {
    sent: 'Verification email sent, please check the inbox.',
    saved: 'Sender saved.',
    domainVerified: 'Sender domain verified.',
    mail: {
      subject: 'Verify your sender email for {{store}}',
      intro: 'Please confirm that {{email}} may send marketing emails for {{store}}.',
      button: 'Verify sender email',
      expiry: 'The link is valid for {{hours}} hours.',
      ignore: 'If you did not ask for this, ignore this email.',
    },
    page: {
      title: 'Sender email verification',
      verified: 'The sender email {{email}} is verified. You can close this page.',
      expired: 'This verification link has expired. Please send a new one from the sender settings.',
      invalid: 'This verification link is no longer valid: it has been used already or replaced by a newer one.',
      question: 'Confirm that {{email}} may send marketing emails for {{store}}.',
      confirm: 'Verify sender email',
      back: 'Open sender settings',
    },
    domainNotVerified: 'Some DNS records are missing or wrong. DNS changes can take a while to appear; try again later.',
  },
};
