import type { Messages } from '../types.ts';
import type * as zh from '../zh-CN/account.ts';

/** Accounts: sign-up, sign-in, verification codes, passwords and the login e-mail or phone. */
export const accountErrors: Messages<typeof zh.accountErrors> = {
  account: {
    format: 'Account format is not correct.',
  },
  mobile: {
    format: 'Phone number format is not correct.',
  },
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
};

export const accountNotices: Messages<typeof zh.accountNotices> = {
  code: {
    sent: 'Verification code has been sent.',
  },
  password: {
    changed: 'Password changed.',
  },
  login: {
    emailChanged: 'Login email changed successfully, please login again.',
  },
  signUp: {
    codeSent: 'We sent a 6-digit code to {{email}}. Enter it to finish signing up. If this address already has an account, the email tells you how to sign in instead.',
    mail: {
      subject: 'Your Storecast sign-up code: {{code}}',
      intro: 'Use this code to finish creating your Storecast account for {{email}}:',
      expiry: 'The code expires in {{minutes}} minutes.',
      ignore: 'If you did not try to sign up, ignore this email; no account is created without the code.',
    },
    notice: {
      subject: 'Someone tried to sign up to Storecast with your email',
      intro: 'Someone just tried to create a new Storecast account with {{email}}, which already has an account.',
      ifYou: 'If it was you, sign in with your password instead, or by an SMS code if you linked a phone to your account.',
      ifNot: 'If it was not you, you can ignore this email: nothing has changed on your account.',
    },
    phoneSms: 'Your Storecast code to link this phone is {{code}}. It expires in {{minutes}} minutes.',
    phoneLinked: 'Phone number linked.',
  },
};
