/** The storefront script's public routes: sign-ups, events and the double opt-in mail and page. */
export const storefrontErrors = {
  storefront: {
    key: '店铺公钥无效。',
    unknownKey: '找不到该公钥对应的店铺。',
    origin: '此网站不能使用该店铺的弹窗。',
    visitor: '访客标识无效。',
    popupUnavailable: '该弹窗已关闭。',
    consentRequired: '请勾选同意接收营销信息。',
    contactRequired: '请输入邮箱地址或手机号。',
    emailRequired: '请输入邮箱地址。',
    phoneRequired: '请输入手机号。',
    emailInvalid: '邮箱地址格式不正确。',
    phoneInvalid: '手机号格式不正确。',
    tooMany: '请求过于频繁，请稍后再试。',
  },
};

export const storefrontNotices = {
  storefront: {
    confirmSubject: '请确认您的订阅',
    confirmBody: '点击下面的按钮确认订阅 {{store}} 的邮件。如果不是您本人操作，请忽略此邮件。',
    confirmButton: '确认订阅',
    confirmedTitle: '订阅成功',
    confirmedBody: '感谢订阅 {{store}}。',
    confirmExpired: '该确认链接无效或已过期。',
    couponLabel: '您的优惠码：{{code}}',
    pageTitle: '确认订阅',
  },
};
