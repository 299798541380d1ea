import { z } from 'zod';
import { currentPasswordSchema, emailSchema, mobileSchema, passwordSchema, verifyCodeSchema } from '../rules/account.ts';
import { defineRoute } from './define-route.ts';
import { sessionUserSchema } from './session-user.ts';

const tokenData = z.object({ token: z.string() });
const codeSentData = z.object({ resend_after: z.number().int(), expires_in: z.number().int() });

export const registerBody = z
  .object({
    account: emailSchema,
    password: passwordSchema,
    confirm_password: z.string().max(200, { error: 'errors.password.mismatch' }).optional(),
    agree_terms: z.literal(true, { error: 'errors.register.mustAgree' }),
  })
  .refine((b) => b.confirm_password === undefined || b.confirm_password === b.password, {
    error: 'errors.password.mismatch',
    path: ['confirm_password'],
  });

export const loginBody = z.discriminatedUnion(
  'login_method',
  [
    z.object({
      login_method: z.literal('password'),
      account: emailSchema,
      password: currentPasswordSchema,
    }),
    z.object({
      login_method: z.literal('code'),
      mobile: mobileSchema,
      verify_code: verifyCodeSchema,
    }),
  ],
  { error: 'errors.login.method' },
);

export const modifyPasswordBody = z
  .object({
    old_password: currentPasswordSchema,
    new_password: passwordSchema,
    confirm_password: currentPasswordSchema,
  })
  .refine((b) => b.new_password === b.confirm_password, {
    error: 'errors.password.mismatch',
    path: ['confirm_password'],
  });

export const authRoutes = {
  register: defineRoute({
    method: 'POST', path: '/shop-manager/register', access: 'public', tag: 'auth',
    summary: 'Start a sign-up: mails a 6-digit code to the address; answers alike whether or not it has an account',
    body: registerBody, data: codeSentData,
  }),
  registerConfirm: defineRoute({
    method: 'POST', path: '/shop-manager/register/confirm', access: 'public', tag: 'auth',
    summary: 'Finish a sign-up with the mailed code: creates the account; the new session has no store yet',
    body: z.object({ account: emailSchema, verify_code: verifyCodeSchema }), data: tokenData,
  }),
  login: defineRoute({
    method: 'POST', path: '/shop-manager/login', access: 'public', tag: 'auth',
    summary: 'Sign in by account and password, or by phone and verification code',
    body: loginBody, data: tokenData,
  }),
  sendVerifyCode: defineRoute({
    method: 'POST', path: '/shop-manager/send-verify-code', access: 'public', tag: 'auth',
    summary: 'Send a 6-digit sign-in code by SMS; resend allowed after the countdown',
    body: z.object({ mobile: mobileSchema }),
    data: codeSentData,
  }),
  sendBindCode: defineRoute({
    method: 'POST', path: '/shop-manager/send-bind-code', access: 'user', tag: 'auth',
    summary: 'Send a code to link a phone to the session user; answers alike whether or not another account uses the number',
    body: z.object({ mobile: mobileSchema }),
    data: codeSentData,
  }),
  modifyMobile: defineRoute({
    method: 'POST', path: '/shop-manager/modify-mobile', access: 'user', tag: 'auth',
    summary: "Link the phone proven by its code to the session user's account",
    body: z.object({ mobile: mobileSchema, verify_code: verifyCodeSchema }),
    data: z.null(),
  }),
  info: defineRoute({
    method: 'GET', path: '/shop-manager/info', access: 'user', tag: 'auth',
    summary: 'The session user (SPEC section 3); token by query or Authorization header',
    query: z.object({ token: z.string().max(200).optional() }), data: sessionUserSchema,
  }),
  logout: defineRoute({
    method: 'POST', path: '/shop-manager/login-out', access: 'user', tag: 'auth',
    summary: 'Revoke the current session', data: z.null(),
  }),
  modifyPassword: defineRoute({
    method: 'POST', path: '/shop-manager/modify-password', access: 'user', tag: 'auth',
    summary: 'Change the password; every session of the user is revoked, a new token returned',
    body: modifyPasswordBody, data: tokenData,
  }),
  modifyEmail: defineRoute({
    method: 'POST', path: '/shop-manager/modify-email', access: 'user', tag: 'auth',
    summary: 'Change the login e-mail; every session is revoked and the user signs in again',
    body: z.object({ email: emailSchema, password: currentPasswordSchema }),
    data: z.null(),
  }),
} as const;
