export const common = {
  actions: '操作',
  backToDashboard: '返回数据看板',
  cancel: '取消',
  close: '关闭',
  /** The eight date ranges of the dashboard and the campaign report (SPEC section 1). */
  ranges: {
    today: '今天',
    yesterday: '昨天',
    this_week: '本周',
    last_7_days: '最近 7 天',
    last_week: '上周',
    this_month: '本月',
    last_30_days: '最近 30 天',
    last_month: '上月',
  },
  edit: '编辑',
  noImage: '无图片',
  save: '保存',
  refresh: '刷新',
  on: '开启',
  off: '关闭',
  language: { label: '语言', zhCN: '简体中文', enUS: 'English' },
  notFound: { title: '页面不存在', text: '你访问的页面不存在。' },
  pageError: {
    loadTitle: '页面未能加载',
    loadText: 'Storecast 的部分内容未能下载，可能是网络问题或刚发布了新版本。请重试。',
    title: '页面出错了',
    text: '请重试；如果仍然出错，请返回仪表盘。',
    retry: '重试',
  },
};

export const access = {
  loginPrompt: '登录提示',
};

export const sunset = {
  banner: '旧版本将于 {{date}} 停止服务，请前往<link>新版本</link>。',
};
