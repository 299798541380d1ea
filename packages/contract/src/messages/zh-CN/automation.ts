/** Smart Send: flows, their switches, steps, AI strategy management. SPEC section 8 wording where SPEC lists it. */
export const automationErrors = {
  automation: {
    notFound: '该流程不存在。',
    senderEmailNotVerified: '您尚未验证发件人邮箱，无法开启智能发送。',
    senderDomainNotVerified: '您尚未验证发件域名，无法开启智能发送。',
    stepKeyInvalid: '步骤标识只能包含小写字母、数字和连字符，最多 24 个字符。',
    stepKeyRepeated: '流程中有重复的步骤。',
    tooManySteps: '一个流程最多 30 个步骤。',
    tooDeep: '条件分支最多嵌套 3 层。',
    waitInvalid: '等待时长须为 1 分钟到 90 天之间的整数。',
    smsTooLong: '短信内容过长，限 670 个字符。',
    smsTextRequired: '请填写短信内容。',
    emailIncomplete: '邮件步骤“{{step}}”缺少标题或内容。',
    noSteps: '流程至少需要一个邮件或短信步骤。',
    couponNotFound: '邮件步骤“{{step}}”所选的优惠券预设不存在。',
    winBackDaysInvalid: '未下单天数须在 14 到 365 之间。',
  },
};

export const automationNotices = {
  automation: {
    enabled: '流程已开启。',
    disabled: '流程已关闭，进行中的流程不再发送。',
    published: '已发布，新进入的客户将按新版本执行；进行中的客户仍按原版本完成。',
  },
};
