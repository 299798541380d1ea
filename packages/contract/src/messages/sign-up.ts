/**
 * Notices of sign-up by e-mail code and of linking a phone: the answers, and the mail and SMS
 * texts. The answer to a sign-up is the same whether or not the address has an account, so its
 * wording covers both.
 */
export const signUpMessages = {
  en: {
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
  },
  zh: {
    signUp: {
      codeSent: '我们已向 {{email}} 发送 6 位验证码，输入后即可完成注册。如果该邮箱已有账号，邮件会告诉你如何登录。',
      mail: {
        subject: '你的 Storecast 注册验证码：{{code}}',
        intro: '请使用以下验证码完成 {{email}} 的 Storecast 账号注册：',
        expiry: '验证码 {{minutes}} 分钟内有效。',
        ignore: '如果不是你在注册，请忽略这封邮件；没有验证码不会创建账号。',
      },
      notice: {
        subject: '有人尝试用你的邮箱注册 Storecast',
        intro: '有人刚刚尝试用 {{email}} 注册新的 Storecast 账号，而该邮箱已有账号。',
        ifYou: '如果是你本人，请直接用密码登录；如果账号已绑定手机，也可以用短信验证码登录。',
        ifNot: '如果不是你本人，请忽略这封邮件：你的账号没有任何变化。',
      },
      phoneSms: '你的 Storecast 绑定手机验证码为 {{code}}，{{minutes}} 分钟内有效。',
      phoneLinked: '手机号已绑定。',
    },
  },
};
