export const auth = {
  tagline: '面向独立站的邮件与短信营销',
  fields: {
    account: '账号（邮箱）',
    accountPlaceholder: 'name@example.com',
    password: '密码',
    passwordHint: '8-16 位，至少包含一个字母和一个数字',
    confirmPassword: '确认密码',
    mobile: '手机号',
    mobileOptional: '手机号（选填）',
    mobileHint: '填写后可使用验证码登录',
    mobilePlaceholder: '+8613800000000',
    code: '验证码',
  },
  code: {
    send: '获取验证码',
    resendIn: '{{seconds}} 秒后重新获取',
  },
  login: {
    title: '登录',
    byPassword: '密码登录',
    byCode: '验证码登录',
    submit: '登录',
    noAccount: '还没有账号？',
  },
  register: {
    title: '注册',
    agree: '我已阅读并同意《服务条款》和《反垃圾邮件政策》',
    submit: '注册',
    haveAccount: '已有账号？',
  },
};
