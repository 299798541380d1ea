/** Sending-volume packs, membership, cards, payments and invoices (SPEC sections 3, 4, 8 and 9). */
export const billingErrors = {
  billing: {
    notConfigured: '此服务器未配置支付，暂不能购买。店铺仍有免费的起步发送量，服务器运营方也可赠送发送量。',
    noCard: '请先添加信用卡。',
    cardExpired: '当前信用卡已过期，请更换信用卡。',
    declined: '银行拒绝了此次扣款，未收取任何费用。请换一张卡或联系发卡行。',
    insufficientFunds: '卡内余额不足，未收取任何费用。',
    authenticationFailed: '银行验证（3-D Secure）未完成，未收取任何费用。',
    providerUnavailable: '支付服务暂未响应。同一笔款项不会重复扣除，请稍后查看付款结果或重试。',
    providerRefused: '支付服务拒绝了此次请求，未收取任何费用。请联系客服。',
    amountMismatch: '支付服务报告的金额或币种与订单不符，未入账。请联系客服核对。',
    setupNotFinished: '卡片未保存：请先在卡片表单中完成填写。',
    offerUnknown: '该发送量套餐不在售。',
    termInvalid: '请选择 1 个月或 12 个月。',
    alreadyMember: '会员正在生效中，请改为升级。',
    cannotUpgrade: '当前会员无法升级：已过期或已是最高等级。',
    notHigher: '请选择更高的等级，或同等级更长的期限。',
    paymentNotFound: '该付款不存在。',
    invoiceGenerating: '发票正在生成中，请稍后查看。',
    invoiceNotFound: '该发票不存在。',
    // OFFERS-INVOICES: renewal switches of packs and membership.
    packNotFound: '该发送量套餐不存在。',
    starterNoRenew: '免费起步发送量不能自动续费。',
    grantNoRenew: '运营方赠送的发送量不能自动续费。',
    renewNeedsMembership: '只有生效中的付费会员才能设置自动续费。',
  },
  membership: {
    /** A gated feature below its level (billing/membership-features.ts). */
    required1: '此功能需要入门版（等级 1）或更高会员，请在会员页升级。',
    required2: '此功能需要基础版（等级 2）或更高会员，请在会员页升级。',
    required3: '此功能需要专业版（等级 3）会员，请在会员页升级。',
  },
  /** The operator's calls (routes/operator.ts). */
  operator: {
    invalid: '运营方令牌无效。',
    disabled: '此服务器未设置运营方令牌（OPERATOR_TOKEN）。',
    storeRequired: '请填写店铺 ID 或店主的登录邮箱。',
    storeNotFound: '找不到该店铺。',
    storeAmbiguous: '该店主有多个店铺，请改用店铺 ID：{{ids}}',
    quantity: '发送量须为 1 到 10,000,000 之间的整数。',
    days: '有效天数须为 1 到 3650 之间的整数。',
  },
};

export const billingNotices = {
  billing: {
    paid: '付款成功。',
    processing: '付款处理中，完成后会自动到账。',
    cardSaved: '信用卡已保存。',
    renewOn: '已开启自动续费。',
    renewOff: '已关闭自动续费。',
    /** Names of packs and terms on invoices and in the ledger. */
    packName: '{{quantity}} 封邮件发送量',
    starterPackName: '免费起步发送量',
    grantPackName: '运营方赠送：{{quantity}} 封',
    membershipName: '{{level}}会员 {{term}}',
    upgradeName: '升级至{{level}}会员 {{term}}',
    terms: { one: '1 个月', other: '{{months}} 个月' },
    levels: { 0: '免费版', 1: '入门版', 2: '基础版', 3: '专业版' },
    // OFFERS-INVOICES: the ledger's names, the membership-ended mail and the invoice PDF.
    packInvoiceLine: '{{quantity}} 封邮件发送量，有效期 {{days}} 天',
    expiryMail: {
      subject: '店铺「{{shop}}」的会员已到期',
      body: '店铺「{{shop}}」的{{level}}会员已于 {{date}}（UTC）到期，会员功能已停用，已购买的发送量不受影响。',
      action: '如需继续使用会员功能，请在会员页面重新购买：{{url}}',
    },
    invoicePdf: {
      title: '发票',
      number: '发票编号',
      issued: '开票日期',
      seller: '开票方',
      billedTo: '购买方',
      homepage: '店铺网址',
      currency: '币种',
      item: '项目',
      amount: '金额',
      total: '合计',
      paidBy: '付款方式',
      paidByCard: '{{brand}} 尾号 {{last4}}',
      support: '联系我们',
    },
    /** System mails to the store owner (renewals, the saved card). */
    mail: {
      renewFailedSubject: '自动续费未成功：{{item}}',
      renewFailedBody: '店铺「{{shop}}」的「{{item}}」自动续费扣款（{{amount}}）未成功：{{reason}}',
      renewRetry: '我们会在一天后再试一次（第 {{attempt}} 次，共 {{max}} 次）。请在账单页面更换或检查信用卡。',
      renewGaveUp: '已尝试 {{max}} 次，不再自动续费。请在账单页面手动购买。',
      cardExpiringSubject: '店铺的信用卡即将过期',
      cardExpiringBody: '店铺「{{shop}}」保存的 {{brand}} 信用卡（尾号 {{last4}}）将于 {{month}}/{{year}} 月底过期。请在账单页面更换信用卡，以免自动续费失败。',
    },
  },
};
