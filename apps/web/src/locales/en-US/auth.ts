import type { Messages } from '../types.ts';
import type * as zh from '../zh-CN/auth.ts';

export const auth: Messages<typeof zh.auth> = {
  tagline: 'Email and SMS marketing for online stores',
  fields: {
    account: 'Account (e-mail)',
    accountPlaceholder: 'name@example.com',
    password: 'Password',
    passwordHint: '8-16 characters with at least one letter and one digit',
    confirmPassword: 'Confirm password',
    mobile: 'Phone number',
    mobileOptional: 'Phone number (optional)',
    mobileHint: 'Lets you sign in with a verification code',
    mobilePlaceholder: '+14155550100',
    code: 'Verification code',
  },
  code: {
    send: 'Send code',
    resendIn: 'Resend in {{seconds}} s',
  },
  login: {
    title: 'Log in',
    byPassword: 'Password',
    byCode: 'Verification code',
    submit: 'Log in',
    noAccount: 'No account yet?',
  },
  register: {
    title: 'Sign up',
    agree: 'I have read and agree to the Terms of Service and the Anti-spam Policy',
    submit: 'Sign up',
    haveAccount: 'Already have an account?',
  },
};
