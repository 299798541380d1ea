/** Segments, tags and subscribers. */
export const audienceErrors = {
  segment: {
    nameRequired: '分群名称不能为空。',
    nameTooLong: '分群名称过长，限 16 个字符。',
    incomplete: '请完善条件。',
    number: '请输入有效的数字。',
    noConditions: '请至少添加一个条件。',
    systemReadonly: '系统推荐分组不能添加。',
    nameTaken: '已存在同名分群。',
  },
  tag: {
    nameTaken: '已存在同名标签。',
    required: '请选择标签。',
    notFound: '标签不存在。',
    nameRequired: '标签名称不能为空。',
    nameTooLong: '标签名称过长，限 16 个字符。',
  },
  subscriber: {
    contactRequired: '请填写邮箱或手机号。',
    emailTaken: '已存在使用该邮箱的订阅者。',
    chooseSome: '请选择订阅者或筛选条件。',
  },
};

export const audienceNotices = {
  segment: {
    /** Names of the system recommended groups, shown as segment names. */
    systemGroup: {
      active: '活跃订阅者',
      loyal: '忠实买家',
      recentBuyers: '30 天内购买',
      neverPurchased: '从未购买',
      inactive: '180 天未活跃',
    },
  },
};
