/** The campaign centre (/custom): campaigns, their offers (SPEC 5) and lucky draws. */
export const campaignErrors = {
  campaign: {
    nameRequired: '请输入活动名称。',
    nameTooLong: '活动名称最多 50 个字符。',
    form: '该活动类型不支持所选形式。',
    giftMode: '请选择赠品方式。',
    offerValue: '优惠值必须是 1 到 99 之间的整数。',
    amount: '金额必须为正数，最多两位小数。',
    offerBelowOrder: '优惠金额必须低于订单金额。',
    giftPriceAbove: '赠品价格必须高于赠品指定价格。',
    thresholdsNotSet: '活动门槛未设置。',
    tooManyTiers: '最多设置 10 个门槛。',
    window: '请设置有效的活动时间：开始时间须早于结束时间。',
    color: '颜色格式必须为 #RRGGBB。',
    link: '链接必须以 http:// 或 https:// 开头。',
    couponNotFound: '所选优惠券不存在，请重新选择。',
    labelRequired: '请输入奖品名称。',
    labelTooLong: '名称最多 40 个字符。',
    probability: '中奖概率必须在 0 到 100 之间，最多两位小数。',
    probabilitySum: '所有奖品的中奖概率之和必须为 100%。',
    stock: '奖品库存必须是 0 到 1000000 之间的整数。',
    prizesCount: '抽奖需要 2 到 12 个奖品。',
    drawRequired: '请设置抽奖的奖品。',
    drawOnlyForDraws: '只有抽奖活动可以设置奖品。',
    notFound: '活动不存在。',
    modeRequired: '该活动已启用：请选择更新当前活动或另存为新活动。',
    notEditable: '已归档或已关闭的活动不能修改。',
    transition: '该活动当前状态不允许此操作。',
    tooMany: '活动数量已达上限。',
    notRunning: '该活动未在进行中。',
    identityRequired: '请输入抽奖所需的邮箱地址或手机号。',
    alreadyDrawn: '您已参加过本次抽奖。',
  },
};

export const campaignNotices = {
  campaign: {
    couponNotModified: '优惠券信息未修改：优惠券 {{code}} 仍为 {{discount}}% 折扣，与活动的 {{offer}}% 不一致。',
    noPrize: '谢谢参与',
  },
};
