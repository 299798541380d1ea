/**
 * Messages of the sender e-mail and sender domain: form rules, refusals, the verification mail
 * and the page its link opens.
 */
export const senderMessages = {
  en: {
    sender: {
      emailRequired: 'Please enter the sender email.',
      emailFormat: 'Email format is not correct.',
      nameRequired: 'Please enter the sender name.',
      nameTooLong: 'The sender name can be at most 64 characters.',
      domainMismatch: 'The sender email domain differs from the homepage domain ({{domain}}). Please use an address of your store domain.',
      none: 'Please add the sender email first.',
      resendWait: 'Please wait {{seconds}} s before sending another verification email.',
      alreadyVerified: 'This sender email is already verified.',
      mailFailed: 'The verification email could not be sent. Please try again later.',
      notVerifiedYet: 'Please verify the sender email first.',
      domainNotVerified: 'Some DNS records are missing or wrong. DNS changes can take a while to appear; try again later.',
      mail: {
        subject: 'Verify your sender email for {{store}}',
        intro: 'Please confirm that {{email}} may send marketing emails for {{store}}.',
        button: 'Verify sender email',
        expiry: 'The link is valid for {{hours}} hours.',
        ignore: 'If you did not ask for this, ignore this email.',
      },
      page: {
        title: 'Sender email verification',
        verified: 'The sender email {{email}} is verified. You can close this page.',
        expired: 'This verification link has expired. Please send a new one from the sender settings.',
        invalid: 'This verification link is no longer valid: it has been used already or replaced by a newer one.',
        question: 'Confirm that {{email}} may send marketing emails for {{store}}.',
        confirm: 'Verify sender email',
        back: 'Open sender settings',
      },
    },
  },
  zh: {
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
      domainNotVerified: '部分 DNS 记录缺失或不正确。DNS 修改生效可能需要一段时间，请稍后重试。',
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
    },
  },
} as const;
