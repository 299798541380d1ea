import type { Messages } from '../types.ts';
import type * as zh from '../zh-CN/account.ts';

export const account: Messages<typeof zh.account> = {
  title: 'Account',
  card: { title: 'Credit card' },
  billing: { title: 'Billing' },
  access: { title: 'Access management', inviteTitle: 'Management invitation' },
  shop: {
    title: 'Stores',
    intro: 'Stores you own or manage. After switching, every page shows the chosen store.',
    add: 'Add a store',
    domain: 'Store domain',
    current: 'Current store',
    switch: 'Switch',
    switched: 'Store switched.',
  },
  user: {
    title: 'Profile',
    changePassword: 'Change password',
    oldPassword: 'Current password',
    newPassword: 'New password',
    confirmPassword: 'Confirm new password',
    changeEmail: 'Change login e-mail',
    currentEmail: 'Current login e-mail',
    newEmail: 'New e-mail',
    passwordToConfirm: 'Current password',
    phone: 'Phone number',
    phoneIntro: 'A linked phone lets you sign in with an SMS code. Codes are sent only to numbers no other account uses.',
    currentPhone: 'Current phone number',
    noPhone: 'None linked',
    newPhone: 'New phone number',
    linkPhone: 'Link phone',
    changePhone: 'Change phone',
  },
};
