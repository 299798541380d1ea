/** Segment Send strategies, sending volume, the public unsubscribe page and the outbox. */
export const sendingErrors = {
  strategy: {
    nameRequired: '请输入策略名称。',
    nameTooLong: '策略名称过长，限 60 个字符。',
    titleRequired: '请输入邮件标题。',
    titleTooLong: '邮件标题过长，限 150 个字符。',
    contentRequired: '请添加邮件内容。',
    segmentsRequired: '请至少选择一个分组。',
    sendAtRequired: '请选择发送时间。',
    sendAtInvalid: '发送时间不是有效的日期和时间。',
    sendAtTooSoon: '发送时间须至少在一小时之后。',
    noRecipients: '所选分组中没有已订阅的邮箱地址。',
    senderNotVerified: '您无法发送邮件，请先验证发件人邮箱和发件域名。',
    notFound: '策略不存在。',
    notEditable: '只有草稿或待发送的策略可以修改。',
    notTerminable: '只有待发送或发送中的策略可以终止。',
    notDeletable: '发送中的策略不能删除，请先终止。',
    renderFailed: '邮件内容无法生成。',
    sendFailed: '发送因错误而停止。',
    segmentNotFound: '所选分组不存在，请重新选择分组。',
    couponNotFound: '所选优惠券预设不存在，请重新选择。',
    noPostalAddress: '店铺尚未填写通讯地址。群发邮件规则（CAN-SPAM、Gmail、Yahoo）要求每封邮件都带有发件人的通讯地址：请先在店铺信息中填写。',
    httpLinks: '本系统的公开地址不是 https，邮件中的退订和跟踪链接将是 http，邮箱服务商会拒绝。请让 Storecast 的运维人员把 PUBLIC_URL 设为 https 地址。',
  },
  volume: {
    short: '您当前的可用发送量为 {{num}}，不足以完成本次邮件发送，请购买。',
    noPack: '没有可用的发送量套餐，无法发送邮件。',
  },
  unsubscribe: {
    invalid: '该退订链接无效。',
  },
  outbox: {
    notFound: '邮件不存在。',
  },
};

export const sendingNotices = {
  strategy: {
    saved: '已保存。',
    scheduled: '邮件已定时。',
    started: '已开始发送。',
  },
  unsubscribe: {
    title: '退订',
    question: '您确定不再通过 {{email}} 接收 {{store}} 的营销邮件吗？',
    confirm: '退订',
    done: '您已退订 {{store}}，{{email}} 将不再收到营销邮件。',
  },
};
