/** Accounts: sign-up, sign-in, verification codes, passwords and the login e-mail or phone. */
export const accountErrors = {
  account: {
    format: '账号格式不正确。',
  },
  mobile: {
    format: '手机号格式不正确。',
  },
  code: {
    format: '验证码为 6 位数字。',
    wrong: '验证码错误。',
    expired: '验证码已过期，请重新获取。',
    tooManyTries: '错误次数过多，请重新获取验证码。',
    wait: '请在 {{seconds}} 秒后再获取验证码。',
  },
  password: {
    rule: '密码须为 8-16 位，且至少包含一个字母和一个数字。',
    required: '请输入密码。',
    mismatch: '两次输入的新密码不一致。',
    oldWrong: '当前密码错误。',
  },
  register: {
    mustAgree: '请同意服务条款和反垃圾邮件政策。',
    accountTaken: '该账号已注册。',
  },
  login: {
    method: '请选择密码登录或验证码登录。',
    failed: '账号或密码错误。',
    verifyFailed: '验证失败，请重新登录。',
    changed: '登录信息已变更，请刷新页面。',
  },
};

export const accountNotices = {
  code: {
    sent: '验证码已发送。',
  },
  password: {
    changed: '密码已修改。',
  },
  login: {
    emailChanged: '登录邮箱修改成功，请重新登录。',
  },
  /** The answer to a sign-up reads the same whether or not the address has an account. */
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
};
