/** Pop-ups, the pop-up centre and its templates. */
export const popupErrors = {
  popup: {
    nameRequired: '请输入弹窗名称。',
    nameTooLong: '名称最多 50 个字符。',
    titleRequired: '请输入标题。',
    titleTooLong: '标题最多 80 个字符。',
    bodyTooLong: '正文最多 300 个字符。',
    placeholderTooLong: '输入框提示最多 60 个字符。',
    buttonRequired: '请输入按钮文字。',
    buttonTooLong: '按钮文字最多 30 个字符。',
    consentRequired: '请输入订阅同意说明。',
    consentTooLong: '订阅同意说明最多 500 个字符。',
    successRequired: '请输入订阅成功的标题。',
    successTooLong: '订阅成功的文字最多 200 个字符。',
    imageUrl: '图片链接须以 http:// 或 https:// 开头。',
    color: '颜色须为 #RRGGBB 格式。',
    pageNameRequired: '请输入页面名称。',
    pageNameTooLong: '页面名称最多 10 个字符。',
    pageValueRequired: '请输入页面链接规则。',
    pageValueTooLong: '页面链接规则最多 300 个字符。',
    tooManyPages: '最多 20 条页面规则。',
    delaySeconds: '延迟秒数须为 1 到 3600 之间的正整数。',
    scrollPercent: '滚动距离须为小于 100 的正整数。',
    pageViews: '浏览页数须为 1 到 100 之间的正整数。',
    daysSinceOrder: '距上次下单天数须为正整数。',
    frequency: '频率须为正整数。',
    schedule: '请选择有效的日期和时间。',
    scheduleOrder: '结束时间须晚于开始时间。',
    sort: '排序值须为 0 或正整数。',
    notFound: '弹窗不存在。',
    templateNotFound: '模板不存在。',
    couponNotFound: '所选优惠券不存在，请重新选择。',
    tooMany: '弹窗中心最多 50 个弹窗。',
    internalOnly: '只有内部店铺可以管理弹窗模板。',
  },
};

export const popupNotices = {
  popup: {
    defaultName: '订阅弹窗',
    sourceName: '弹窗',
  },
};
