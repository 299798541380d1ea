/** The sender e-mail and sender domain: form rules, refusals, the verification mail and the page its link opens. */
export const senderErrors = {
  sender: {
    emailRequired: '请输入发件人邮箱。',
    emailFormat: '邮箱格式不正确。',
    nameRequired: '请输入发件人名称。',
    nameTooLong: '发件人名称最多 64 个字符。',
    domainMismatch: '发件人邮箱域名与主页域名（{{domain}}）不一致，请使用店铺域名下的邮箱。',
    none: '请先添加发件人邮箱。',
    resendWait: '请等待 {{seconds}} 秒后再发送验证邮件。',
    alreadyVerified: '该发件人邮箱已验证。',
    mailFailed: '验证邮件发送失败，请稍后重试。',
    notVerifiedYet: '请先验证发件人邮箱。',
  },
};

export const senderNotices = {
  sender: {
    sent: '验证邮件已发送，请查收。',
    saved: '发件人已保存。',
    domainVerified: '发件域名已验证。',
    mail: {
      subject: '验证 {{store}} 的发件人邮箱',
      intro: '请确认 {{email}} 可以为 {{store}} 发送营销邮件。',
      button: '验证发件人邮箱',
      expiry: '链接 {{hours}} 小时内有效。',
      ignore: '如果这不是您的操作，请忽略此邮件。',
    },
    page: {
      title: '发件人邮箱验证',
      verified: '发件人邮箱 {{email}} 已验证，可以关闭此页面。',
      expired: '验证链接已过期，请在发件人设置中重新发送。',
      invalid: '验证链接已失效：它已被使用过，或已被新的链接替代。',
      question: '请确认 {{email}} 可以为 {{store}} 发送营销邮件。',
      confirm: '验证发件人邮箱',
      back: '打开发件人设置',
    },
    domainNotVerified: '部分 DNS 记录缺失或不正确。DNS 修改生效可能需要一段时间，请稍后重试。',
  },
};
