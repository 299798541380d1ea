import type { Messages } from '../types.ts';
import type * as zh from '../zh-CN/access.ts';

/** Owners and managers (SPEC sections 5 and 6). */
export const accessErrors: Messages<typeof zh.accessErrors> = {
  access: {
    emailRequired: 'Please enter the management email.',
    ownerOnly: 'Only the store owner can do this.',
    notOwner: 'You do not own every store chosen.',
    selfInvite: 'You cannot invite yourself.',
    inviteInvalid: 'This invitation link is invalid or has expired.',
    inviteOtherEmail: 'This invitation is for {{email}}. Sign in with that address to accept it.',
    notMember: 'This user is not a member of the chosen store.',
    ownerCannotRevoke: "A store's owner cannot be revoked; transfer the store first.",
    invitationNotFound: 'This invitation does not exist or has been handled.',
  },
};

export const accessNotices: Messages<typeof zh.accessNotices> = {
  access: {
    invited: 'Invitation sent to {{email}}.',
    canceled: 'Invitation withdrawn.',
    revoked: 'Their management was revoked.',
    transferred: 'The store was transferred.',
    accepted: 'You now manage the store.',
    mail: {
      subject: '{{inviter}} invites you to manage stores on Storecast',
      intro: '{{inviter}} invites you to manage these stores on Storecast: {{stores}}.',
      action: 'Accept the invitation',
      account: 'Sign in with {{email}} (or sign up with it first) to accept.',
      expiry: 'The link works once, within {{days}} days.',
      ignore: 'If you do not know who invited you, ignore this e-mail.',
    },
  },
};
