export const menu = {
  dashboard: '数据看板',
  custom: '活动中心',
  automation: '智能发送',
  automationList: '流程列表',
  automationEdit: '编辑流程',
  automationReport: '流程报告',
  tags: '分群发送',
  element: '元素发送',
  elementProducts: '选择商品',
  elementMatching: '匹配人群',
  elementContent: '邮件内容',
  elementConfirm: '确认发送',
  elementReport: '元素发送报告',
  popup: '订阅弹窗',
  customPopup: '弹窗中心',
  emailList: '邮件列表',
  popupTemplate: '弹窗模板管理',
  popupContent: '弹窗内容',
  popupCondition: '展示条件',
  popupGallery: '选择模板',
};

export const header = {
  openMenu: '打开菜单',
  avatar: {
    account: '账户管理',
    store: '店铺设置',
    help: '帮助中心',
    support: '在线客服',
    switchStore: '切换店铺',
    logout: '退出登录',
  },
};
