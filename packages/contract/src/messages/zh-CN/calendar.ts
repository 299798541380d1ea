/** The marketing calendar, the activity log and the order export (SPEC sections 1, 5 and 7). */
export const calendarErrors = {
  calendar: {
    dayFormat: '请选择有效的日期。',
    monthFormat: '请选择有效的月份。',
    holidayRequired: '请输入节日。',
    fieldTooLong: '最多 50 个字符。',
    remarksTooLong: '备注最多 100 个字符。',
    dateOrder: '结束日期不能早于开始日期。',
    notFound: '该营销计划不存在。',
  },
};

export const calendarNotices = {
  calendar: {
    /** The name of the draft Segment Send a plan starts. */
    sendName: '{{holiday}} · {{purpose}}',
    saved: '营销计划已保存。',
    deleted: '营销计划已删除。',
    /** The activity log's tab under /store (the section's tabs are drawn before lazy strings load). */
    sendCreated: '已创建分群发送草稿。',
  },
  /** Values of the order export's columns. */
  orderExport: {
    yes: '是', no: '否',
    flows: {
      welcome: '欢迎新订阅者', abandonedCart: '弃购挽回',
      browseAbandonment: '浏览挽回', abandonedCheckout: '弃单挽回', postPurchase: '购后关怀', winBack: '老客召回', birthday: '生日祝福',
    },
  },
  /** Labels of the activity log's actions, one per write route (`activityActionKey`). */
  activity: {
    shop: {
      saveInfo: '修改店铺信息', saveEmailStyle: '修改邮件样式', uploadLogo: '上传 Logo', presetsInfo: '保存预设信息',
      presetsDelete: '删除预设信息', saveSalesAttribution: '修改销售归因', saveGuide: '更新引导进度',
      apiToken: { create: '创建 API 令牌', revoke: '撤销 API 令牌' },
    },
    subscriber: { save: '保存订阅者', bulk: '批量操作订阅者' },
    tag: { save: '保存标签', delete: '删除标签' },
    segment: { save: '保存分群', delete: '删除分群' },
    import: { upload: '上传导入文件', start: '开始导入' },
    export: { start: '导出邮件列表' },
    strategy: { save: '保存分群发送', terminate: '终止发送', delete: '删除分群发送', saveAsTemplate: '另存为模板' },
    material: { uploadImage: '上传图片', saveTitle: '修改素材名称', saveTemplate: '保存模板', delete: '删除素材' },
    sender: { add: '添加发件人', edit: '修改发件人', verifyEmail: '验证发件邮箱', verifyDomain: '验证发件域名', completeVerifyDomain: '完成域名验证' },
    popup: { save: '保存弹窗' },
    customPopup: { save: '保存自定义弹窗', switch: '开关自定义弹窗', delete: '删除自定义弹窗' },
    popupTemplate: { save: '保存弹窗模板', status: '修改弹窗模板状态' },
    automation: { saveFlow: '保存自动化流程', publishFlow: '发布自动化流程', switchFlow: '开关自动化流程', saveSettings: '修改自动化设置' },
    element: { match: '元素发送匹配商品', retry: '重试元素匹配', change: '更换元素发送商品' },
    calendar: { save: '保存营销计划', delete: '删除营销计划', startSend: '从营销计划创建分群发送' },
    sendPackage: { purchase: '购买发送量套餐', changeRenew: '修改套餐自动续费', setPaymentMethod: '保存信用卡' },
    vipService: { purchase: '购买会员', upgrade: '升级会员', changeRenew: '修改会员自动续费' },
    access: { invite: '邀请管理员', cancelInvite: '撤回邀请', revoke: '撤销管理员', transfer: '转让店铺' },
    order: { export: { start: '导出订单' } },
    product: { block: '屏蔽商品', unblock: '取消屏蔽商品' },
    campaign: { linkCreate: '生成活动链接', linkDelete: '删除活动链接' },
  },
};
