import { signUpMessages } from './sign-up.ts';

/**
 * Messages that report success or carry content (mail and SMS texts), kept apart from the
 * `errors` catalogue so a reader of a key knows whether something went wrong. Wording of SPEC
 * section 8 is kept where SPEC lists the message.
 */
export const noticesEnUS = {
  ...signUpMessages.en,
  code: { sent: 'Verification code has been sent.' },
  password: { changed: 'Password changed.' },
  login: { emailChanged: 'Login email changed successfully, please login again.' },
  sender: { sent: 'Verification email sent, please check the inbox.', saved: 'Sender saved.', domainVerified: 'Sender domain verified.' },
} as const;

type Widen<T> = { [K in keyof T]: T[K] extends string ? string : Widen<T[K]> };
export type NoticeCatalogue = Widen<typeof noticesEnUS>;

export const noticesZhCN: NoticeCatalogue = {
  ...signUpMessages.zh,
  code: { sent: '验证码已发送。' },
  password: { changed: '密码已修改。' },
  login: { emailChanged: '登录邮箱修改成功，请重新登录。' },
  sender: { sent: '验证邮件已发送，请查收。', saved: '发件人已保存。', domainVerified: '发件域名已验证。' },
};
