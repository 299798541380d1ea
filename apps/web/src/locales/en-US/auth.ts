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
    mobilePlaceholder: '+14155550100',
    code: 'Verification code',
  },
  code: {
    send: 'Send code',
    resendIn: 'Resend in {{seconds}} s',
    resend: 'Resend code',
  },
  login: {
    title: 'Log in',
    byPassword: 'Password',
    byCode: 'Verification code',
    submit: 'Log in',
    noAccount: 'No account yet?',
    codeHint: 'Signing in by code needs a phone linked to your account: sign in with your password first and link one on the Account page.',
  },
  register: {
    title: 'Sign up',
    agree: 'I have read and agree to the Terms of Service and the Anti-spam Policy',
    submit: 'Sign up',
    haveAccount: 'Already have an account?',
    codeTitle: 'Enter the e-mail code',
    codeSentTo: 'We sent a 6-digit code to {{email}}; it expires in 10 minutes. If this address already has an account, the e-mail tells you how to sign in instead.',
    codeSubmit: 'Finish sign-up',
    changeAddress: 'Use another address',
  },
};
